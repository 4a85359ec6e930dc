import MarkdownIt from 'markdown-it';
import type { Diagnostic, Range } from '../model';
import { DIAGRAM_FENCE_LANGUAGES, parseFenceInfo, slugify, type FenceInfo } from './fenceInfo';

/** One fenced code block of a Markdown document that holds a diagram. */
export interface DiagramFence extends FenceInfo {
  /** 0-based position among the document's diagram fences. */
  index: number;
  /** The info string as written (entities resolved). */
  info: string;
  /** The fence characters of the opening line (```` ``` ````, `~~~~`, …). */
  markup: string;
  /** The diagram text: the fence's lines without the container's indentation, `\n`-separated. */
  text: string;
  /** 1-based line of the opening fence in the Markdown file. */
  line: number;
  /** 1-based line of the last line belonging to the fence: the closing fence, or the last content line. */
  lastLine: number;
  /** False when no closing fence was found (the block then runs to the end of its container). */
  closed: boolean;
  /**
   * For each line of `text` (0-based), how far its characters are shifted to the right in the
   * Markdown line: Markdown column = diagram column + offset (UTF-16 code units).
   */
  columnOffsets: number[];
  /** The opening fence line from its marker to the end of the info string. */
  openRange: Range;
}

// The block parser alone: fences, lists, quotes and their positions, no inline parsing.
let parser: MarkdownIt | undefined;
function blockParser(): MarkdownIt {
  if (!parser) {
    parser = new MarkdownIt('commonmark');
    parser.core.ruler.enableOnly(['normalize', 'block']);
  }
  return parser;
}

const openers = new Map<readonly string[], RegExp>();

/**
 * False only when `markdown` cannot hold a fence of `languages`: no line that opens a fence
 * (after any indentation, block quote and list markers) with an info string starting with one
 * of them, in any case, as parseFenceInfo reads it (the block parser reads the info string as
 * written: a character reference there spells nothing). A scan, no parse: a Markdown file
 * without diagrams, the common case since the extension activates on every Markdown file,
 * never builds markdown-it. Errs only towards true (the parser then decides).
 */
export function mayHoldDiagramFence(markdown: string, languages: readonly string[] = DIAGRAM_FENCE_LANGUAGES): boolean {
  if (!markdown.includes('```') && !markdown.includes('~~~')) return false;
  let opener = openers.get(languages);
  if (!opener) {
    const names = languages.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    opener = new RegExp(`^[ \\t>*+\\-.)0-9]*(?:\`{3,}|~{3,})\\s*\\{?\\s*\\.?(?:${names})`, 'im');
    openers.set(languages, opener);
  }
  return opener.test(markdown);
}

/**
 * Every diagram fence (info string `diagram` or `archflow`, any case, with or without
 * attributes) of a Markdown text, in document order, as CommonMark reads them (markdown-it,
 * the parser VS Code's preview uses): backtick and tilde fences, indented up to three
 * spaces, inside lists and block quotes, with CRLF or LF line ends. Fences in indented code
 * blocks or HTML blocks are not fences and are not returned. Never throws.
 */
export function extractDiagramFences(markdown: string, languages: readonly string[] = DIAGRAM_FENCE_LANGUAGES): DiagramFence[] {
  if (!mayHoldDiagramFence(markdown, languages)) return [];
  const tokens = blockParser().parse(markdown, {});
  const lines = markdown.split(/\r\n|\r|\n/);
  const out: DiagramFence[] = [];
  for (const token of tokens) {
    if (token.type !== 'fence' || !token.map) continue;
    const info = parseFenceInfo(token.info);
    if (!languages.includes(info.lang)) continue;
    const [start, end] = token.map;
    const contentLines = token.content === '' ? [] : token.content.replace(/\n$/, '').split('\n');
    // At the end of a container the block may run out without its closing line: check that line.
    const closed = end - start === contentLines.length + 2 && isClosingFence(lines[end - 1] ?? '', token.markup);
    const openText = lines[start] ?? '';
    const markerAt = Math.max(0, openText.indexOf(token.markup));
    out.push({
      ...info,
      index: out.length,
      info: token.info,
      markup: token.markup,
      text: token.content,
      line: start + 1,
      lastLine: end,
      closed,
      columnOffsets: contentLines.map((content, i) => columnOffset(lines[start + 1 + i] ?? '', content)),
      openRange: { line: start + 1, column: markerAt + 1, endLine: start + 1, endColumn: Math.max(markerAt + 1, openText.trimEnd().length + 1) },
    });
  }
  return out;
}

