import type { IconCatalog } from '../../core/icons';
import type { Locale } from '../../core/model';
import { sanitizeColor, type ThemeName } from '../../core/render';
import { renderPreviewPng, renderText, type LayoutFunction, type RasterizeFunction } from '../../node/diagramPipeline';
import { formatSize, serverMessages } from '../serverMessages';
import { checkPathInRoots, writeOutputAtomic } from '../pathSafety';
import { LayoutTimeoutError, WorkerCrashedError } from '../../node/layoutWorkerClient';
import { QueueFullError, type TaskQueue } from '../fairQueue';
import { SerialQueue } from '../serialQueue';
import { diagnosticLines } from './checkDiagram';
import { diagramSource } from './diagramSource';
import type { ToolOutcome } from './outcome';

export interface RenderDiagramInput {
  /** The diagram's text; exactly one of `text` and `path`. */
  text?: string;
  /** A `.diagram` file inside the allowed roots, read instead of `text`; the layout file beside it keeps its positions. */
  path?: string;
  /** Where to write, ending in `.svg`; relative paths are resolved against the first root. */
  output: string;
  /** Also answer with a PNG of the drawing. */
  preview?: boolean;
  theme?: ThemeName;
  /** A CSS colour or `transparent`. */
  background?: string;
  /** The content of the diagram's layout file (`NAME.diagram.layout.json`): its boxes keep their positions (over the file beside `path`). */
  layout?: string;
}

export interface RenderContext {
  locale: Locale;
  catalog: IconCatalog;
  /** The allowed roots as realpaths, first root first (see AllowedRoots). */
  roots: () => Promise<readonly string[]>;
  maxTextBytes?: number;
  /** Default: in-thread layout. */
  layout?: LayoutFunction;
  /** Default: in-thread rasterising. */
  rasterize?: RasterizeFunction;
  /** Renders go through it (one at a time per session); a fresh SerialQueue when omitted. */
  queue?: TaskQueue;
  /** Widest preview in pixels (default 1600). */
  previewMaxWidth?: number;
  /** The client cancelled the call: a queued render never starts, a running layout stops (with a worker's `layout`). */
  signal?: AbortSignal;
}

/** Most warnings a summary quotes, the longest quoted line and path, and the hard cap. */
const SUMMARY_WARNINGS = 3;
const SUMMARY_LINE_CHARS = 160;
const SUMMARY_PATH_CHARS = 200;
const SUMMARY_MAX_BYTES = 1000;

/**
 * `render_diagram`: writes the SVG of `text` to `output` and answers with a one-line
 * summary (`3 elements, 2 connections, 41 KB -> docs/arch.svg`, plus at most three
 * warnings; always under 1 KB), never the SVG; with `preview` also a PNG of the static
 * frame. A written diagram's outcome carries `view`: the scene the SVG was rendered from,
 * for the MCP App to draw. Refuses (isError, nothing written) text over the limit, an unsafe output path
 * (the message names the allowed roots), an invalid background, and a diagram with
 * errors (every problem with its line), and a layout past the layout function's time limit.
 * Writes atomically. Calls run through the queue (one at a time per session); a failure never blocks the
 * next call, and a call cancelled while queued never starts.
 */
export function renderDiagram(input: RenderDiagramInput, context: RenderContext): Promise<ToolOutcome> {
  const queue = context.queue ?? new SerialQueue();
  return queue
    .run(() => {
      context.signal?.throwIfAborted();
      return renderNow(input, context);
    })
    .catch((err: unknown) => {
      const messages = serverMessages(context.locale);
      if (err instanceof LayoutTimeoutError) return { isError: true, text: messages.layoutTimedOut(err.timeLimitMs / 1000) };
      if (err instanceof QueueFullError) return { isError: true, text: messages.renderQueueFull(err.scope, err.limit) };
      if (err instanceof WorkerCrashedError) return { isError: true, text: messages.layoutWorkerDied(err.reason === 'out-of-memory') };
      return { isError: true, text: messages.renderFailed((err as Error).message ?? String(err)) };
    });
}

async function renderNow(input: RenderDiagramInput, context: RenderContext): Promise<ToolOutcome> {
  const messages = serverMessages(context.locale);
  if (input.background !== undefined && input.background.trim().toLowerCase() !== 'transparent' && sanitizeColor(input.background) === undefined) {
    return { isError: true, text: messages.invalidBackground(input.background) };
  }

  const roots = await context.roots();
  const source = await diagramSource(input, roots, messages, context.maxTextBytes);
  if (!source.ok) return { isError: true, text: source.message };
  const { text, kept } = source;

  const checked = await checkPathInRoots(input.output, roots, messages);
  if (!checked.ok) return { isError: true, text: checked.message };

  const result = await renderText(text, {
    catalog: context.catalog,
    layout: context.layout,
    theme: input.theme,
    background: input.background,
    animate: true,
    signal: context.signal,
    kept,
  });
  if (!result.ok) {
    const lines = diagnosticLines(result.diagnostics, context.locale, messages);
    return { isError: true, text: [messages.diagramHasErrors(result.counts.errors), ...lines].join('\n') };
  }

  const bytes = Buffer.from(result.svg, 'utf8');
  try {
    await writeOutputAtomic(checked.target, bytes);
  } catch (err) {
    return { isError: true, text: messages.writeFailed(checked.target.display, (err as Error).message) };
  }

  const shownPath = checked.target.display.length > SUMMARY_PATH_CHARS ? `…${checked.target.display.slice(-(SUMMARY_PATH_CHARS - 1))}` : checked.target.display;
  const summary = [messages.renderSummary(result.counts.elements, result.counts.connections, formatSize(bytes.length), shownPath)];
  if (source.note) summary.push(source.note.length > SUMMARY_LINE_CHARS ? `${source.note.slice(0, SUMMARY_LINE_CHARS - 1)}…` : source.note);
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
  const quoted = diagnosticLines(warnings.slice(0, SUMMARY_WARNINGS).map((d) => ({ ...d, suggestions: [] })), context.locale, messages);
  for (const line of quoted) summary.push(line.length > SUMMARY_LINE_CHARS ? `${line.slice(0, SUMMARY_LINE_CHARS - 1)}…` : line);
  const more = warnings.length - SUMMARY_WARNINGS;
  if (more > 0) summary.push(messages.moreWarnings(more));
  // Long non-ASCII lines could still push it over; drop quoted warnings until it fits.
  while (summary.length > 1 && Buffer.byteLength(summary.join('\n'), 'utf8') > SUMMARY_MAX_BYTES) summary.pop();

  const outcome: ToolOutcome = {
    isError: false,
    text: summary.join('\n'),
    view: { scene: result.scene, output: { path: checked.target.path, display: checked.target.display, bytes: bytes.length } },
  };
  if (input.preview) {
    const { png, width, height, scaledDown } = await renderPreviewPng(result.scene, { theme: input.theme, background: input.background, maxWidth: context.previewMaxWidth, rasterize: context.rasterize });
    outcome.image = { mimeType: 'image/png', data: png };
    if (scaledDown) outcome.text += `\n${messages.previewScaledDown(width, height)}`;
  }
  return outcome;
}

