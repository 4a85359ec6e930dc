import type { Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypeHighlightCode } from './highlight';
import { remarkHtmlAsText } from './htmlAsText';

// The pipeline react-markdown runs, with GitHub's sanitising rules (no raw HTML, no event
// handlers, no `javascript:` or `data:` links); highlighting (class names only) after it.
const plain = unified().use(remarkParse).use(remarkGfm).use(remarkHtmlAsText).use(remarkRehype).use(rehypeSanitize, defaultSchema).freeze();
const highlighted = plain().use(rehypeHighlightCode).freeze();

/** Trees kept, most recently used last: an item scrolled back into view is not parsed again. */
const CACHE_SIZE = 800;
const cache = new Map<string, Root>();

/**
 * The HTML tree (hast) of some Markdown, sanitised, its code highlighted when asked. Trees are
 * cached by text (never mutated after), so a block or message that renders again costs nothing.
 */
export function markdownTree(text: string, highlight: boolean): Root {
  const key = `${highlight ? 'h' : 'p'}${text}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const processor = highlight ? highlighted : plain;
  const tree = processor.runSync(processor.parse(text)) as Root;
  cache.set(key, tree);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return tree;
}

/** True when the tree is already made (rendering it is cheap). */
export function hasMarkdownTree(text: string, highlight: boolean): boolean {
  return cache.has(`${highlight ? 'h' : 'p'}${text}`);
}

type IdleCallback = (deadline: { timeRemaining(): number }) => void;
const idle: (cb: IdleCallback) => void =
  typeof (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback === 'function'
    ? (cb) => (globalThis as unknown as { requestIdleCallback(cb: IdleCallback, o: { timeout: number }): void }).requestIdleCallback(cb, { timeout: 2000 })
    : (cb) => setTimeout(() => cb({ timeRemaining: () => 8 }), 50);

let queue: string[] = [];
let scheduled = false;

/**
 * Makes the highlighted trees of `texts` while the page is idle, a few at a time, so that what
 * the user scrolls to next is ready. Later calls replace what is still queued.
 */
export function warmMarkdown(texts: readonly string[]): void {
  queue = texts.filter((t) => !hasMarkdownTree(t, true));
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  const work: IdleCallback = (deadline) => {
    while (queue.length && deadline.timeRemaining() > 2) markdownTree(queue.pop()!, true);
    if (queue.length) idle(work);
    else scheduled = false;
  };
  idle(work);
}

/** Runs `fn` once the page is idle (highlighting a block just shown). */
export function whenIdle(fn: () => void): void {
  idle(() => fn());
}
