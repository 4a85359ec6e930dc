import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * Markdown cut into its top-level blocks (paragraphs, lists, tables, fenced code, …), each
 * with the blank lines after it, so that joining them gives `text` back. Rendering each block
 * on its own lets a growing answer re-render only its last block.
 */
export function splitBlocks(text: string): string[] {
  const children = fromMarkdown(text).children;
  if (children.length === 0) return text.trim() ? [text] : [];
  const out: string[] = [];
  for (let i = 0; i < children.length; i++) {
    const start = i === 0 ? 0 : (children[i].position?.start.offset ?? 0);
    const end = i + 1 < children.length ? (children[i + 1].position?.start.offset ?? text.length) : text.length;
    out.push(text.slice(start, end));
  }
  return out;
}

/**
 * {@link splitBlocks} for text that grows at its end: when `text` extends the previous text,
 * only its last block onward is parsed again (earlier blocks cannot change by an append), so
 * each streamed chunk costs the size of the last block, not of the whole answer.
 */
export class IncrementalSplitter {
  #text = '';
  #blocks: string[] = [];

  split(text: string): string[] {
    if (this.#blocks.length > 0 && text.startsWith(this.#text)) {
      const stable = this.#blocks.slice(0, -1);
      const offset = stable.reduce((n, b) => n + b.length, 0);
      this.#blocks = [...stable, ...splitBlocks(text.slice(offset))];
    } else {
      this.#blocks = splitBlocks(text);
    }
    this.#text = text;
    return this.#blocks;
  }
}
