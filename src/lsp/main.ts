// `node dist/lsp.js --stdio` (also `archflow lsp --stdio`): the language server over stdin and
// stdout. stdout carries only the protocol's framed JSON: anything else that would write to
// it (console.log of a dependency) goes to stderr instead.
import { createConnection } from 'vscode-languageserver/node';
import { getIconCatalog } from '../node/iconStore';
import { startServer } from './server';

declare const ARCHFLOW_VERSION: string;

/** Starts the stdio server; the process exits when the client sends `exit` (0 after `shutdown`, else 1). */
export function runStdioServer(): void {
  const log = (message: string) => process.stderr.write(`[archflow lsp] ${message}\n`);
  console.log = console.info = console.debug = (...args: unknown[]) => log(args.map(String).join(' '));
  const connection = createConnection(process.stdin, process.stdout);
  startServer(connection, {
    loadCatalog: () => getIconCatalog(),
    log,
    ...(typeof ARCHFLOW_VERSION === 'string' ? { version: ARCHFLOW_VERSION } : {}),
  });
}
