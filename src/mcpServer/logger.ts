/**
 * Where the diagram server reports what happens to it. Never stdout: in stdio mode that
 * channel carries only JSON-RPC.
 */
export interface ServerLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Drops everything (the default for in-process servers). */
export const silentLogger: ServerLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * Writes one `[archflow-mcp] level: message` line per call through `write`
 * (standard error by default).
 */
export function stderrLogger(write: (text: string) => void = (t) => void process.stderr.write(t)): ServerLogger {
  const line = (level: string) => (message: string) => write(`[archflow-mcp] ${level}: ${message}\n`);
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
