import { statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
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
import { runRenderMarkdown } from './renderMarkdown';
import { diagramLayoutOf, layoutFileDiagnostics, readLayoutBeside } from '../layoutFileBeside';

export const RENDER_USAGE = `usage: archflow render FILE... [-o OUT] [--format svg|png] [--theme light|dark] [--scale N] [--timeout SECONDS]
       archflow render FILE.md... [--out-dir DIR] [-o OUT.md] [--png] [--check] [--fresh]
Run 'archflow render --help' for the options and examples.`;

export const RENDER_HELP = `usage: archflow render FILE... [options]
       archflow render FILE.md... [--out-dir DIR] [-o OUT.md] [--png] [--check] [--fresh]

Draws each diagram as a standalone animated SVG, or a PNG. Without -o, x.diagram is
written as x.svg beside it (an x.svg already there is replaced; the input never is).
A file with errors is not written: its problems are printed as FILE:LINE:COL lines and
the other files are still drawn.

Options:
  -o, --output OUT     a .svg or .png file (one input); "-" for standard output (one
                       input; a PNG only when standard output is not a terminal); or a
                       directory, existing or written with a trailing /, for each
                       input's image under its own name
  --format svg|png     the image format (default: -o's extension, else svg)
  --png OUT.png        also write a PNG (one input)
  --theme light|dark   the colours (default: the diagram's own theme)
  --scale N            the PNG's scale, above 0 and at most 8 (default 1)
  --timeout SECONDS    stop a layout that takes longer (default ${DEFAULT_LAYOUT_TIME_LIMIT_MS / 1000})
  --fresh              ignore x.diagram.layout.json beside the input: a fresh layout
  -h, --help           this help

With a layout file beside a diagram (x.diagram.layout.json, written by archflow layout
--keep or by moving boxes in VS Code's preview), its boxes keep their positions.

Markdown files (.md, .markdown): each \`\`\`diagram fence becomes an image, named after
its id=, else its title, else FILE-N:
  --out-dir DIR        where the images go (default: beside each Markdown file)
  -o OUT.md            also a copy of the Markdown showing the images (one input)
  --png                PNG images instead of SVG
  --check              write nothing; exit 1 if an image is missing or out of date
  --fresh              ignore FILE.md.layout.json (each fence's kept positions, by
                       the same name as its image)

FILE "-" reads standard input; its image goes to standard output unless -o names a file.
Exit codes: 0 written, 1 a diagram has errors or its layout ran out of time, 2 bad usage
or a file that cannot be read or written.

Examples:
  archflow render shop.diagram                     writes shop.svg
  archflow render shop.diagram -o shop.png --scale 2
  archflow render a.diagram b.diagram --format png writes a.png and b.png
  archflow render diagrams/*.diagram -o site/img/
  archflow render shop.diagram -o - | gzip > shop.svg.gz
  archflow render README.md --out-dir docs/diagrams
`;

export interface RenderDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

type Format = 'svg' | 'png';

/** One input and where its image goes: a path, or undefined for standard output. */
interface Job {
  arg: string;
  out?: string;
  format: Format;
}

/** Options whose value is the next argument, so that value is not taken for an input file. */
const VALUE_OPTIONS = new Set(['-o', '--output', '--out-dir', '--format', '--theme', '--scale', '--timeout']);

/**
 * The input files among render's arguments, before knowing which of render's two option sets
 * applies (`--png` takes a file for diagrams and nothing for Markdown): a `--png` followed by
 * a `.png` name takes it.
 */
function inputArgs(args: string[]): string[] {
  const inputs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      inputs.push(...args.slice(i + 1));
      break;
    }
    if (VALUE_OPTIONS.has(a) || (a === '--png' && /\.png$/i.test(args[i + 1] ?? '') && !args[i + 1]!.startsWith('-'))) i++;
    else if (a === '-' || !a.startsWith('-')) inputs.push(a);
  }
  return inputs;
}

/**
 * `archflow render`: writes a standalone animated SVG, or a PNG, for each input (see
 * {@link RENDER_HELP}). Markdown inputs, or `--out-dir`, render each diagram fence instead
 * (see runRenderMarkdown).
 */
