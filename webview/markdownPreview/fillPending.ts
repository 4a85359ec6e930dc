/** How patiently a pending block waits for its files. */
export interface FillOptions {
  /** Delay between attempts to load a file that is not there yet. */
  retryMs: number;
  /** After this long the block stays as it is (the next render of the document replaces it). */
  giveUpMs: number;
}

type Variant = 'light' | 'dark' | 'fixed';
const VARIANTS: readonly Variant[] = ['light', 'dark', 'fixed'];

// The files each block is loading, so a scan during the wait starts nothing twice.
const inFlight = new WeakMap<HTMLElement, string>();

/**
 * Loads the SVG files a pending block names (retrying while they do not exist yet) and, once
 * all are loaded and the block is still the same pending block, replaces its content with
 * them, one `.archflow-md-drawing` per palette like a drawn block, and marks it drawn. Blocks
 * the preview removed or re-rendered meanwhile are left alone. Only http(s) and
 * vscode-resource URLs are loaded; anything malformed is ignored.
 */
export function fillPendingBlock(block: HTMLElement, options: FillOptions): void {
  const spec = block.dataset.archflowFiles ?? '';
  if (inFlight.get(block) === spec) return;
  const files = parseFiles(spec);
  if (!files) return;
  inFlight.set(block, spec);
  const started = Date.now();
  const load = (src: string, attempt: number): Promise<HTMLImageElement> =>
    new Promise((resolve, reject) => {
      const img = new Image();
      img.alt = '';
      img.onload = () => resolve(img);
      img.onerror = () => {
        if (!block.isConnected || Date.now() - started > options.giveUpMs) reject(new Error(`gave up on ${src}`));
        else setTimeout(() => load(src, attempt + 1).then(resolve, reject), options.retryMs);
      };
      // A failed URL may be remembered: each attempt asks anew.
      img.src = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}attempt=${attempt}`;
    });
  Promise.all(files.map(([variant, src]) => load(src, 0).then((img) => [variant, img] as const))).then(
    (images) => {
      if (inFlight.get(block) !== spec) return;
      inFlight.delete(block);
      if (!block.isConnected || !block.classList.contains('archflow-md-pending') || block.dataset.archflowFiles !== spec) return;
      block.replaceChildren(
        ...images.map(([variant, img]) => {
          const div = document.createElement('div');
          div.className = variant === 'fixed' ? 'archflow-md-drawing' : `archflow-md-drawing archflow-md-${variant}`;
          div.appendChild(img);
          return div;
        }),
      );
      block.classList.replace('archflow-md-pending', 'archflow-md-drawn');
    },
    () => {
      if (inFlight.get(block) === spec) inFlight.delete(block);
    },
  );
}

function parseFiles(spec: string): Array<[Variant, string]> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(spec);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const out: Array<[Variant, string]> = [];
  for (const variant of VARIANTS) {
    const src = (value as Record<string, unknown>)[variant];
    if (typeof src === 'string' && /^(https?|vscode-resource|vscode-webview-resource):/i.test(src)) out.push([variant, src]);
  }
  return out.length ? out : undefined;
}
