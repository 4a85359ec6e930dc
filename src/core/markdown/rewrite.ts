import type { DiagramFence } from './fences';

/** Lines to put around a fence's own lines (without container prefixes: they are added). */
export interface FenceWrapping {
  before: string[];
  after: string[];
}

/**
 * A copy of `markdown` where each fence for which `wrap` returns lines gets them before and
 * after its own lines, which are kept byte for byte. Inserted lines carry the fence's
 * container prefix (indentation, `> ` of block quotes; a list marker only on the first line),
 * so they stay inside the same list item or quote. Line ends follow the text's first one
 * (CRLF or LF); everything outside the fences is unchanged.
 */
export function replaceFences(markdown: string, fences: readonly DiagramFence[], wrap: (fence: DiagramFence) => FenceWrapping | undefined): string {
  const eol = /\r\n/.exec(markdown) && markdown.indexOf('\r\n') === markdown.search(/\r?\n/) ? '\r\n' : '\n';
  const lines = markdown.split(/\r\n|\n/);
  const out: string[] = [];
  let next = 0;
  for (const fence of [...fences].sort((a, b) => a.line - b.line)) {
    const wrapping = wrap(fence);
    if (!wrapping) continue;
    const first = fence.line - 1;
    const last = Math.min(lines.length, fence.lastLine) - 1;
    out.push(...lines.slice(next, first));
    const openText = lines[first] ?? '';
    const prefix = openText.slice(0, fence.openRange.column - 1);
    // Continuation lines of a list item are indented as deep as its marker and the space after it.
    const continuation = prefix.replace(/[-*+]|\d{1,9}[.)]/g, (m) => ' '.repeat(m.length));
    const prefixed = (line: string, p: string) => (line === '' ? p.trimEnd() : p + line);
    wrapping.before.forEach((line, i) => out.push(prefixed(line, i === 0 ? prefix : continuation)));
    out.push(wrapping.before.length > 0 ? continuation + openText.slice(prefix.length) : openText);
    out.push(...lines.slice(first + 1, last + 1));
    wrapping.after.forEach((line) => out.push(prefixed(line, continuation)));
    next = last + 1;
  }
  out.push(...lines.slice(next));
  return out.join(eol);
}
