import { DIAGRAM_VIEW_META_KEY, isDrawn, type DiagramNotDrawn, type DiagramViewData } from '../../src/protocol/mcpAppMessages';
import { parseDiagramView } from '../../src/protocol/index';

/** A tool result as the host hands it to the view (the parts the view reads). */
export interface ToolResultLike {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/**
 * What the view shows, from its first frame to the drawing: every phase has its own
 * message, so the frame is never blank, whatever the host does or fails to do.
 */
export type ViewPhase =
  /** Waiting for the host to answer `ui/initialize`. */
  | { kind: 'connecting' }
  /** The host has not answered for a while (still waiting). */
  | { kind: 'hostSilent' }
  /** The handshake failed or timed out. */
  | { kind: 'hostFailed'; error: string }
  /** Connected; the tool call has not started yet. */
  | { kind: 'waiting' }
  /** The model is still writing the call (streamed arguments). */
  | { kind: 'writing'; lines: number }
  /** The call is complete and running on the server; `output`: the file it names. */
  | { kind: 'rendering'; output?: string }
  | { kind: 'drawn'; data: DiagramViewData; summary: string }
  /** The call wrote or showed a diagram whose text has errors: nothing to draw, and why. */
  | { kind: 'notDrawn'; data: DiagramNotDrawn }
  /** The tool answered with an error (diagram errors, a refused path…): its text. */
  | { kind: 'failed'; message: string }
  /** The result carries no drawing the view can read. */
  | { kind: 'unreadable'; missing: boolean; error: string; summary: string }
  | { kind: 'cancelled'; reason?: string };

export type ViewEvent =
  | { type: 'connected' }
  | { type: 'slowHost' }
  | { type: 'connectFailed'; error: string }
  | { type: 'toolInputPartial'; arguments?: Record<string, unknown> }
  | { type: 'toolInput'; arguments?: Record<string, unknown> }
  | { type: 'toolResult'; result: ToolResultLike }
  | { type: 'toolCancelled'; reason?: string };

export const INITIAL_PHASE: ViewPhase = { kind: 'connecting' };

/**
 * The next phase after `event`. Pure. Once the call is over (drawn, failed, unreadable,
 * cancelled) late or repeated inputs change nothing, a cancellation after a drawing keeps
 * the drawing (or the problems a result gave instead), and a new result replaces the old one
 * (hosts may re-send it).
 */
export function nextPhase(phase: ViewPhase, event: ViewEvent): ViewPhase {
  const over = phase.kind === 'drawn' || phase.kind === 'notDrawn' || phase.kind === 'failed' || phase.kind === 'unreadable' || phase.kind === 'cancelled';
  switch (event.type) {
    case 'connected':
      return phase.kind === 'connecting' || phase.kind === 'hostSilent' || phase.kind === 'hostFailed' ? { kind: 'waiting' } : phase;
    case 'slowHost':
      return phase.kind === 'connecting' ? { kind: 'hostSilent' } : phase;
    case 'connectFailed':
      return phase.kind === 'connecting' || phase.kind === 'hostSilent' ? { kind: 'hostFailed', error: event.error } : phase;
    case 'toolInputPartial':
      return phase.kind === 'waiting' || phase.kind === 'writing' ? { kind: 'writing', lines: lineCount(event.arguments?.text) } : phase;
    case 'toolInput':
      if (over) return phase;
      return { kind: 'rendering', ...fileOf(event.arguments) };
    case 'toolResult':
      return fromResult(event.result);
    case 'toolCancelled':
      return phase.kind === 'drawn' || phase.kind === 'notDrawn' ? phase : { kind: 'cancelled', ...(event.reason ? { reason: event.reason } : {}) };
  }
}

function fromResult(result: ToolResultLike): ViewPhase {
  const text = (result.content ?? []).flatMap((c) => (c.type === 'text' && typeof c.text === 'string' ? [c.text] : [])).join('\n');
  if (result.isError) return { kind: 'failed', message: text };
  const summary = text.split('\n')[0] ?? '';
  const raw = result._meta?.[DIAGRAM_VIEW_META_KEY];
  if (raw === undefined) return { kind: 'unreadable', missing: true, error: '', summary };
  const parsed = parseDiagramView(raw);
  if (!parsed.ok) return { kind: 'unreadable', missing: false, error: parsed.error, summary };
  return isDrawn(parsed.value) ? { kind: 'drawn', data: parsed.value, summary } : { kind: 'notDrawn', data: parsed.value };
}

/** The file a call names: render_diagram's `output` (an SVG), the editor tools' `path` (a .diagram). */
function fileOf(args: Record<string, unknown> | undefined): { output?: string } {
  const file = args?.output ?? args?.path;
  return typeof file === 'string' ? { output: file } : {};
}

function lineCount(text: unknown): number {
  return typeof text === 'string' && text.length > 0 ? text.split('\n').filter((l) => l.trim()).length : 0;
}
