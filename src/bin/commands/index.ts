/**
 * Every CLI command with its real dependencies wired in. runCli imports this lazily,
 * so `archflow --help` loads none of it.
 */
import { formatConfigDiagnostic, type McpBuiltinServer } from '../../mcpClient';
import { createDiagramServer } from '../../mcpServer';
import { getIconCatalog } from '../../node/iconStore';
import type { CliIo } from '../cliIo';
import { interruptSignal, runAskCommand, terminalQuestion } from './ask';
import { runCheckCommand } from './check';
import { runFormatCommand } from './format';
import { runIconsCommand } from './icons';
import { runLayoutCommand } from './layout';
import { createCliMcpManager, runMcpCommand, terminalPrompt } from './mcp';
import { runRenderCommand } from './render';

export const check = (args: string[], io: CliIo) => runCheckCommand(args, io, { getIconCatalog });
export const render = (args: string[], io: CliIo) => runRenderCommand(args, io, { getIconCatalog });
export const layout = (args: string[], io: CliIo) => runLayoutCommand(args, io, { getIconCatalog });
export const format = (args: string[], io: CliIo) => runFormatCommand(args, io);
export const icons = (args: string[], io: CliIo) => runIconsCommand(args, io, { getIconCatalog });

/** The diagram server, always present as `archflow`, writing only inside the working directory. */
function builtinServers(io: CliIo): McpBuiltinServer[] {
  return [{ name: 'archflow', createServer: () => createDiagramServer({ roots: [io.cwd] }) }];
}

export const mcp = (args: string[], io: CliIo) =>
  runMcpCommand(args, io, { builtinServers: builtinServers(io), prompt: terminalPrompt(process.stdin, process.stderr) });

export async function ask(args: string[], io: CliIo): Promise<number> {
  const interrupt = interruptSignal(process);
  try {
    return await runAskCommand(args, io, {
      createToolProvider: async (configPath, options) => {
        const manager = createCliMcpManager(io, { builtinServers: builtinServers(io), configPath, prompt: terminalPrompt(process.stdin, process.stderr), ...options });
        await manager.loadConfiguration();
        // A broken configuration is the user's to fix before the model runs: fail with where it is.
        // Warnings and notes (an entry replaced, renamed or skipped) are told, and the run goes on.
        const errors = manager.diagnostics.filter((d) => d.severity === 'error');
        if (errors.length > 0) {
          await manager.dispose();
          throw new Error(errors.map(formatConfigDiagnostic).join('\n'));
        }
        for (const d of manager.diagnostics) io.stderr(`archflow ask: ${formatConfigDiagnostic(d)}\n`);
        return manager;
      },
      question: terminalQuestion(process.stdin, process.stderr, () => interrupt.abort()),
      signal: interrupt.signal,
    });
  } finally {
    interrupt.dispose();
  }
}
