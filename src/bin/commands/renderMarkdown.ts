import { dirname, relative, resolve, sep } from 'node:path';
import { formatDiagnosticLine } from '../../core/language';
import type { IconCatalog } from '../../core/icons/types';
import { localeFromEnv } from '../../core/locale';
import { analyzeMarkdown, replaceFences, type DiagramFence } from '../../core/markdown';
import { FENCE_CANDIDATES } from '../../core/layout/candidates';
import { MAX_PNG_PIXELS, renderPng, renderText } from '../../node/diagramPipeline';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { isMarkdownPath, readInputFile, resolvePath, type InputFile } from '../readInput';
import { parseScale, parseTheme, parseTimeout, pngScaledDownNote } from '../renderOptions';
import { layoutTimeoutMessage, withLayoutWorker } from '../layoutRun';
import { DEFAULT_LAYOUT_TIME_LIMIT_MS } from '../../node/layoutWorkerClient';
import { readIfExists, writeAtomically } from '../writeFiles';
import { fenceLayoutOf, layoutFileDiagnostics, markdownFenceNames, readLayoutBeside } from '../layoutFileBeside';

export const MARKDOWN_RENDER_USAGE =
  'usage: archflow render FILE.md... [--out-dir DIR] [-o OUT.md] [--theme light|dark] [--png] [--scale N] [--timeout SECONDS] [--check] [--fresh]';

export interface RenderMarkdownDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

/** One file the command produces, with its bytes. */
interface Output {
  path: string;
  /** As printed: relative to the working directory. */
  shown: string;
  data: Buffer;
  /** The fence that produced it (for collisions), absent for OUT.md. */
  from?: string;
}

/**
 * `archflow render FILE.md... [--out-dir DIR]`: one image per diagram fence (in DIR, else
 * beside its Markdown file), named after the
 * fence's `id=`, else its `title`, else `<file>-<n>`; with `-o OUT.md` (one input) also a copy
 * of the Markdown where each fence is preceded by its image and kept, collapsed, in a
 * `<details>` block. Everything is rendered in memory first: when any fence has an error
 * nothing is written (exit 1); then only files whose bytes change are written, each through
 * a temporary file and a rename. With `--check` nothing is written and the exit code is 1 when
 * any file is missing or differs (for CI). Same inputs always give the same bytes.
 */
