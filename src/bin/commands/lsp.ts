import { UsageError } from '../args';
import { EXIT_OK, type CliIo } from '../cliIo';

export const LSP_USAGE = 'usage: archflow lsp --stdio   the language server for editors (also: node dist/lsp.js --stdio)';

export const LSP_HELP = `usage: archflow lsp --stdio

Runs ArchFlow's language server (diagnostics, completion, hover, formatting, symbols)
on standard input and output, for editors other than VS Code. The editor starts it;
it runs until the editor sends exit. The same server is dist/lsp.js in the extension.

Options:
  --stdio              talk LSP over standard input and output (the only transport)
  -h, --help           this help

Example (Neovim, init.lua):
  vim.lsp.start({ name = 'archflow', cmd = { 'archflow', 'lsp', '--stdio' } })
`;

/**
 * `archflow lsp --stdio`: runs the language server on stdin/stdout. The returned promise
 * never settles: the server owns the process until the client sends `exit`.
 */
export async function runLspCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(LSP_HELP);
    return EXIT_OK;
  }
  const unknown = args.filter((a) => a !== '--stdio');
  if (unknown.length) throw new UsageError(`archflow lsp: unknown option '${unknown[0]}'\n${LSP_USAGE}`);
  const { runStdioServer } = await import('../../lsp/main');
  runStdioServer();
  return new Promise<number>(() => undefined);
}
