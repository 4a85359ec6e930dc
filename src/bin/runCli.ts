import { UsageError } from './args';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './cliIo';

export const CLI_USAGE = `usage: archflow <command> [options]

Commands:
  check [--json] [--locale en|pt-BR] FILE...      report problems ("-" reads stdin; .md: its diagram fences)
  render FILE... [-o OUT] [--format svg|png]       draw each FILE as FILE.svg beside it (-o x.png, -o -, -o DIR/)
  render FILE.md... [--out-dir DIR] [--check]      one image per diagram fence of a Markdown file
  layout FILE [--json]                             the laid-out geometry ("-" reads stdin)
  format FILE [--write | --check]                  canonical formatting
  icons search QUERY [--limit N] [--json]          find icon ids
  icons sets [--json]                              list the bundled icon sets
  mcp [serve]                                      run the ArchFlow MCP server (what an AI host starts)
  mcp list|tools|call|read|prompt ...              use the MCP servers you configured
  ask "PROMPT" [--yes] [--json] ...                let Claude draw with every MCP tool
  lsp --stdio                                      the language server, for editors other than VS Code

Run 'archflow <command> --help' for a command's options and examples.
Example: archflow render shop.diagram   (writes shop.svg)
`;

/**
 * Runs one CLI invocation and resolves to its exit code. Usage mistakes surface as
 * UsageError (exit 2 at the entry point); commands load lazily so `check` never pays
 * for the MCP or Anthropic SDKs.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.stderr : io.stdout)(CLI_USAGE);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${typeof ARCHFLOW_VERSION === 'string' ? ARCHFLOW_VERSION : 'dev'}\n`);
    return EXIT_OK;
  }
  // The language server loads none of the other commands' modules.
  if (command === 'lsp') return (await import('./commands/lsp')).runLspCommand(rest, io);
  const commands = await import('./commands');
  switch (command) {
    case 'check':
      return commands.check(rest, io);
    case 'render':
      return commands.render(rest, io);
    case 'layout':
      return commands.layout(rest, io);
    case 'format':
      return commands.format(rest, io);
    case 'icons':
      return commands.icons(rest, io);
    case 'mcp':
      return commands.mcp(rest, io);
    case 'ask':
      return commands.ask(rest, io);
    default:
      throw new UsageError(`archflow: unknown command '${command}'\n\n${CLI_USAGE}`);
  }
}

declare const ARCHFLOW_VERSION: string;