/**
 * The 0-based lines of the paragraphs and HTML blocks of a Markdown text: a line written right
 * after one of them, without a blank line, would continue it.
 */
export function continuableLines(markdown: string): Set<number> {
  const out = new Set<number>();
  for (const token of blockParser().parse(markdown, {})) {
    if ((token.type !== 'paragraph_open' && token.type !== 'html_block') || !token.map) continue;
    for (let line = token.map[0]; line < token.map[1]; line++) out.add(line);
  }
  return out;
}

// A closing fence after its container prefix (`>` markers, indentation): the same character, at least as many.
function isClosingFence(line: string, markup: string): boolean {
  const m = /^[ \t>]*([`~]{3,})[ \t]*$/.exec(line);
  return m !== null && m[1]![0] === markup[0] && m[1]!.length >= markup.length && new Set(m[1]).size === 1;
}

// The Markdown line holds the content line after some container prefix (indentation, `> `);
// tabs the parser expanded make the two differ in the leading whitespace only.
function columnOffset(mdLine: string, content: string): number {
  if (mdLine.endsWith(content)) return mdLine.length - content.length;
  const mdText = mdLine.search(/\S/);
  const contentText = content.search(/\S/);
  if (mdText < 0 || contentText < 0) return Math.max(0, mdLine.length - content.length);
  return mdText - contentText;
}

/** A range of a fence's diagram text (1-based) as the same text's range in the Markdown file. */
export function toMarkdownRange(fence: DiagramFence, range: Range): Range {
  const [line, column] = toMarkdownPosition(fence, range.line, range.column);
  const [endLine, endColumn] = toMarkdownPosition(fence, range.endLine, range.endColumn);
  return { line, column, endLine, endColumn };
}

function toMarkdownPosition(fence: DiagramFence, line: number, column: number): [number, number] {
  const count = fence.columnOffsets.length;
  if (count === 0) return [fence.line + 1, 1];
  if (line > count) {
    // An end-of-text position past the last line break: the end of the last content line.
    const last = fence.text.replace(/\n$/, '').split('\n')[count - 1] ?? '';
    return [fence.line + count, last.length + 1 + fence.columnOffsets[count - 1]!];
  }
  const i = Math.max(line, 1) - 1;
  return [fence.line + 1 + i, Math.max(1, column + fence.columnOffsets[i]!)];
}

/** A diagnostic of a fence's text with every position (its range, fixes, related places) in the Markdown file. */
export function toMarkdownDiagnostic(fence: DiagramFence, d: Diagnostic): Diagnostic {
  return {
    ...d,
    range: toMarkdownRange(fence, d.range),
    suggestions: d.suggestions.map((s) => ({ ...s, range: toMarkdownRange(fence, s.range) })),
    ...(d.related ? { related: d.related.map((r) => ({ ...r, range: toMarkdownRange(fence, r.range) })) } : {}),
  };
}

/** The error of a fence that is never closed, on its opening line. */
export function unclosedFenceDiagnostic(fence: Pick<DiagramFence, 'markup' | 'lang' | 'openRange'>): Diagnostic {
  return { code: 'unclosed-fence', severity: 'error', range: fence.openRange, args: { marker: fence.markup, lang: fence.lang }, suggestions: [] };
}

/**
 * A stable, file-name-safe name for each fence, in order: its `id`, else its `title`
 * (slugged), else `<stem>-<n>` with n its 1-based position among the diagram fences. A name
 * already taken, in any case (`x` and `X` are one file on Windows and macOS), gets `-2`, `-3`,
 * … in document order, so names never collide and adding a fence never renames the ones
 * before it. Names Windows reserves for devices (`con`, `nul`, `lpt1`, …) get `-diagram`.
 */
export function fenceNames(fences: readonly DiagramFence[], stem: string): string[] {
  const base = slugify(stem) || 'diagram';
  const taken = new Set<string>();
  return fences.map((f) => {
    let wanted = (f.id !== undefined ? safeName(f.id) : '') || (f.title !== undefined ? slugify(f.title) : '') || `${base}-${f.index + 1}`;
    if (WINDOWS_DEVICE.test(wanted)) wanted = `${wanted}-diagram`;
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${wanted}-${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** Device names Windows will not create a file under, whatever the extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

// An id is kept as written when it is already a safe file name (case and dots included).
function safeName(id: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/.test(id) && !id.endsWith('.') ? id : slugify(id);
}