export async function runRenderMarkdown(args: string[], io: CliIo, deps: RenderMarkdownDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs('render', args, {
    'out-dir': { type: 'string' },
    output: { type: 'string', short: 'o' },
    theme: { type: 'string' },
    png: { type: 'boolean' },
    scale: { type: 'string' },
    check: { type: 'boolean' },
    timeout: { type: 'string' },
    fresh: { type: 'boolean' },
  });
  const outDir = values['out-dir'];
  if (positionals.length === 0) throw new UsageError(MARKDOWN_RENDER_USAGE);
  const notMarkdown = positionals.filter((p) => !isMarkdownPath(p));
  if (notMarkdown.length) throw new UsageError(`archflow render: --out-dir renders Markdown files (.md, .markdown); '${notMarkdown[0]}' is not one (for diagram files, -o ${outDir ?? 'DIR'}/ names a directory)`);
  if (values.output !== undefined) {
    if (positionals.length !== 1) throw new UsageError('archflow render: -o OUT.md takes exactly one Markdown file');
    if (!isMarkdownPath(values.output)) throw new UsageError(`archflow render: -o must name a Markdown file, got '${values.output}'`);
    if (resolvePath(io, values.output) === resolvePath(io, positionals[0]!)) {
      throw new UsageError('archflow render: -o must not be the input file (the copy keeps the fences; write it elsewhere)');
    }
  }
  const theme = parseTheme(values.theme);
  const scale = parseScale(values.scale);
  const timeLimitMs = parseTimeout(values.timeout, DEFAULT_LAYOUT_TIME_LIMIT_MS);
  const ext = values.png ? 'png' : 'svg';
  const locale = localeFromEnv(io.env);

  const inputs: InputFile[] = [];
  for (const arg of positionals) {
    try {
      inputs.push(await readInputFile(arg, io));
    } catch (err) {
      io.stderr(`archflow render: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
  }

  const catalog = await deps.getIconCatalog();
  const outputs: Output[] = [];
  let errors = 0;
  let diagrams = 0;
  try {
    await withLayoutWorker(timeLimitMs, async (layout) => {
      for (const input of inputs) {
        const md = analyzeMarkdown(input.text, { catalog });
        for (const d of md.diagnostics) io.stderr(formatDiagnosticLine(input.name, d, locale) + '\n');
        errors += md.errors;
        diagrams += md.fences.length;
        if (md.fences.length === 0) io.stderr(`${input.name}: no diagram fences\n`);
        const fences = md.fences.map((f) => f.fence);
        const names = markdownFenceNames(input.name, fences);
        // NAME.md.layout.json keeps each fence's drawing, by fence name; one that does not parse is named and ignored.
        const beside = values.fresh ? undefined : await readLayoutBeside(input.name, io);
        const models = new Map(md.fences.map((f, i) => [names[i]!, f.analysis?.model]));
        for (const d of layoutFileDiagnostics(beside, models)) io.stderr(formatDiagnosticLine(beside!.name, d, locale) + '\n');
        if (md.errors > 0) continue;
        const links = new Map<DiagramFence, { path: string; alt: string }>();
        for (const [i, fence] of fences.entries()) {
          const kept = fenceLayoutOf(beside, names[i]!);
          const result = await renderText(fence.text, { catalog, layout, theme, animate: true, kept, candidates: FENCE_CANDIDATES });
          if (!result.ok) throw new Error(`fence ${fence.index} of ${input.name} has errors after a clean check`);
          // Without --out-dir the images go beside their Markdown file, as a diagram's image goes beside it.
          const path = resolve(outDir !== undefined ? resolvePath(io, outDir) : dirname(resolvePath(io, input.name)), `${names[i]}.${ext}`);
          let data: Buffer = Buffer.from(result.svg, 'utf8');
          if (values.png) {
            const image = await renderPng(result.scene, { theme, scale, maxPixels: MAX_PNG_PIXELS });
            if (image.scaledDown) io.stderr(pngScaledDownNote(shownPath(io, path), image));
            data = image.png;
          }
          outputs.push({ path, shown: shownPath(io, path), data, from: `${input.name}:${fence.line}` });
          links.set(fence, { path, alt: fence.title ?? result.model.title ?? fence.id ?? `Diagram ${fence.index + 1}` });
        }
        if (values.output !== undefined) {
          const target = resolvePath(io, values.output);
          const copy = replaceFences(input.text, fences, (fence) => {
            const link = links.get(fence)!;
            // The blank line after </details> ends its HTML block, which would otherwise swallow what follows.
            return { before: [`![${escapeAlt(link.alt)}](${linkPath(dirname(target), link.path)})`, '', '<details>', '<summary>Diagram source</summary>', ''], after: ['', '</details>', ''] };
          });
          outputs.push({ path: target, shown: shownPath(io, target), data: Buffer.from(copy, 'utf8') });
        }
      }
    });
  } catch (err) {
    const timedOut = layoutTimeoutMessage(err);
    if (!timedOut) throw err;
    io.stderr(timedOut + '\n');
    return EXIT_FAILURE;
  }
  if (errors > 0) {
    io.stderr(`archflow render: ${errors} error(s); nothing written\n`);
    return EXIT_FAILURE;
  }
  const clash = firstClash(outputs);
  if (clash) {
    io.stderr(`archflow render: ${clash[0].from} and ${clash[1].from} would both write ${clash[0].shown}; give one of them another id=\n`);
    return EXIT_USAGE;
  }

  // Every output is looked at before any is written: one that cannot be (a folder in the way) stops them all.
  const changed: Output[] = [];
  for (const out of outputs) {
    let current: Buffer | undefined;
    try {
      current = await readIfExists(out.path);
    } catch (err) {
      io.stderr(`archflow render: cannot write ${out.shown}: ${(err as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a directory' : (err as Error).message}; nothing written\n`);
      return EXIT_USAGE;
    }
    if (!current || !current.equals(out.data)) changed.push(out);
  }
  if (values.check) {
    for (const out of changed) io.stderr(`${out.shown}: out of date\n`);
    if (changed.length === 0) return EXIT_OK;
    io.stderr(`archflow render: ${changed.length} of ${outputs.length} file(s) out of date; run the same command without --check\n`);
    return EXIT_FAILURE;
  }
  try {
    for (const out of changed) await writeAtomically(out.path, out.data);
  } catch (err) {
    io.stderr(`archflow render: cannot write: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  const where = outDir !== undefined ? shownPath(io, resolvePath(io, outDir)) : 'beside the Markdown';
  io.stderr(`${diagrams} diagram(s): ${changed.length} file(s) written, ${outputs.length - changed.length} unchanged -> ${where}\n`);
  return EXIT_OK;
}

function shownPath(io: CliIo, path: string): string {
  const rel = relative(io.cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
}

/** A link from the folder of the Markdown copy to an image: POSIX separators, each segment URL-encoded. */
function linkPath(fromDir: string, to: string): string {
  return relative(fromDir, to).split(sep).map(encodeURIComponent).join('/');
}

function escapeAlt(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

function firstClash(outputs: Output[]): [Output, Output] | undefined {
  const seen = new Map<string, Output>();
  for (const out of outputs) {
    const key = out.path.toLowerCase();
    const before = seen.get(key);
    if (before) return [before, out];
    seen.set(key, out);
  }
  return undefined;
}
