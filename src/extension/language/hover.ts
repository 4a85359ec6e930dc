import * as vscode from 'vscode';
import type { DiagramModel, ElementDecl } from '../../core/model';
import { shortenLabel } from '../../core/labelLimit';
import { lookupWord, tokenize } from '../../core/language/index';
import type { DiagramService } from '../documents/diagramService';
import { displayLocale } from '../locale';
import { toVsRange } from '../util/ranges';
import { iconMarkdown } from './iconPicture';
import { elementById, occurrenceAt } from './occurrences';

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

/** A short description of an element: its kind/shape, label and connections (labels shortened as drawn). */
export function describeElement(model: DiagramModel, element: ElementDecl): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  const kind = element.kind === 'group' ? vscode.l10n.t('group') : element.shape;
  md.appendMarkdown(`**${escapeMd(element.id)}** — ${escapeMd(kind)}`);
  if (element.label && element.label !== element.id) md.appendMarkdown(` “${escapeMd(shortenLabel(element.label).replace(/\n/g, ' '))}”`);
  if (element.kind === 'node' && element.implicit) md.appendMarkdown(`\n\n${escapeMd(vscode.l10n.t('Not declared: drawn as a rectangle.'))}`);
  if (element.icon) md.appendMarkdown(`\n\n${escapeMd(vscode.l10n.t('Icon'))}: \`${element.icon}\``);
  if (element.kind === 'group' && element.children.length) {
    md.appendMarkdown(`\n\n${escapeMd(vscode.l10n.t('Contains'))}: ${element.children.map((c) => `\`${c}\``).join(', ')}`);
  }
  const out = model.connections.filter((c) => c.source === element.id);
  const inc = model.connections.filter((c) => c.target === element.id);
  const fmt = (arrow: string, other: string, label?: string) => `- ${arrow} \`${other}\`${label ? ` “${escapeMd(shortenLabel(label))}”` : ''}`;
  if (out.length || inc.length) {
    md.appendMarkdown(`\n\n${escapeMd(vscode.l10n.t('Connections'))}:\n`);
    for (const c of out) md.appendMarkdown(`${fmt('→', c.target, c.label)}\n`);
    for (const c of inc) md.appendMarkdown(`${fmt('←', c.source, c.label)}\n`);
  }
  return md;
}

/** Hover: an icon id shows its picture; an id describes its element; a keyword explains itself. */
export class DiagramHoverProvider implements vscode.HoverProvider {
  constructor(private readonly service: DiagramService) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const { model } = this.service.analyze(document);
    const occurrence = occurrenceAt(model, position);
    if (occurrence) {
      const element = elementById(model, occurrence.id);
      if (element) return new vscode.Hover(describeElement(model, element), toVsRange(occurrence.range));
    }
    const token = tokenize(document.lineAt(position.line).text).find(
      (t) => t.kind === 'word' && t.range.column - 1 <= position.character && position.character < t.range.endColumn - 1,
    );
    if (!token) return undefined;
    const range = new vscode.Range(position.line, token.range.column - 1, position.line, token.range.endColumn - 1);
    if (token.text.includes(':')) {
      const catalog = await this.service.catalog();
      if (!catalog?.has(token.text)) return undefined;
      const data = (await catalog.load([token.text]))[token.text];
      if (!data) return undefined;
      const set = catalog.sets().find((s) => token.text.startsWith(`${s.prefix}:`))?.name;
      return new vscode.Hover(iconMarkdown(token.text, data, set), range);
    }
    const matches = lookupWord(token.text);
    if (matches.length === 0) return undefined;
    const locale = displayLocale();
    const md = new vscode.MarkdownString();
    md.appendMarkdown(matches.map((m) => m.entry.description[locale]).filter((d, i, all) => all.indexOf(d) === i).join('\n\n'));
    return new vscode.Hover(md, range);
  }
}
