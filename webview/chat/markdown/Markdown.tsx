import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import remend from 'remend';
import { useChatEnv } from '../context';
import { hasMarkdownTree, markdownTree, whenIdle } from './render';
import { IncrementalSplitter } from './splitBlocks';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

function useComponents(): Partial<Components> {
  const { host, strings } = useChatEnv();
  return useMemo<Partial<Components>>(
    () => ({
      // Links open through the host, which decides what may be opened; the page navigates nowhere.
      a: ({ href, children, title }) =>
        href ? (
          <a
            href={href}
            title={title ?? href}
            onClick={(e) => {
              e.preventDefault();
              host.post({ type: 'openLink', url: href });
            }}
          >
            {children}
          </a>
        ) : (
          <span>{children}</span>
        ),
      // The page loads no remote image (CSP): show what the image is, openable through the host.
      img: ({ src, alt }) =>
        typeof src === 'string' && src ? (
          <a
            href={src}
            className="af-md-image"
            onClick={(e) => {
              e.preventDefault();
              host.post({ type: 'openLink', url: src });
            }}
          >
            <span className="codicon codicon-file-media" aria-hidden="true" /> {alt || src}
          </a>
        ) : (
          <span>{alt}</span>
        ),
      pre: ({ children }) => (
        <div className="af-code">
          <button
            type="button"
            className="af-icon-button af-code-copy"
            title={strings.copy}
            aria-label={strings.copy}
            onClick={() => void navigator.clipboard?.writeText(textOf(children).replace(/\n$/, ''))}
          >
            <span className="codicon codicon-copy" aria-hidden="true" />
          </button>
          <pre>{children}</pre>
        </div>
      ),
      table: ({ children }) => (
        <div className="af-table">
          <table>{children}</table>
        </div>
      ),
    }),
    [host, strings],
  );
}

/**
 * One block (or a whole finished message). Code is highlighted once the page is idle after the
 * block first shows, unless its highlighted tree is ready already: highlighting never holds up
 * the first drawing of a conversation.
 */
const Block = memo(function Block({ text, highlight, components }: { text: string; highlight: boolean; components: Partial<Components> }) {
  const [idle, setIdle] = useState(() => hasMarkdownTree(text, true));
  useEffect(() => {
    if (idle || !highlight) return;
    let live = true;
    whenIdle(() => live && setIdle(true));
    return () => {
      live = false;
    };
  }, [idle, highlight]);
  const tree = markdownTree(text, highlight && (idle || hasMarkdownTree(text, true)));
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passKeys: true, ignoreInvalidStyle: true });
});

/**
 * The model's Markdown, sanitised: raw HTML is shown as the text it is, `javascript:` and other
 * unsafe links lose their target, links open only through the host, images never load. Split into top-level blocks, each memoised, so while an answer
 * streams only its last block renders again; that block has its half-written syntax closed
 * (`remend`) and is highlighted once it is complete.
 */
export function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  const components = useComponents();
  const splitter = useRef<IncrementalSplitter>(undefined);
  splitter.current ??= new IncrementalSplitter();
  const blocks = useMemo(() => splitter.current!.split(text), [text]);
  return (
    <div className="af-markdown">
      {blocks.map((block, i) => {
        const last = streaming && i === blocks.length - 1;
        return <Block key={i} text={last ? remend(block) : block} highlight={!last} components={components} />;
      })}
    </div>
  );
}
