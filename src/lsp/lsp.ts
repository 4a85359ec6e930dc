// The entry of dist/lsp.js: a language server that needs nothing but `node` (its own small
// bundle, none of the CLI's). Accepts `--stdio` (the only transport), as editors pass it.
import { runStdioServer } from './main';

const unknown = process.argv.slice(2).filter((a) => a !== '--stdio');
if (unknown.length) {
  process.stderr.write(`usage: node lsp.js --stdio (unknown: ${unknown.join(' ')})\n`);
  process.exit(2);
}
runStdioServer();
