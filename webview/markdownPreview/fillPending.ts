/** How patiently a pending block waits for its files. */
export interface FillOptions {
  /** Delay before the first new attempt to load a file that is not there yet; doubled on each attempt up to `retryMs`. */
  firstRetryMs: number;
  /** Longest delay between attempts. */
  retryMs: number;
  /** After this long the block stays as it is (the next render of the document replaces it). */
  giveUpMs: number;
}

type Variant = 'light' | 'dark' | 'fixed';
const VARIANTS: readonly Variant[] = ['light', 'dark', 'fixed'];

// The files each block is loading, so a scan during the wait starts nothing twice.
const inFlight = new WeakMap<HTMLElement, string>();

/**
 * The palette the preview shows, from the classes of its <body> (media/markdownPreview.css
 * shows the dark drawing in dark and high-contrast dark themes, the light one otherwise).
 */
export function shownVariant(bodyClasses: { contains(name: string): boolean }): 'light' | 'dark' {
  const dark = bodyClasses.contains('vscode-dark') || (bodyClasses.contains('vscode-high-contrast') && !bodyClasses.contains('vscode-high-contrast-light'));
  return dark ? 'dark' : 'light';
}

/** How long to wait before attempt `attempt` (1, 2, ...) to load a file that was not there. */
export function retryDelay(attempt: number, options: Pick<FillOptions, 'firstRetryMs' | 'retryMs'>): number {
  return Math.min(options.retryMs, options.firstRetryMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Loads the SVG files a pending block names (retrying while they do not exist yet) and, once
 * the palette the preview shows is loaded and the block is still the same pending block,
 * replaces its content with it and marks it drawn; the other palette is added beside it when
 * it arrives (hidden by the theme's CSS until the theme switches), so the block does not wait
 * for a picture nobody sees. One `.archflow-md-drawing` per palette, in the order of a drawn
 * block. Blocks the preview removed or re-rendered meanwhile are left alone. Only http(s) and
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
        else setTimeout(() => load(src, attempt + 1).then(resolve, reject), retryDelay(attempt + 1, options));
      };
      // A failed URL may be remembered: each attempt asks anew.
      img.src = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}attempt=${attempt}`;
    });
  const shown = files.some(([variant]) => variant === 'fixed') ? 'fixed' : shownVariant(block.ownerDocument.body.classList);
  const loaded = new Map<Variant, HTMLImageElement>();
  let drawn = false;
  const still = (state: 'pending' | 'drawn') => block.isConnected && block.classList.contains(`archflow-md-${state}`) && block.dataset.archflowFiles === spec;
  const part = (variant: Variant, img: HTMLImageElement) => {
    const div = document.createElement('div');
    div.className = variant === 'fixed' ? 'archflow-md-drawing' : `archflow-md-drawing archflow-md-${variant}`;
    div.appendChild(img);
    return div;
  };
  const ordered = () => files.flatMap(([variant]) => (loaded.has(variant) ? [part(variant, loaded.get(variant)!)] : []));
  const arrived = (variant: Variant, img: HTMLImageElement) => {
    loaded.set(variant, img);
    if (inFlight.get(block) !== spec) return;
    if (!drawn) {
      if (!loaded.has(shown)) return;
      drawn = true;
      if (!still('pending')) return;
      block.replaceChildren(...ordered());
      block.classList.replace('archflow-md-pending', 'archflow-md-drawn');
    } else if (still('drawn')) {
      block.replaceChildren(...ordered());
    }
  };
  Promise.all(files.map(([variant, src]) => load(src, 0).then((img) => arrived(variant, img)))).then(
    () => {
      if (inFlight.get(block) === spec) inFlight.delete(block);
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
