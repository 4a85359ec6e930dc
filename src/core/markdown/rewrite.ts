import { continuableLines, type DiagramFence } from './fences';

/** Lines to put around a fence's own lines (without container prefixes: they are added). */
export interface FenceWrapping {
  before: string[];
  after: string[];
}

/**
 * A copy of `markdown` where each fence for which `wrap` returns lines gets them before and
 * after its own lines, which are kept byte for byte. Inserted lines carry the fence's
 * container prefix (indentation, `> ` of block quotes; a list marker only on the first line),
 * so they stay inside the same list item or quote. Lines are split where the fence finder
 * (markdown-it) splits them: CRLF, LF and a lone CR. When a paragraph or HTML block line (or a
 * line inserted for an earlier fence) comes right before the fence, a blank line is put first so
 * the inserted lines cannot continue it; anywhere else no blank line is added, since inside a list
 * item it could join an unclosed fence above. Inserted line
 * ends follow the text's first one (CRLF or LF); everything outside the fences is unchanged,
 * its line ends included.
 */
export function replaceFences(markdown: string, fences: readonly DiagramFence[], wrap: (fence: DiagramFence) => FenceWrapping | undefined): string {
  const eol = /\r\n|\r|\n/.exec(markdown)?.[0] === '\r\n' ? '\r\n' : '\n';
  const pieces = markdown.split(/(\r\n|\r|\n)/);
  // Each line with the break that ends it (the last line has none).
  const lines = pieces.filter((_, i) => i % 2 === 0);
  const ends = pieces.filter((_, i) => i % 2 === 1);
  const out: Array<[text: string, end: string | undefined]> = [];
  const keep = (from: number, to: number) => {
    for (let i = from; i < to && i < lines.length; i++) out.push([lines[i]!, ends[i]]);
  };
  const continuable = continuableLines(markdown);
  const inserted = new Set<number>();
  const insert = (text: string) => inserted.add(out.push([text, eol]) - 1);
  let next = 0;
  for (const fence of [...fences].sort((a, b) => a.line - b.line)) {
    const wrapping = wrap(fence);
    if (!wrapping) continue;
    const first = fence.line - 1;
    const last = Math.min(lines.length, fence.lastLine) - 1;
    keep(next, first);
    const openText = lines[first] ?? '';
    const prefix = openText.slice(0, fence.openRange.column - 1);
    // Continuation lines of a list item are indented as deep as its marker and the space after it.
    const continuation = prefix.replace(/[-*+]|\d{1,9}[.)]/g, (m) => ' '.repeat(m.length));
    const prefixed = (line: string, p: string) => (line === '' ? p.trimEnd() : p + line);
    const before = out.at(-1)?.[0];
    const blank = (line: string) => line.trim() === '' || (line.startsWith(continuation.trimEnd()) && line.slice(continuation.trimEnd().length).trim() === '');
    const continues = inserted.has(out.length - 1) || continuable.has(first - 1);
    if (wrapping.before.length > 0 && prefix === continuation && before !== undefined && !blank(before) && continues) {
      insert(continuation.trimEnd());
    }
    wrapping.before.forEach((line, i) => insert(prefixed(line, i === 0 ? prefix : continuation)));
    out.push([wrapping.before.length > 0 ? continuation + openText.slice(prefix.length) : openText, ends[first]]);
    keep(first + 1, last + 1);
    if (wrapping.after.length > 0 && out.at(-1)![1] === undefined) out.at(-1)![1] = eol;
    // A closing blank line is left out where a blank line (or the end of the text) follows anyway.
    const following = lines[last + 1];
    const after = wrapping.after.at(-1) === '' && (following === undefined || blank(following)) ? wrapping.after.slice(0, -1) : wrapping.after;
    after.forEach((line) => insert(prefixed(line, continuation)));
    // The last inserted line ends as the fence's last line did (without a break at the end of the file).
    if (after.length > 0) out.at(-1)![1] = last + 1 < lines.length ? eol : ends[last];
    next = last + 1;
  }
  keep(next, lines.length);
  return out
    .map(([text, end], i) => {
      const brk = end ?? (i < out.length - 1 ? eol : '');
      // After a lone CR, an empty line's LF would merge with it into one CRLF break.
      return text + (text === '' && brk === '\n' && i > 0 && out[i - 1]![1] === '\r' ? '\r\n' : brk);
    })
    .join('');
}
