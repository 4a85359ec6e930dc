import { MCP_SERVER_USAGE, McpUsageError, parseMcpArgs, SERVER_VERSION, startMcpCli, stderrLogger } from '../mcpServer';

/** How long answers still being computed may delay the exit. */
const DRAIN_AFTER_EOF_MS = 30_000;
const DRAIN_AFTER_SIGNAL_MS = 2_000;

/**
 * Runs the diagram MCP server as this process: `archflow-mcp ARGS` and `archflow mcp [serve] ARGS`
 * are the same server. Stdout carries only the protocol; the process exits on its own when
 * stdin closes or a signal comes (answers in flight are drained first).
 */
export async function serveMcp(argv: string[]): Promise<void> {
  // Stdout is the protocol channel: anything a library prints goes to stderr instead.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const logger = stderrLogger();
  let options;
  try {
    options = parseMcpArgs(argv, process.env);
  } catch (err) {
    if (!(err instanceof McpUsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${MCP_SERVER_USAGE}`);
    process.exit(2);
  }
  if (options.mode === 'help') return void process.stdout.write(MCP_SERVER_USAGE);
  if (options.mode === 'version') return void process.stdout.write(`${SERVER_VERSION}\n`);

  // Handlers go in before anything starts, so a signal during start-up still exits cleanly.
  let running: Awaited<ReturnType<typeof startMcpCli>> | undefined;
  let stopping = false;
  const shutdown = (why: string, drainMs: number) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${why}: closing`);
    if (!running) return process.exit(0);
    running
      .drain(drainMs)
      .then(() => running?.close())
      .then(
        () => exitAfterFlush(0),
        (err: unknown) => {
          logger.error(`closing failed: ${(err as Error).message}`);
          exitAfterFlush(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT', DRAIN_AFTER_SIGNAL_MS));
  process.once('SIGTERM', () => shutdown('SIGTERM', DRAIN_AFTER_SIGNAL_MS));
  if (options.mode === 'stdio') process.stdin.once('end', () => shutdown('stdin closed', DRAIN_AFTER_EOF_MS));
  // A client that went away leaves a broken pipe: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') process.exit(0);
    logger.error(`stdout: ${err.message}`);
  });

  running = await startMcpCli(options, { cwd: process.cwd(), logger, stdin: process.stdin, stdout: process.stdout });
  if (stopping) await running.close().then(() => process.exit(0));
}

/** Exits once stdout has flushed: on macOS and Windows pipe writes are asynchronous. */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.exit(code));
}
