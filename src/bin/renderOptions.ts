import type { ThemeName } from '../core/render';
import { MAX_PNG_PIXELS } from '../node/diagramPipeline';
import { UsageError } from './args';

/** `--theme`: light or dark, or undefined for the diagram's own. */
export function parseTheme(value: string | undefined): ThemeName | undefined {
  if (value === undefined) return undefined;
  if (value === 'light' || value === 'dark') return value;
  throw new UsageError(`archflow render: --theme must be light or dark, got '${value}'`);
}

/** `--scale`: the PNG's scale, 1 unless given. */
export function parseScale(value: string | undefined): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 8) throw new UsageError(`archflow render: --scale must be a number above 0 and at most 8, got '${value}'`);
  return n;
}

/** The most `--timeout` accepts, in seconds (an hour). */
const MAX_TIMEOUT_S = 3600;

/** `--timeout SECONDS`: how long one layout may take, in ms; `DEFAULT_LAYOUT_TIME_LIMIT_MS` unless given. */
export function parseTimeout(value: string | undefined, defaultMs: number): number {
  if (value === undefined) return defaultMs;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_S) throw new UsageError(`archflow render: --timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_S}, got '${value}'`);
  return Math.ceil(n * 1000);
}

/** What the CLI prints when a PNG was drawn smaller than `--scale` asked, to stay under MAX_PNG_PIXELS. */
export function pngScaledDownNote(path: string, image: { width: number; height: number }): string {
  return `archflow render: ${path} is scaled down to ${image.width} × ${image.height} px to stay under ${MAX_PNG_PIXELS.toLocaleString('en')} pixels\n`;
}
