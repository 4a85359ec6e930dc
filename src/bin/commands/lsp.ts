import { UsageError } from '../args';
import { EXIT_OK, type CliIo } from '../cliIo';

export const LSP_USAGE = 'usage: archflow lsp --stdio   the language server for editors (also: node dist/lsp.js --stdio)';

/**
 * `archflow lsp --stdio`: runs the language server on stdin/stdout. The returned promise
 * never settles: the server owns the process until the client sends `exit`.
 */
export async function runLspCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(`${LSP_USAGE}\n`);
    return EXIT_OK;
  }
  const unknown = args.filter((a) => a !== '--stdio');
  if (unknown.length) throw new UsageError(`archflow lsp: unknown option '${unknown[0]}'\n${LSP_USAGE}`);
  const { runStdioServer } = await import('../../lsp/main');
  runStdioServer();
  return new Promise<number>(() => undefined);
}
