import { formatDiagnosticLine } from '../../core/language';
import type { IconCatalog } from '../../core/icons/types';
import { localeFromEnv } from '../../core/locale';
import { MAX_PNG_PIXELS, renderPng, renderText } from '../../node/diagramPipeline';
import { pngScaledDownNote } from '../renderOptions';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { isMarkdownPath, readInputFile, resolvePath } from '../readInput';
import { writeAtomically } from '../writeFiles';
import { parseScale, parseTheme, parseTimeout } from '../renderOptions';
import { layoutTimeoutMessage, withLayoutWorker } from '../layoutRun';
import { DEFAULT_LAYOUT_TIME_LIMIT_MS } from '../../node/layoutWorkerClient';
import { MARKDOWN_RENDER_USAGE, runRenderMarkdown } from './renderMarkdown';

export const RENDER_USAGE = `usage: archflow render FILE -o OUT.svg [--png OUT.png] [--theme light|dark] [--scale N] [--timeout SECONDS]\n       ${MARKDOWN_RENDER_USAGE.replace(/^usage: /, '')}`;

export interface RenderDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

/**
 * `archflow render`: writes a standalone animated SVG and, with `--png`, a static PNG.
 * Text with errors writes nothing, prints the diagnostics and exits 1. With `--out-dir`, the
 * inputs are Markdown files and each diagram fence is rendered (see runRenderMarkdown).
 */
export async function runRenderCommand(args: string[], io: CliIo, deps: RenderDeps): Promise<number> {
  if (args.some((a) => a === '--out-dir' || a.startsWith('--out-dir='))) return runRenderMarkdown(args, io, deps);
  const { values, positionals } = parseCommandArgs('render', args, {
    output: { type: 'string', short: 'o' },
    png: { type: 'string' },
    theme: { type: 'string' },
    scale: { type: 'string' },
    timeout: { type: 'string' },
  });
  if (positionals.length === 1 && isMarkdownPath(positionals[0]!)) throw new UsageError(`archflow render: ${positionals[0]} is Markdown: give --out-dir DIR for its diagrams\n${MARKDOWN_RENDER_USAGE}`);
  if (positionals.length !== 1 || !values.output) throw new UsageError(RENDER_USAGE);
  if (!values.output.toLowerCase().endsWith('.svg')) throw new UsageError(`archflow render: -o must name a .svg file, got '${values.output}'`);
  if (values.png !== undefined && !values.png.toLowerCase().endsWith('.png')) throw new UsageError(`archflow render: --png must name a .png file, got '${values.png}'`);
  const theme = parseTheme(values.theme);
  const scale = parseScale(values.scale);
  const timeLimitMs = parseTimeout(values.timeout, DEFAULT_LAYOUT_TIME_LIMIT_MS);

  let file;
  try {
    file = await readInputFile(positionals[0], io);
  } catch (err) {
    io.stderr(`archflow render: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  const catalog = await deps.getIconCatalog();
  let result;
  try {
    result = await withLayoutWorker(timeLimitMs, (layout) => renderText(file.text, { catalog, layout, theme, animate: true }));
  } catch (err) {
    const timedOut = layoutTimeoutMessage(err);
    if (!timedOut) throw err;
    io.stderr(timedOut + '\n');
    return EXIT_FAILURE;
  }
  const locale = localeFromEnv(io.env);
  for (const d of result.diagnostics) io.stderr(formatDiagnosticLine(file.name, d, locale) + '\n');
  if (!result.ok) {
    io.stderr(`archflow render: ${result.counts.errors} error(s); nothing written\n`);
    return EXIT_FAILURE;
  }
  // Both files are produced before either is written, so a failure leaves neither half-done.
  let png: Buffer | undefined;
  try {
    if (values.png !== undefined) {
      const image = await renderPng(result.scene, { theme, scale, maxPixels: MAX_PNG_PIXELS });
      png = image.png;
      if (image.scaledDown) io.stderr(pngScaledDownNote(values.png, image));
    }
  } catch (err) {
    io.stderr(`archflow render: cannot draw the PNG: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  try {
    await writeAtomically(resolvePath(io, values.output), result.svg);
    if (png && values.png) await writeAtomically(resolvePath(io, values.png), png);
  } catch (err) {
    io.stderr(`archflow render: cannot write: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  const kb = Math.max(1, Math.round(Buffer.byteLength(result.svg) / 1024));
  io.stderr(`${result.counts.elements} elements, ${result.counts.connections} connections, ${kb} KB -> ${values.output}${values.png ? ` (+ ${values.png})` : ''}\n`);
  return EXIT_OK;
}