export async function runRenderCommand(args: string[], io: CliIo, deps: RenderDeps): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(RENDER_HELP);
    return EXIT_OK;
  }
  const inputs = inputArgs(args);
  const markdown = inputs.filter(isMarkdownPath);
  if (args.some((a) => a === '--out-dir' || a.startsWith('--out-dir=')) || markdown.length > 0) {
    const other = inputs.find((p) => !isMarkdownPath(p));
    if (markdown.length > 0 && other !== undefined) {
      throw new UsageError(`archflow render: render Markdown (${markdown[0]}) and diagram files (${other}) in separate runs`);
    }
    return runRenderMarkdown(args, io, deps);
  }
  const { values, positionals } = parseCommandArgs('render', args, {
    fresh: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    format: { type: 'string' },
    png: { type: 'string' },
    theme: { type: 'string' },
    scale: { type: 'string' },
    timeout: { type: 'string' },
  });
  if (positionals.length === 0) throw new UsageError(RENDER_USAGE);
  if (values.png !== undefined && !values.png.toLowerCase().endsWith('.png')) throw new UsageError(`archflow render: --png must name a .png file, got '${values.png}'`);
  if (values.png !== undefined && positionals.length > 1) throw new UsageError('archflow render: --png OUT.png takes one input; with several, use --format png');
  const theme = parseTheme(values.theme);
  const scale = parseScale(values.scale);
  const timeLimitMs = parseTimeout(values.timeout, DEFAULT_LAYOUT_TIME_LIMIT_MS);
  const jobs = planJobs(positionals, values.output, parseFormat(values.format), io);

  if (jobs.some((j) => j.out === undefined && j.format === 'png')) {
    // A PNG's bytes on a terminal are noise that can leave it in a broken state: say where to put them instead.
    if (io.stdoutIsTty || !io.stdoutBytes) throw new UsageError('archflow render: not writing a PNG to a terminal; redirect it (> out.png) or give -o OUT.png');
  }

  const catalog = await deps.getIconCatalog();
  const locale = localeFromEnv(io.env);
  let failed = false;
  let ioFailed = false;
  for (const job of jobs) {
    let file;
    try {
      file = await readInputFile(job.arg, io);
    } catch (err) {
      io.stderr(`archflow render: ${(err as Error).message}\n`);
      ioFailed = true;
      continue;
    }
    // The layout file beside the diagram keeps its drawing; one that does not parse is named and ignored.
    const beside = values.fresh ? undefined : await readLayoutBeside(job.arg, io);
    const kept = diagramLayoutOf(beside);
    let result;
    try {
      result = await withLayoutWorker(timeLimitMs, (layout) => renderText(file.text, { catalog, layout, theme, animate: true, kept }));
    } catch (err) {
      const timedOut = layoutTimeoutMessage(err);
      if (!timedOut) throw err;
      io.stderr(`${jobs.length > 1 ? `${file.name}: ` : ''}${timedOut}\n`);
      failed = true;
      continue;
    }
    for (const d of result.diagnostics) io.stderr(formatDiagnosticLine(file.name, d, locale) + '\n');
    for (const d of layoutFileDiagnostics(beside, result.model)) io.stderr(formatDiagnosticLine(beside!.name, d, locale) + '\n');
    if (!result.ok) {
      io.stderr(`archflow render: ${jobs.length > 1 ? `${file.name}: ` : ''}${result.counts.errors} error(s); nothing written\n`);
      failed = true;
      continue;
    }
    // Every image of a job is drawn before any is written, so a failure leaves none half-done.
    let image: string | Buffer = result.svg;
    let extraPng: Buffer | undefined;
    try {
      if (job.format === 'png' || values.png !== undefined) {
        const drawn = await renderPng(result.scene, { theme, scale, maxPixels: MAX_PNG_PIXELS });
        if (drawn.scaledDown) io.stderr(pngScaledDownNote(job.format === 'png' ? shown(io, job.out) : values.png!, drawn));
        if (job.format === 'png') image = drawn.png;
        else extraPng = drawn.png;
      }
    } catch (err) {
      io.stderr(`archflow render: ${file.name}: cannot draw the PNG: ${(err as Error).message}\n`);
      ioFailed = true;
      continue;
    }
    try {
      if (job.out === undefined) {
        if (typeof image === 'string') io.stdout(image);
        else io.stdoutBytes!(image);
      } else {
        await writeAtomically(job.out, image);
      }
      if (extraPng && values.png) await writeAtomically(resolvePath(io, values.png), extraPng);
    } catch (err) {
      io.stderr(`archflow render: cannot write: ${(err as Error).message}\n`);
      ioFailed = true;
      continue;
    }
    const kb = Math.max(1, Math.round(Buffer.byteLength(image) / 1024));
    io.stderr(`${result.counts.elements} elements, ${result.counts.connections} connections, ${kb} KB -> ${shown(io, job.out)}${values.png ? ` (+ ${values.png})` : ''}\n`);
  }
  if (ioFailed) return EXIT_USAGE;
  return failed ? EXIT_FAILURE : EXIT_OK;
}

