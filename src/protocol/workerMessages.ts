/**
 * What a worker thread (layout, PNG, analysis) and its caller say to each other. The layout's
 * messages are the same on both runtimes: Node's worker threads (src/node/workerClient.ts) and
 * the web worker of VS Code for the Web (src/extension/web/webLayout.ts). Each request carries an id its answer repeats, so
 * answers are matched to requests whatever order they come back in. Plain structured-clone data.
 */
import type { Analysis } from '../core/analysis';
import type { LayoutOptions } from '../core/layout/index';
import type { DiagramLayout } from '../core/layout/layoutFile';
import type { DiagramModel } from '../core/model';
import type { IconData } from '../core/scene';

/** A request: the payload and the id its answer carries. */
export type WorkerRequest<Payload> = Payload & { id: number };

/** An error as it crosses threads (an `Error` itself does not keep its class on the way). */
export interface WorkerError {
  name: string;
  message: string;
  stack?: string;
}

/** What a worker posts back for the request with the same `id`: a value or an error. */
export type WorkerResponse<Result> = { id: number; value: Result } | { id: number; error: WorkerError };

/** What a layout worker is asked: `layoutWithKept`'s arguments (without `kept`, a fresh layout). */
export interface LayoutPayload {
  model: DiagramModel;
  icons: Record<string, IconData | null>;
  options?: LayoutOptions;
  /** The positions of the diagram's layout file, to keep. */
  kept?: DiagramLayout;
}

/** The two builds of the rasteriser: resvg's native binding and its WebAssembly build. */
export type PngBackendName = 'native' | 'wasm';

/** How an SVG becomes a PNG (`svgToPng`'s options), in-thread or on the PNG worker. */
export interface PngOptions {
  /** Pixel density: 2 gives an image twice as wide and tall as the SVG. Default 1. */
  scale?: number;
  /** A CSS colour painted under the drawing (the SVG's own background still shows above it). */
  background?: string;
  /** Forces a rasteriser; default: `ARCHFLOW_PNG_BACKEND`, else native with the wasm build as fallback. */
  backend?: PngBackendName;
}

/** What the PNG worker is asked. */
export interface PngPayload {
  svg: string;
  options: PngOptions;
}

/** What the analysis worker is asked. */
export interface AnalysisPayload {
  text: string;
}

/** What a check needs of an {@link Analysis}, as the analysis worker answers it; `catalogError` when it could not load the icon catalog (icons then go unchecked). */
export type TextAnalysis = Pick<Analysis, 'diagnostics' | 'counts'> & { catalogError?: string };

/** `error` as a {@link WorkerError}: what is thrown need not be an `Error`. */
export function toWorkerError(error: unknown): WorkerError {
  const e = error instanceof Error ? error : new Error(String(error));
  return { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
}
