import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * Markdown cut into its top-level blocks (paragraphs, lists, tables, fenced code, …), each
 * with the blank lines after it, so that joining them gives `text` back. Rendering each block
 * on its own lets a growing answer re-render only its last block.
 */
export function splitBlocks(text: string): string[] {
  const children = fromMarkdown(text).children;
  if (children.length === 0) return text ? [text] : [];
  const out: string[] = [];
  for (let i = 0; i < children.length; i++) {
    const start = i === 0 ? 0 : (children[i].position?.start.offset ?? 0);
    const end = i + 1 < children.length ? (children[i + 1].position?.start.offset ?? text.length) : text.length;
    out.push(text.slice(start, end));
  }
  return out;
}

/**
 * Blocks parsed again on each append: an append can change how the last blocks are cut (a
 * list that goes on after blank lines, a fence that closes), never blocks further back.
 */
const REPARSED = 3;

/**
 * {@link splitBlocks} for text that grows at its end: text added within a line lengthens the
 * last block without parsing; otherwise only the last few blocks are parsed again. So each
 * streamed chunk costs the size of those blocks at most, not of the whole answer.
 */
export class IncrementalSplitter {
  #text = '';
  #blocks: string[] = [];

  split(text: string): string[] {
    const added = text.slice(this.#text.length);
    // Text added in the middle of a line only lengthens the last block: no parse at all.
    if (this.#blocks.length > 0 && text.startsWith(this.#text) && !added.includes('\n') && !/[\r\n]$/.test(this.#text)) {
      this.#blocks = [...this.#blocks.slice(0, -1), this.#blocks.at(-1)! + added];
      this.#text = text;
      return this.#blocks;
    }
    if (this.#blocks.length > 0 && text.startsWith(this.#text)) {
      const stable = this.#blocks.slice(0, -REPARSED);
      const offset = stable.reduce((n, b) => n + b.length, 0);
      this.#blocks = [...stable, ...splitBlocks(text.slice(offset))];
    } else {
      this.#blocks = splitBlocks(text);
    }
    this.#text = text;
    return this.#blocks;
  }
}
