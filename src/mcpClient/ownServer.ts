import type { McpServerConfig } from './serverConfig';

/** A program's name as typed on any platform: its last path segment, lower case, without a Windows extension. */
function programName(path: string): string {
  const last = path.split(/[\\/]/).pop() ?? '';
  return last.toLowerCase().replace(/\.(cmd|exe|bat|ps1)$/, '');
}

/** The first argument that is not an option (npx's `-y`, `--yes`, node's `--no-warnings`…). */
function firstOperand(args: readonly string[]): string | undefined {
  return args.find((a) => !a.startsWith('-'));
}

/** `archflow-mcp`, `archflow-mcp@1.2.3`, `@scope/archflow-mcp`: the package whose binary is our server. */
const SERVER_PACKAGE = /^(@[^/]+\/)?archflow-mcp(@.*)?$/;
/** The built server script: `dist/mcp.js` of a checkout or of the installed package. */
const SERVER_SCRIPT = /(^|[\\/])dist[\\/]mcp\.js$/;

/**
 * True when a configured server runs ArchFlow's own MCP server, the one built in here:
 * `archflow-mcp` (by any path, or through `npx`/`bunx`/`pnpm dlx`), `node …/dist/mcp.js`,
 * or the CLI's `archflow mcp`. Never true for HTTP entries: what answers at a URL cannot be
 * told from the URL.
 */
export function runsOwnServer(config: McpServerConfig): boolean {
  if (config.type !== 'stdio') return false;
  const program = programName(config.command);
  const args = config.args ?? [];
  if (program === 'archflow-mcp') return true;
  if (program === 'archflow') return args[0] === 'mcp';
  const runner = program === 'pnpm' || program === 'yarn' ? (args[0] === 'dlx' ? args.slice(1) : undefined) : program === 'npx' || program === 'bunx' ? args : undefined;
  if (runner) {
    const operand = firstOperand(runner);
    if (operand === undefined) return false;
    if (SERVER_PACKAGE.test(operand)) return true;
    return /^archflow(@.*)?$/.test(operand) && runner[runner.indexOf(operand) + 1] === 'mcp';
  }
  if (program === 'node' || program === 'bun' || program === 'tsx') {
    const script = firstOperand(args);
    return script !== undefined && (SERVER_SCRIPT.test(script) || programName(script) === 'archflow-mcp');
  }
  return false;
}
