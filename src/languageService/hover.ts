import type { Hover, Position } from 'vscode-languageserver-types';
import type { Analysis } from '../core/analysis';
import type { IconCatalog } from '../core/icons/index';
import { shortenLabel } from '../core/labelLimit';
import { lookupWord, tokenize } from '../core/language/index';
import type { DiagramModel, ElementDecl, Locale } from '../core/model';
import { iconMarkdown } from './iconPicture';
import type { L10n } from './l10n';
import { elementById, occurrenceAt } from './occurrences';
import { toLspRange } from './ranges';

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

/** Markdown describing an element: its kind/shape, label and connections (labels shortened as drawn). */
export function describeElement(model: DiagramModel, element: ElementDecl, l10n: L10n): string {
  const kind = element.kind === 'group' ? l10n.t('group') : element.shape;
  let md = `**${escapeMd(element.id)}** — ${escapeMd(kind)}`;
  if (element.label && element.label !== element.id) md += ` “${escapeMd(shortenLabel(element.label).replace(/\n/g, ' '))}”`;
  if (element.kind === 'node' && element.implicit) md += `\n\n${escapeMd(l10n.t('Not declared: drawn as a rectangle.'))}`;
  if (element.icon) md += `\n\n${escapeMd(l10n.t('Icon'))}: \`${element.icon}\``;
  if (element.kind === 'group' && element.children.length) md += `\n\n${escapeMd(l10n.t('Contains'))}: ${element.children.map((c) => `\`${c}\``).join(', ')}`;
  const out = model.connections.filter((c) => c.source === element.id);
  const inc = model.connections.filter((c) => c.target === element.id);
  const fmt = (arrow: string, other: string, label?: string) => `- ${arrow} \`${other}\`${label ? ` “${escapeMd(shortenLabel(label))}”` : ''}`;
  if (out.length || inc.length) {
    md += `\n\n${escapeMd(l10n.t('Connections'))}:\n`;
    for (const c of out) md += `${fmt('→', c.target, c.label)}\n`;
    for (const c of inc) md += `${fmt('←', c.source, c.label)}\n`;
  }
  return md;
}

export interface HoverRequest {
  line: string;
  position: Position;
  analysis: () => Analysis;
  locale: Locale;
  l10n: L10n;
  catalog: () => Promise<IconCatalog | undefined>;
  iconColor: string;
}

/** Hover: an id describes its element; an icon id shows its picture; a keyword explains itself. Null elsewhere. */
export async function hoverAt(req: HoverRequest): Promise<Hover | null> {
  const { model } = req.analysis();
  const occurrence = occurrenceAt(model, req.position);
  if (occurrence) {
    const element = elementById(model, occurrence.id);
    if (element) return { contents: { kind: 'markdown', value: describeElement(model, element, req.l10n) }, range: toLspRange(occurrence.range) };
  }
  const character = req.position.character;
  const token = tokenize(req.line).find((t) => t.kind === 'word' && t.range.column - 1 <= character && character < t.range.endColumn - 1);
  if (!token) return null;
  const range = { start: { line: req.position.line, character: token.range.column - 1 }, end: { line: req.position.line, character: token.range.endColumn - 1 } };
  if (token.text.includes(':')) {
    const catalog = await req.catalog();
    if (!catalog?.has(token.text)) return null;
    const data = (await catalog.load([token.text]))[token.text];
    if (!data) return null;
    const set = catalog.sets().find((s) => token.text.startsWith(`${s.prefix}:`))?.name;
    return { contents: { kind: 'markdown', value: iconMarkdown(token.text, data, req.iconColor, set) }, range };
  }
  const matches = lookupWord(token.text);
  if (matches.length === 0) return null;
  const value = matches
    .map((m) => m.entry.description[req.locale])
    .filter((d, i, all) => all.indexOf(d) === i)
    .join('\n\n');
  return { contents: { kind: 'markdown', value }, range };
}
