import * as vscode from 'vscode';
import type { Locale } from '../../core/model';
import {
  ANIMATIONS,
  CSS_COLOR_NAMES,
  DIRECTIONS,
  LINE_STYLES,
  SIZES,
  SPEEDS,
  STATEMENT_KEYWORDS,
  THEMES,
  ATTRIBUTES,
  type VocabularyEntry,
} from '../../core/language/index';
import type { DiagramService } from '../documents/diagramService';
import { displayLocale } from '../locale';
import { completionQuery, GROUP_ENTRY, SHAPE_ENTRIES, type CompletionSite } from './completionContext';
import { iconMarkdown } from './iconPicture';

const ICON_RESULTS = 60;

type Family = 'pt' | 'en';

function plain(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Which keyword family the document writes in, so that its spellings come first: the
 * family of the first keyword found, else the display language's.
 */
export function documentFamily(text: string, locale: Locale): Family {
  const pt = /^(diagrama|dire[cç][aã]o|tema|grupo|ret[aâ]ngulo|arredondado|c[ií]rculo|losango|cilindro|banco|nuvem|hex[aá]gono|pessoa|documento|fila|nota|texto|[ií]cone)$/iu;
  const en = /^(diagram|direction|theme|group|rectangle|rect|rounded|circle|diamond|cylinder|database|cloud|hexagon|person|actor|document|queue|note|text|icon)$/i;
  for (const line of text.split(/\r?\n/, 200)) {
    const w = /^\s*(?:[\p{L}_][\p{L}\p{M}\p{Nd}_]*\s*=\s*)?([\p{L}\p{M}]+)/u.exec(line)?.[1];
    if (!w) continue;
    if (pt.test(w) && !en.test(w)) return 'pt';
    if (en.test(w) && !pt.test(w)) return 'en';
  }
  return locale === 'pt-BR' ? 'pt' : 'en';
}

interface IconItem extends vscode.CompletionItem {
  iconId?: string;
}

/**
 * Completion for `.diagram` documents: statement keywords, shapes and the group keyword
 * (both languages, the document's own first), attribute names fitting the statement,
 * attribute values (enumerations, colour names, icon ids), ids where a connection expects
 * one, and icon ids ranked by the core's fuzzy icon search, each with a picture of the
 * icon in its documentation (resolved lazily).
 */
export class DiagramCompletionProvider implements vscode.CompletionItemProvider<IconItem> {
  static readonly triggerCharacters = ['=', ':', ' ', '>', ','];

  constructor(private readonly service: DiagramService) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    _token: vscode.CancellationToken,
    context: vscode.CompletionContext,
  ): Promise<vscode.CompletionList<IconItem>> {
    const line = document.lineAt(position.line).text;
    const q = completionQuery(line, position.character);
    // A space opens the list only where something must follow (a shape, a direction, an
    // id); attribute names are optional, so they wait for Ctrl+Space or the first letter.
    if (context.triggerCharacter === ' ' && (q.site.kind === 'attributeName' || q.site.kind === 'statement')) {
      return new vscode.CompletionList([], false);
    }
    const range = new vscode.Range(position.line, q.start, position.line, position.character);
    const locale = displayLocale();
    const family = documentFamily(document.getText(), locale);
    const items = await this.#items(q.site, q.prefix, document, range, locale, family);
    return new vscode.CompletionList(items, q.site.kind === 'iconNode' || (q.site.kind === 'attributeValue' && q.site.attribute.valueKind === 'icon'));
  }

  async resolveCompletionItem(item: IconItem): Promise<IconItem> {
    if (!item.iconId) return item;
    const catalog = await this.service.catalog();
    const data = catalog ? (await catalog.load([item.iconId]))[item.iconId] : undefined;
    if (data) item.documentation = iconMarkdown(item.iconId, data, catalog?.sets().find((s) => item.iconId!.startsWith(`${s.prefix}:`))?.name);
    return item;
  }

  async #items(site: CompletionSite, prefix: string, document: vscode.TextDocument, range: vscode.Range, locale: Locale, family: Family): Promise<IconItem[]> {
    switch (site.kind) {
      case 'none':
        return [];
      case 'statement': {
        const keywords = keywordItems(
          STATEMENT_KEYWORDS.filter((e) => e.value !== 'group'),
          vscode.CompletionItemKind.Keyword,
          range,
          locale,
          family,
          (spelling, entry) => (entry.value === 'title' ? new vscode.SnippetString(`${spelling} "\${1}"`) : `${spelling} `),
        );
        return [...keywords, ...this.#ids(document, range, '1')];
      }
      case 'shape': {
        const shapes = keywordItems(SHAPE_ENTRIES, vscode.CompletionItemKind.TypeParameter, range, locale, family, (s, e) =>
          e.value === 'icon' ? `${s} ` : new vscode.SnippetString(`${s} "\${1}"`),
        );
        const groups = keywordItems([GROUP_ENTRY], vscode.CompletionItemKind.Module, range, locale, family, (s) => new vscode.SnippetString(`${s} "\${1}" {\n\t$0\n}`));
        // After `icon ` comes the icon id: open the icon list straight away.
        for (const i of shapes) if (typeof i.insertText === 'string') retrigger(i, i.insertText);
        return [...groups, ...shapes];
      }
      case 'iconNode':
        return this.#icons(prefix, range);
      case 'direction':
        return keywordItems(DIRECTIONS, vscode.CompletionItemKind.EnumMember, range, locale, family);
      case 'theme':
        return keywordItems(THEMES, vscode.CompletionItemKind.EnumMember, range, locale, family);
      case 'id':
        return this.#ids(document, range, '0');
      case 'attributeName': {
        const attrs = ATTRIBUTES.filter((a) => a.appliesTo.includes(site.context));
        const items = keywordItems(attrs, vscode.CompletionItemKind.Property, range, locale, family, (s) => `${s}=`);
        for (const i of items) retrigger(i, i.insertText);
        return items;
      }
      case 'attributeValue': {
        const a = site.attribute;
        switch (a.valueKind) {
          case 'icon':
            return this.#icons(prefix, range);
          case 'size':
            return keywordItems(SIZES, vscode.CompletionItemKind.EnumMember, range, locale, family);
          case 'anim':
            return keywordItems(ANIMATIONS, vscode.CompletionItemKind.EnumMember, range, locale, family);
          case 'style':
            return keywordItems(LINE_STYLES, vscode.CompletionItemKind.EnumMember, range, locale, family);
          case 'speed':
            return keywordItems(SPEEDS, vscode.CompletionItemKind.EnumMember, range, locale, family);
          case 'color':
            return CSS_COLOR_NAMES.map((name, i) => {
              const item: IconItem = new vscode.CompletionItem(name, vscode.CompletionItemKind.Color);
              item.range = range;
              item.documentation = name;
              item.sortText = String(i).padStart(4, '0');
              return item;
            });
          case 'string':
          case 'link': {
            const item: IconItem = new vscode.CompletionItem('""', vscode.CompletionItemKind.Value);
            item.insertText = new vscode.SnippetString(a.valueKind === 'link' ? '"https://$1"' : '"$1"');
            item.range = range;
            return [item];
          }
        }
      }
    }
  }

  #ids(document: vscode.TextDocument, range: vscode.Range, sortGroup: string): IconItem[] {
    const { model } = this.service.analyze(document);
    return model.elements
      .filter((e) => !(e.kind === 'node' && e.implicit))
      .map((e) => {
        const item: IconItem = new vscode.CompletionItem(
          { label: e.id, description: e.label !== e.id ? e.label.replace(/\n/g, ' ') : undefined },
          e.kind === 'group' ? vscode.CompletionItemKind.Module : vscode.CompletionItemKind.Variable,
        );
        item.detail = e.kind === 'group' ? vscode.l10n.t('group') : e.shape;
        item.range = range;
        item.sortText = `${sortGroup}${e.id}`;
        return item;
      });
  }

  async #icons(prefix: string, range: vscode.Range): Promise<IconItem[]> {
    const catalog = await this.service.catalog();
    if (!catalog) return [];
    if (prefix === '') {
      return catalog.sets().map((s, i) => {
        const item: IconItem = new vscode.CompletionItem({ label: `${s.prefix}:`, description: s.name }, vscode.CompletionItemKind.Folder);
        item.detail = vscode.l10n.t('{0} icons, {1} names', s.icons.toLocaleString(vscode.env.language), s.names.toLocaleString(vscode.env.language));
        item.range = range;
        item.sortText = String(i).padStart(3, '0');
        retrigger(item, `${s.prefix}:`);
        return item;
      });
    }
    return catalog.search(prefix, { limit: ICON_RESULTS }).map((m, i) => {
      const item: IconItem = new vscode.CompletionItem({ label: m.id, description: m.set }, vscode.CompletionItemKind.Constant);
      item.iconId = m.id;
      item.range = range;
      // The catalog already ranked them (fuzzy, typo-tolerant): keep its order and let every
      // result through VS Code's own filter, which would drop typo matches.
      item.filterText = `${prefix} ${m.id}`;
      item.sortText = String(i).padStart(3, '0');
      return item;
    });
  }
}

