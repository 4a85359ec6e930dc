/**
 * A server could not be reached: it failed to start, crashed, was stopped, or is not
 * configured. The message always says which server and why, in words a user can act on.
 */
export class McpServerError extends Error {
  override name = 'McpServerError';
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
  }
}

/** A request got no answer (and no progress) in time, or ran past its total limit. */
export class McpTimeoutError extends Error {
  override name = 'McpTimeoutError';
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
  }
}

/** The caller aborted a request; MCP cancellation was sent to the server. Named like DOM aborts. */
export class McpCancelledError extends Error {
  override name = 'AbortError';
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
  }
}

/** Formats seconds for messages: `0.5 s`, `60 s`. */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** An error's message with its `cause` chain, for errors such as `fetch failed`. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let text = error.message;
  let cause: unknown = (error as { cause?: unknown }).cause;
  for (let depth = 0; cause && depth < 3; depth++) {
    const part = cause instanceof Error ? cause.message : String(cause);
    if (part && !text.includes(part)) text += `: ${part}`;
    cause = cause instanceof Error ? (cause as { cause?: unknown }).cause : undefined;
  }
  return text;
}