function parseFormat(value: string | undefined): Format | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (v === 'svg' || v === 'png') return v;
  throw new UsageError(`archflow render: --format must be svg or png, got '${value}'`);
}

function formatOfPath(path: string): Format | undefined {
  const ext = extname(path).toLowerCase();
  return ext === '.svg' ? 'svg' : ext === '.png' ? 'png' : undefined;
}

/** True when `-o` names a directory: one that exists, or any name written with a trailing slash. */
function isDirectoryTarget(io: CliIo, output: string): boolean {
  if (/[\\/]$/.test(output)) return true;
  try {
    return statSync(resolvePath(io, output)).isDirectory();
  } catch {
    return false;
  }
}

/** `x.diagram` -> `x.svg`: the input's name with its extension (if any) replaced. */
function imageName(arg: string, format: Format): string {
  const ext = extname(arg);
  return `${ext ? arg.slice(0, -ext.length) : arg}.${format}`;
}

/**
 * Where each input's image goes, every usage mistake found before anything is read: `-o`
 * as a file or `-` takes one input, as a directory any number; no two inputs may write one
 * file, and no image may replace an input.
 */
function planJobs(inputs: string[], output: string | undefined, format: Format | undefined, io: CliIo): Job[] {
  const stdinCount = inputs.filter((a) => a === '-').length;
  if (stdinCount > 1) throw new UsageError('archflow render: standard input ("-") can be read once');
  let jobs: Job[];
  if (output === '-') {
    if (inputs.length > 1) throw new UsageError('archflow render: -o - takes one input (several images in one stream are not one valid file)');
    jobs = [{ arg: inputs[0]!, format: format ?? 'svg' }];
  } else if (output !== undefined && isDirectoryTarget(io, output)) {
    if (stdinCount > 0) throw new UsageError(`archflow render: standard input has no name to write under ${output}; give -o OUT.svg or -o -`);
    jobs = inputs.map((arg) => ({ arg, format: format ?? 'svg', out: resolvePath(io, join(output, imageName(basename(arg), format ?? 'svg'))) }));
  } else if (output !== undefined) {
    if (inputs.length > 1) throw new UsageError(`archflow render: -o names one file, but ${inputs.length} inputs were given; to write each beside its input leave -o out, or name a directory (-o ${output.replace(/\.[^./\\]*$/, '')}/)`);
    const fromName = formatOfPath(output);
    if (!fromName) throw new UsageError(`archflow render: -o must name a .svg or .png file, "-" or a directory, got '${output}'`);
    if (format && format !== fromName) throw new UsageError(`archflow render: --format ${format} does not match -o '${output}'`);
    jobs = [{ arg: inputs[0]!, format: fromName, out: resolvePath(io, output) }];
  } else {
    jobs = inputs.map((arg) => (arg === '-' ? { arg, format: format ?? 'svg' } : { arg, format: format ?? 'svg', out: resolvePath(io, imageName(arg, format ?? 'svg')) }));
  }
  const inputPaths = new Set(inputs.filter((a) => a !== '-').map((a) => resolvePath(io, a)));
  const claimed = new Map<string, string>();
  for (const job of jobs) {
    if (job.out === undefined) continue;
    if (inputPaths.has(job.out)) throw new UsageError(`archflow render: the image of ${job.arg} would replace an input (${shown(io, job.out)}); give -o`);
    const before = claimed.get(job.out);
    if (before !== undefined) throw new UsageError(`archflow render: ${before} and ${job.arg} would both write ${shown(io, job.out)}`);
    claimed.set(job.out, job.arg);
  }
  return jobs;
}

/** An output as messages show it: relative to the working directory when inside it, `stdout` for `-`. */
function shown(io: CliIo, path: string | undefined): string {
  if (path === undefined) return 'stdout';
  const rel = relative(io.cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
}