function retrigger(item: vscode.CompletionItem, insertText: string | vscode.SnippetString | undefined): void {
  item.insertText = insertText;
  item.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
}

/**
 * One item per preferred spelling of each entry (Portuguese accented and English), the
 * document's family first. Accent-free filter text lets `retan` find `retângulo`.
 */
function keywordItems(
  entries: readonly VocabularyEntry[],
  kind: vscode.CompletionItemKind,
  range: vscode.Range,
  locale: Locale,
  family: Family,
  insert: (spelling: string, entry: VocabularyEntry) => string | vscode.SnippetString = (s) => s,
): IconItem[] {
  const out: IconItem[] = [];
  entries.forEach((entry, index) => {
    const spellings: [string, Family][] = [
      ...entry.pt.map((s): [string, Family] => [s, 'pt']),
      ...entry.en.filter((s) => !entry.pt.includes(s)).map((s): [string, Family] => [s, 'en']),
    ];
    for (const [spelling, fam] of spellings) {
      const item: IconItem = new vscode.CompletionItem({ label: spelling, description: fam === 'pt' ? 'pt' : 'en' }, kind);
      item.detail = entry.description[locale];
      item.documentation = new vscode.MarkdownString(entry.description[locale]);
      item.filterText = plain(spelling);
      item.range = range;
      item.insertText = insert(spelling, entry);
      item.sortText = `${fam === family ? 0 : 1}${String(index).padStart(3, '0')}${spelling}`;
      out.push(item);
    }
  });
  return out;
}
