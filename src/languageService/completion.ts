import type { CompletionItem, CompletionList, Position, Range } from 'vscode-languageserver-types';
import { CompletionItemKind, InsertTextFormat } from './lspConstants';
import type { Analysis } from '../core/analysis';
import type { IconCatalog } from '../core/icons/index';
import type { Locale } from '../core/model';
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
} from '../core/language/index';
import { completionQuery, GROUP_ENTRY, SHAPE_ENTRIES, type CompletionSite } from './completionContext';
import type { L10n } from './l10n';

const ICON_RESULTS = 60;

/** The command VS Code runs after an item that expects more (a shape, `key=`, an icon set): open the list again. */
export const RETRIGGER_COMMAND = 'editor.action.triggerSuggest';

/** What an icon item carries until it is resolved (`completionItem/resolve` adds its picture). */
export interface IconItemData {
  iconId: string;
}

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

export interface CompletionRequest {
  /** The text of the cursor's line. */
  line: string;
  position: Position;
  /** The whole text (for the keyword family the document writes in). */
  text: string;
  /** The parse of the text (ids where a connection expects one). */
  analysis: () => Analysis;
  /** The character that opened the list, if typing one did. */
  triggerCharacter?: string;
  locale: Locale;
  l10n: L10n;
  catalog: () => Promise<IconCatalog | undefined>;
}

/**
 * Completion at a position: statement keywords, shapes and the group keyword (both
 * languages, the document's own first), attribute names fitting the statement, attribute
 * values (enumerations, colour names, icon ids), ids where a connection expects one, and
 * icon ids ranked by the core's fuzzy icon search (their pictures come on resolve). Items
 * replace the partial word before the cursor (`textEdit`); the list is incomplete where
 * icon ids are offered, so clients ask again as the user types.
 */
export async function completeAt(req: CompletionRequest): Promise<CompletionList> {
  const q = completionQuery(req.line, req.position.character);
  // A space opens the list only where something must follow (a shape, a direction, an
  // id); attribute names are optional, so they wait for an explicit request or the first letter.
  if (req.triggerCharacter === ' ' && (q.site.kind === 'attributeName' || q.site.kind === 'statement')) return { isIncomplete: false, items: [] };
  const range: Range = { start: { line: req.position.line, character: q.start }, end: req.position };
  const family = documentFamily(req.text, req.locale);
  const items = await siteItems(q.site, q.prefix, range, req, family);
  return { isIncomplete: q.site.kind === 'iconNode' || (q.site.kind === 'attributeValue' && q.site.attribute.valueKind === 'icon'), items };
}

async function siteItems(site: CompletionSite, prefix: string, range: Range, req: CompletionRequest, family: Family): Promise<CompletionItem[]> {
  const keywords = (entries: readonly VocabularyEntry[], kind: CompletionItemKind, insert?: Insert) => keywordItems(entries, kind, range, req.locale, family, insert);
  switch (site.kind) {
    case 'none':
      return [];
    case 'statement': {
      const items = keywords(
        STATEMENT_KEYWORDS.filter((e) => e.value !== 'group'),
        CompletionItemKind.Keyword,
        (spelling, entry) => (entry.value === 'title' ? snippet(`${spelling} "\${1}"`) : `${spelling} `),
      );
      return [...items, ...idItems(req.analysis(), range, '1', req.l10n)];
    }
    case 'shape': {
      const shapes = keywords(SHAPE_ENTRIES, CompletionItemKind.TypeParameter, (s, e) => (e.value === 'icon' ? `${s} ` : snippet(`${s} "\${1}"`)));
      const groups = keywords([GROUP_ENTRY], CompletionItemKind.Module, (s) => snippet(`${s} "\${1}" {\n\t$0\n}`));
      // After `icon ` comes the icon id: open the icon list straight away.
      for (const i of shapes) if (i.insertTextFormat !== InsertTextFormat.Snippet) retrigger(i);
      return [...groups, ...shapes];
    }
    case 'iconNode':
      return iconItems(prefix, range, req);
    case 'direction':
      return keywords(DIRECTIONS, CompletionItemKind.EnumMember);
    case 'theme':
      return keywords(THEMES, CompletionItemKind.EnumMember);
    case 'id':
      return idItems(req.analysis(), range, '0', req.l10n);
    case 'attributeName': {
      const items = keywords(
        ATTRIBUTES.filter((a) => a.appliesTo.includes(site.context)),
        CompletionItemKind.Property,
        (s) => `${s}=`,
      );
      for (const i of items) retrigger(i);
      return items;
    }
    case 'attributeValue': {
      const a = site.attribute;
      switch (a.valueKind) {
        case 'icon':
          return iconItems(prefix, range, req);
        case 'size':
          return keywords(SIZES, CompletionItemKind.EnumMember);
        case 'anim':
          return keywords(ANIMATIONS, CompletionItemKind.EnumMember);
        case 'style':
          return keywords(LINE_STYLES, CompletionItemKind.EnumMember);
        case 'speed':
          return keywords(SPEEDS, CompletionItemKind.EnumMember);
        case 'color':
          return CSS_COLOR_NAMES.map((name, i) => ({
            label: name,
            kind: CompletionItemKind.Color,
            documentation: name,
            sortText: String(i).padStart(4, '0'),
            textEdit: { range, newText: name },
          }));
        case 'string':
        case 'link':
          return [
            {
              label: '""',
              kind: CompletionItemKind.Value,
              insertTextFormat: InsertTextFormat.Snippet,
              textEdit: { range, newText: a.valueKind === 'link' ? '"https://$1"' : '"$1"' },
            },
          ];
      }
    }
  }
}

