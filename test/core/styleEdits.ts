import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatDiagram, parseDiagram } from '../../src/core/language';
import type { DiagramModel } from '../../src/core/model';

const examplesDir = resolve(__dirname, '..', '..', 'examples');

/** Every `examples/*.diagram`, by file name. */
export function exampleTexts(): { name: string; text: string }[] {
  return readdirSync(examplesDir)
    .filter((f) => f.endsWith('.diagram'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(examplesDir, name), 'utf8') }));
}

/** An edit of a diagram's text: a name for messages and the edited text. */
export interface TextEdit {
  name: string;
  edit(text: string, model: DiagramModel): string;
}

/** Appends `suffix` to the given 1-based lines (before a group's `{` on its first line). */
function appendToLines(text: string, lines: Iterable<number>, suffix: string): string {
  const out = text.split('\n');
  for (const n of new Set(lines)) {
    const line = out[n - 1];
    if (line === undefined) continue;
    const brace = line.lastIndexOf('{');
    out[n - 1] = brace >= 0 && line.trimEnd().endsWith('{') ? `${line.slice(0, brace).trimEnd()}${suffix} {` : `${line.trimEnd()}${suffix}`;
  }
  return out.join('\n');
}

/** First lines of single-line node declarations, of group declarations, and of connection statements. */
const nodeLines = (m: DiagramModel) => m.elements.filter((e) => e.kind === 'node' && !e.implicit && e.range.line === e.range.endLine).map((e) => e.range.line);
const groupLines = (m: DiagramModel) => m.elements.filter((e) => e.kind === 'group').map((e) => e.range.line);
const connectionLines = (m: DiagramModel) => m.connections.filter((c) => c.range.line === c.range.endLine).map((c) => c.range.line);

/** Edits that change how a diagram looks but cannot change where anything is. */
export const STYLE_EDITS: TextEdit[] = [
  { name: 'node and group colours', edit: (t, m) => appendToLines(t, [...nodeLines(m), ...groupLines(m)], ' color=#d33682') },
  { name: 'fills', edit: (t, m) => appendToLines(t, [...nodeLines(m), ...groupLines(m)], ' fill=#fdf6e3') },
  { name: 'tooltips and links', edit: (t, m) => appendToLines(t, nodeLines(m), ' tooltip="More about it" link="https://example.com/docs"') },
  { name: 'another icon', edit: (t, m) => appendToLines(t, m.elements.filter((e) => e.icon && (e.kind === 'group' || e.range.line === e.range.endLine)).map((e) => e.range.line), ' icon=lucide:box') },
  { name: 'line styles and colours', edit: (t, m) => appendToLines(t, connectionLines(m), ' style=dotted color=#268bd2') },
  { name: 'animations and speeds', edit: (t, m) => appendToLines(t, connectionLines(m), ' anim=pulse speed=slow') },
  { name: 'arrowheads', edit: (t) => t.replace(/(^|[^<-])->(?!>)/gm, '$1<->') },
  { name: 'theme', edit: (t, m) => `${t.replace(/^\s*(theme|tema)\b.*$/gim, '')}\ntheme ${m.theme === 'dark' ? 'light' : 'dark'}\n` },
  { name: 'title', edit: (t) => (/^\s*(diagram|diagrama)\s+"/im.test(t) ? t.replace(/^(\s*(?:diagram|diagrama)\s+)"[^"]*"/im, '$1"Another title"') : `diagram "A title"\n${t}`) },
  { name: 'comments', edit: (t) => t.split('\n').map((line) => `# a comment\n\n${line}`).join('\n') },
  { name: 'indentation', edit: (t) => t.split('\n').map((line) => (line.trim() ? `    ${line}` : line)).join('\n') },
  { name: 'formatting', edit: (t) => formatDiagram(t) },
];

/** The label on a 1-based line made longer (or given one). */
function lengthenLabel(text: string, line: number): string {
  const out = text.split('\n');
  const at = out[line - 1]!;
  out[line - 1] = at.includes('"') ? at.replace('"', '"A much longer label than ') : `${at.trimEnd()} "A much longer label than before"`;
  return out.join('\n');
}

/** An icon given to the first element without one, or else the first icon attribute taken away. */
function toggleIcon(text: string, model: DiagramModel): string {
  const bare = model.elements.find((e) => !e.icon && !(e.kind === 'node' && e.implicit) && (e.kind === 'group' || e.range.line === e.range.endLine));
  return bare ? appendToLines(text, [bare.range.line], ' icon=lucide:box') : text.replace(/ (icon|ícone|icone)=\S+/i, '');
}

/** Edits that change the drawing's geometry. */
export const GEOMETRY_EDITS: TextEdit[] = [
  { name: 'a longer node label', edit: (t, m) => lengthenLabel(t, nodeLines(m)[0]!) },
  { name: 'a new node', edit: (t) => `${t}\nextra_node = rectangle "Extra"\n` },
  { name: 'a new connection', edit: (t, m) => `${t}\n${m.elements.find((e) => e.kind === 'node')!.id} -> extra_target\n` },
  { name: 'a removed connection', edit: (t, m) => t.split('\n').filter((_, i) => i + 1 !== connectionLines(m).at(-1)).join('\n') },
  { name: 'another direction', edit: (t) => `${t.replace(/^\s*(direction|direção|direcao)\s+\w+\s*$/im, '')}\ndirection BT\n` },
  { name: 'an icon added or removed', edit: (t, m) => toggleIcon(t, m) },
  { name: 'another size', edit: (t, m) => appendToLines(t, m.elements.filter((e) => e.kind === 'node' && e.size === 'medium' && !e.implicit && e.range.line === e.range.endLine).slice(0, 1).map((e) => e.range.line), ' size=small') },
];

/** Parses a text that must be free of errors. */
export function parseClean(text: string, what: string): DiagramModel {
  const { model, diagnostics } = parseDiagram(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`${what} has errors: ${errors.map((d) => `${d.code}@${d.range.line}`).join(', ')}`);
  return model;
}
