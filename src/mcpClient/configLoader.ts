import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseConfigObject, parseConfigText } from './configFile';
import { runsOwnServer } from './ownServer';
import type { McpConfigDiagnostic, McpConfigSource, McpConfiguredServer } from './serverConfig';

/** Servers from every source (later sources win a name) and every problem found. */
export interface LoadedConfig {
  servers: McpConfiguredServer[];
  diagnostics: McpConfigDiagnostic[];
}

/**
 * The files a workspace configures servers in, in the order they apply: `.mcp.json`, then
 * `.vscode/mcp.json` (so VS Code's file wins a name both define). Both are optional, and both
 * are project sources: their servers need the user's consent to start.
 */
export function workspaceConfigSources(workspaceFolder: string): McpConfigSource[] {
  return [
    { kind: 'file', path: join(workspaceFolder, '.mcp.json'), optional: true, project: true },
    { kind: 'file', path: join(workspaceFolder, '.vscode', 'mcp.json'), optional: true, project: true },
  ];
}

/** Where Claude Desktop keeps its configuration on this platform (it may not exist). */
export function claudeDesktopConfigPath(platform: NodeJS.Platform = process.platform, home = homedir(), env = process.env): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', 'claude_desktop_config.json');
}

/**
 * Reads every source. Never throws: an unreadable or malformed source adds diagnostics and
 * contributes what it can; the servers of other sources are unaffected. A server name defined
 * again by a later source replaces the earlier one (with a warning). An entry under one of
 * `reservedNames` (the built-in servers' names: README tells users to register ours as
 * `archflow`) never takes other servers down: when it runs ArchFlow's own server
 * ({@link runsOwnServer}) it is skipped with an info line, since that server is built in;
 * another program is kept under a free name (`archflow-2`, …) with a warning saying so.
 */
export async function loadConfigSources(
  sources: readonly McpConfigSource[],
  options: { defaultBaseDir: string; reservedNames?: ReadonlySet<string> },
): Promise<LoadedConfig> {
  const byName = new Map<string, McpConfiguredServer>();
  const diagnostics: McpConfigDiagnostic[] = [];
  for (const source of sources) {
    let parsed;
    if (source.kind === 'file') {
      const path = resolve(options.defaultBaseDir, source.path);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && source.optional) continue;
        diagnostics.push({ severity: 'error', source: path, message: code === 'ENOENT' ? 'file not found' : `cannot read the file: ${(error as Error).message}` });
        continue;
      }
      parsed = parseConfigText(text, path);
    } else {
      parsed = parseConfigObject(source.config, source.label, source.baseDir ?? options.defaultBaseDir);
    }
    diagnostics.push(...parsed.diagnostics);
    for (let server of parsed.servers) {
      if (options.reservedNames?.has(server.name)) {
        if (runsOwnServer(server.config)) {
          diagnostics.push({ severity: 'info', source: server.source, server: server.name, message: `'${server.name}' runs ArchFlow's own MCP server, which is built in here: this entry is skipped` });
          continue;
        }
        const taken = (name: string) => byName.has(name) || options.reservedNames!.has(name);
        let free = 2;
        while (taken(`${server.name}-${free}`)) free++;
        const renamed = `${server.name}-${free}`;
        diagnostics.push({ severity: 'warning', source: server.source, server: server.name, message: `the name '${server.name}' belongs to the built-in server: this entry is kept as '${renamed}' (give it another name to choose its own)` });
        server = { ...server, name: renamed };
      }
      const previous = byName.get(server.name);
      if (previous) {
        diagnostics.push({ severity: 'warning', source: server.source, server: server.name, message: `server '${server.name}' replaces the one defined in ${previous.source}` });
        byName.delete(server.name);
      }
      byName.set(server.name, source.project ? { ...server, project: true } : server);
    }
  }
  return { servers: [...byName.values()], diagnostics };
}
