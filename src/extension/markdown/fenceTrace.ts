/**
 * Timestamps of a Markdown fence's way from a change to the preview (the change, the layout,
 * the render, the files), for the benchmark's breakdown (`ARCHFLOW_MD_TRACE`, see
 * fenceTraceFile.ts). Absent in normal use: every call site is `trace?.(...)`.
 */
export type FenceTrace = (event: string, detail?: Record<string, unknown>) => void;