function idItems(analysis: Analysis, range: Range, sortGroup: string, l10n: L10n): CompletionItem[] {
  return analysis.model.elements
    .filter((e) => !(e.kind === 'node' && e.implicit))
    .map((e) => ({
      label: e.id,
      ...(e.label !== e.id ? { labelDetails: { description: e.label.replace(/\n/g, ' ') } } : {}),
      kind: e.kind === 'group' ? CompletionItemKind.Module : CompletionItemKind.Variable,
      detail: e.kind === 'group' ? l10n.t('group') : e.shape,
      sortText: `${sortGroup}${e.id}`,
      textEdit: { range, newText: e.id },
    }));
}

async function iconItems(prefix: string, range: Range, req: CompletionRequest): Promise<CompletionItem[]> {
  const catalog = await req.catalog();
  if (!catalog) return [];
  const lang = req.locale === 'pt-BR' ? 'pt-BR' : 'en';
  if (prefix === '') {
    return catalog.sets().map((s, i) =>
      retrigger({
        label: `${s.prefix}:`,
        labelDetails: { description: s.name },
        kind: CompletionItemKind.Folder,
        detail: req.l10n.t('{0} icons, {1} names', s.icons.toLocaleString(lang), s.names.toLocaleString(lang)),
        sortText: String(i).padStart(3, '0'),
        textEdit: { range, newText: `${s.prefix}:` },
      }),
    );
  }
  return catalog.search(prefix, { limit: ICON_RESULTS }).map((m, i) => ({
    label: m.id,
    labelDetails: { description: m.set },
    kind: CompletionItemKind.Constant,
    data: { iconId: m.id } satisfies IconItemData,
    // The catalog already ranked them (fuzzy, typo-tolerant): keep its order and let every
    // result through the client's own filter, which would drop typo matches.
    filterText: `${prefix} ${m.id}`,
    sortText: String(i).padStart(3, '0'),
    textEdit: { range, newText: m.id },
  }));
}

interface Snippet {
  snippet: string;
}
type Insert = (spelling: string, entry: VocabularyEntry) => string | Snippet;
const snippet = (text: string): Snippet => ({ snippet: text });

function retrigger(item: CompletionItem): CompletionItem {
  item.command = { command: RETRIGGER_COMMAND, title: 'Suggest' };
  return item;
}

/**
 * One item per preferred spelling of each entry (Portuguese accented and English), the
 * document's family first. Accent-free filter text lets `retan` find `retângulo`.
 */
function keywordItems(
  entries: readonly VocabularyEntry[],
  kind: CompletionItemKind,
  range: Range,
  locale: Locale,
  family: Family,
  insert: Insert = (s) => s,
): CompletionItem[] {
  const out: CompletionItem[] = [];
  entries.forEach((entry, index) => {
    const spellings: [string, Family][] = [
      ...entry.pt.map((s): [string, Family] => [s, 'pt']),
      ...entry.en.filter((s) => !entry.pt.includes(s)).map((s): [string, Family] => [s, 'en']),
    ];
    for (const [spelling, fam] of spellings) {
      const inserted = insert(spelling, entry);
      out.push({
        label: spelling,
        labelDetails: { description: fam },
        kind,
        detail: entry.description[locale],
        documentation: { kind: 'markdown', value: entry.description[locale] },
        filterText: plain(spelling),
        sortText: `${fam === family ? 0 : 1}${String(index).padStart(3, '0')}${spelling}`,
        ...(typeof inserted === 'string'
          ? { textEdit: { range, newText: inserted } }
          : { textEdit: { range, newText: inserted.snippet }, insertTextFormat: InsertTextFormat.Snippet }),
      });
    }
  });
  return out;
}
