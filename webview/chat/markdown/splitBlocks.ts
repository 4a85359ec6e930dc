import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * Markdown cut into its top-level blocks (paragraphs, lists, tables, fenced code, …), each
 * with the blank lines after it, so that joining them gives `text` back. Rendering each block
 * on its own lets a growing answer re-render only its last block.
 */
export function splitBlocks(text: string): string[] {
  const children = fromMarkdown(text).children;
  if (children.length === 0) return text ? [text] : [];
  // Where each block starts. A node can claim a start at or before the one before it (a link
  // definition taken out of a setext heading keeps the heading's start): such a block joins
  // the one before, so no block is empty and the cuts only move forward.
  const starts = [0];
  for (const child of children.slice(1)) {
    const start = child.position?.start.offset;
    if (start !== undefined && start > starts.at(-1)! && start < text.length) starts.push(start);
  }
  return starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length));
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
    // Text added to a line that starts with a letter only lengthens the last block: no parse at
    // all. A line that starts otherwise may still become something else as it grows (`-` a
    // setext underline or a list item, `1` a list, `|---` a table's delimiter row), which can
    // cut the blocks before it differently.
    const lastLine = this.#text.slice(this.#text.lastIndexOf('\n') + 1);
    if (this.#blocks.length > 0 && text.startsWith(this.#text) && !added.includes('\n') && /^[ \t]*\p{L}/u.test(lastLine)) {
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
