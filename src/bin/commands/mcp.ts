import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { CallToolResult, ElicitResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import {
  formatConfigDiagnostic,
  McpClientManager,
  workspaceConfigSources,
  type McpBuiltinServer,
  type McpClientManagerOptions,
  type McpElicitationRequest,
  type McpServerConsentRequest,
  type McpServerStatus,
  defaultEraCacheFile,
  fileEraStore,
} from '../../mcpClient/index';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';

export const MCP_USAGE = `Usage:
  archflow mcp [serve] [--http] [--root DIR]...       run the ArchFlow diagram MCP server (stdio by
                                                      default; same as archflow-mcp, see archflow-mcp --help)
  archflow mcp list [--config FILE] [--json]          servers, status, counts, errors
  archflow mcp tools SERVER [--config FILE] [--json]   one server's tools
  archflow mcp call SERVER TOOL [--args JSON] [--config FILE] [--json]
  archflow mcp read SERVER URI [--config FILE]         print a resource
  archflow mcp prompt SERVER NAME [--args JSON] [--config FILE]

Without --config, .mcp.json and .vscode/mcp.json in the current directory are read
(VS Code's "servers" format and the "mcpServers" format of .mcp.json and Claude
Desktop). The built-in 'archflow' server is always there.
A server those project files define starts only once approved: on a terminal you are
asked (its command or URL shown); without one, pass --approve-project-servers. A file
named with --config is your own choice and is not asked about.
Exit codes: 0 done, 1 a server failed, a tool returned an error, or the
configuration has errors (list), 2 bad usage or an unreadable --config file.

Examples:
  claude mcp add archflow -- npx -y archflow mcp      ArchFlow's server in Claude Code
  archflow mcp serve --http --port 3333               the server over HTTP
  archflow mcp list
  archflow mcp tools archflow
  archflow mcp call archflow check_diagram --args '{"text": "a -> b"}'
`;

/** Asks one question on a terminal; `secret` hides what is typed. */
export type TerminalPrompt = (question: string, options: { secret: boolean; signal: AbortSignal }) => Promise<string>;

/** What `archflow mcp` needs from its entry point. */
export interface McpCommandDeps {
  /** Always present, reached in memory (the entry point passes the diagram server as `archflow`). */
  builtinServers: McpBuiltinServer[];
  /**
   * Asks on the terminal (see {@link terminalPrompt}); used for `${input:ID}` values and for
   * servers' elicitation. Without it (or without a terminal), inputs fail with a message that
   * says which one, and elicitation is declined.
   */
  prompt?: TerminalPrompt;
  /** Overrides (timeouts in tests). */
  managerOptions?: Partial<McpClientManagerOptions>;
  /** `--approve-project-servers`: start the servers of the folder's own files without asking. */
  approveProjectServers?: boolean;
}

/**
 * The MCP client manager as the CLI uses it: configuration from `--config FILE` or the
 * current directory's files, the current directory as workspace folder and root, inputs and
 * elicitation asked on the terminal when there is one. `archflow ask` uses the same.
 */
export function createCliMcpManager(io: CliIo, deps: McpCommandDeps & { configPath?: string }): McpClientManager {
  const prompt = io.isTty ? deps.prompt : undefined;
  return new McpClientManager({
    sources: deps.configPath ? [{ kind: 'file', path: resolve(io.cwd, deps.configPath) }] : workspaceConfigSources(io.cwd),
    workspaceFolder: io.cwd,
    roots: [io.cwd],
    env: io.env,
    // A terminal's PATH already is the login shell's; ask the shell only when PATH lacks a command.
    loginShell: 'fallback',
    builtinServers: deps.builtinServers,
    resolveInput: async (id, input, target) => {
      if (!prompt) return undefined;
      const question = `${input.description ?? `Value for '${id}'`} (for server '${target.server}', ${target.destination})`;
      const answer = await prompt(`${question}${input.default ? ` [${input.default}]` : ''}: `, {
        secret: input.password === true,
        signal: new AbortController().signal,
      });
      return answer === '' && input.default !== undefined ? input.default : answer;
    },
    consent: (request) => consentOnTerminal(request, io, prompt, deps.approveProjectServers === true),
    elicit: (request) => elicitOnTerminal(request, io, prompt),
    // Servers set to `protocol: "auto"` are probed once; the verdict is kept for the next run.
    eraStore: fileEraStore(defaultEraCacheFile(io.env)),
    ...deps.managerOptions,
  });
}

/**
 * Whether a server of the folder's own files may start: yes with `--approve-project-servers`;
 * on a terminal, the user's answer to a question showing what it runs or reaches; otherwise
 * no, and stderr says how to allow it.
 */
async function consentOnTerminal(request: McpServerConsentRequest, io: CliIo, prompt: TerminalPrompt | undefined, approved: boolean): Promise<boolean> {
  if (approved) return true;
  if (!prompt) {
    io.stderr(`server '${request.server}' defined in ${request.source} was not started: this run cannot ask for approval (no terminal); pass --approve-project-servers to start the servers of this folder's .mcp.json and .vscode/mcp.json\n`);
    return false;
  }
  const what = request.transport === 'stdio' ? `runs: ${request.launch}` : `connects to: ${request.launch}`;
  io.stderr(
    `${request.source} defines the MCP server '${request.server}', which ${what}\n` +
      (request.variables.length ? `  and reads ${request.variables.join(', ')}\n` : '') +
      (request.asksToBeTrusted ? `  (its "trusted": true is ignored: its tools are asked about like any other)\n` : ''),
  );
  const answer = await prompt(`Start '${request.server}'? [y/N] `, { secret: false, signal: new AbortController().signal });
  return /^y(es)?$/i.test(answer.trim());
}

/**
 * `archflow mcp`: lists the configured servers and calls their tools, resources and prompts.
 * `args` exclude the word `mcp`. Throws UsageError for bad usage (exit 2 at the entry point).
 */
export async function runMcpCommand(args: string[], io: CliIo, deps: McpCommandDeps): Promise<number> {
  const [sub, ...rest] = args;
  // The diagram server itself, as `npx -y archflow mcp` in an MCP host's configuration: a host
  // starts it with pipes, so `archflow mcp` alone serves unless a person typed it on a terminal.
  const serverArgs = sub === 'serve' ? rest : sub === undefined && io.stdinIsTty === false ? [] : sub?.startsWith('--') && sub !== '--help' ? args : undefined;
  if (serverArgs) {
    await (await import('../serveMcp')).serveMcp(serverArgs);
    return EXIT_OK;
  }
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout)(MCP_USAGE);
    return sub === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const commands: Record<string, { positionals: string[]; options: Array<'json' | 'args'> }> = {
    list: { positionals: [], options: ['json'] },
    tools: { positionals: ['SERVER'], options: ['json'] },
    call: { positionals: ['SERVER', 'TOOL'], options: ['json', 'args'] },
    read: { positionals: ['SERVER', 'URI'], options: [] },
    prompt: { positionals: ['SERVER', 'NAME'], options: ['args'] },
  };
  const spec = commands[sub];
  if (!spec) throw new UsageError(`archflow mcp: unknown subcommand '${sub}'\n\n${MCP_USAGE}`);
  const { values, positionals } = parseCommandArgs(`mcp ${sub}`, rest, {
    config: { type: 'string' },
    'approve-project-servers': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    ...(spec.options.includes('json') ? { json: { type: 'boolean' } } : {}),
    ...(spec.options.includes('args') ? { args: { type: 'string' } } : {}),
  });
  if (values.help) {
    io.stdout(MCP_USAGE);
    return EXIT_OK;
  }
  if (positionals.length !== spec.positionals.length) {
    throw new UsageError(`archflow mcp ${sub}: expected ${spec.positionals.length ? spec.positionals.join(' ') : 'no arguments'}\n\n${MCP_USAGE}`);
  }
  const toolArgs = parseJsonArgs(sub, (values as { args?: string }).args);
  const configPath = values.config as string | undefined;
  if (configPath !== undefined && !existsSync(resolve(io.cwd, configPath))) {
    io.stderr(`archflow mcp: cannot read --config ${configPath}: file not found\n`);
    return EXIT_USAGE;
  }
  const json = (values as { json?: boolean }).json === true;
  const approveProjectServers = (values as { 'approve-project-servers'?: boolean })['approve-project-servers'] === true;
  const manager = createCliMcpManager(io, { ...deps, approveProjectServers, ...(configPath !== undefined ? { configPath } : {}) });
  try {
    await manager.loadConfiguration();
    for (const d of manager.diagnostics) io.stderr(`${formatConfigDiagnostic(d)}\n`);
    switch (sub) {
      case 'list':
        return await listServers(manager, io, json);
      case 'tools':
        return await listTools(manager, io, positionals[0], json);
      case 'call':
        return await callTool(manager, io, positionals[0], positionals[1], toolArgs, json);
      case 'read':
        return printResource(await manager.readResource(positionals[0], positionals[1]), io);
      default:
        return printPrompt(await manager.getPrompt(positionals[0], positionals[1], stringArgs(toolArgs)), io);
    }
  } catch (error) {
    io.stderr(`archflow mcp ${sub}: ${(error as Error).message}\n`);
    return EXIT_FAILURE;
  } finally {
    await manager.dispose();
  }
}

function parseJsonArgs(sub: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`archflow mcp ${sub}: --args is not valid JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`archflow mcp ${sub}: --args must be a JSON object, e.g. '{"text": "a -> b"}'`);
  return value as Record<string, unknown>;
}

function stringArgs(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

async function listServers(manager: McpClientManager, io: CliIo, json: boolean): Promise<number> {
  const statuses = await manager.connectAll();
  const failed = statuses.filter((s) => s.state === 'failed');
  const configErrors = manager.diagnostics.filter((d) => d.severity === 'error');
  if (json) {
    io.stdout(`${JSON.stringify({ servers: statuses.map(statusJson), diagnostics: manager.diagnostics }, null, 2)}\n`);
  } else {
    const count = (s: McpServerStatus, key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts') => (s.counts ? String(s.counts[key]) : '-');
    const rows = [['SERVER', 'STATUS', 'TRANSPORT', 'PROTOCOL', 'TOOLS', 'RESOURCES', 'TEMPLATES', 'PROMPTS', 'SOURCE']];
    for (const s of statuses) rows.push([s.name, s.state, s.transport, protocolColumn(s), count(s, 'tools'), count(s, 'resources'), count(s, 'resourceTemplates'), count(s, 'prompts'), s.source]);
    io.stdout(table(rows));
    for (const s of failed) io.stdout(`\n${s.name}:\n${indent(s.error ?? 'failed')}\n`);
  }
  return failed.length || configErrors.length ? EXIT_FAILURE : EXIT_OK;
}

/** `2025-11-25 (legacy)`, `2026-07-28 (modern, auto)`; before a connection, what it is set to. */
function protocolColumn(s: McpServerStatus): string {
  if (!s.protocol) return `(${s.protocolSetting})`;
  const how = [s.protocol.era, ...(s.protocolSetting === 'auto' ? ['auto'] : [])].join(', ');
  return `${s.protocol.version ?? '?'} (${how})`;
}

function statusJson(s: McpServerStatus) {
  return {
    name: s.name,
    state: s.state,
    transport: s.transport,
    protocol: { setting: s.protocolSetting, ...(s.protocol ? { era: s.protocol.era, ...(s.protocol.version ? { version: s.protocol.version } : {}) } : {}) },
    source: s.source,
    builtin: s.builtin,
    trusted: s.trusted,
    ...(s.counts ?? {}),
    ...(s.serverInfo ? { serverInfo: s.serverInfo } : {}),
    ...(s.error ? { error: s.error } : {}),
  };
}

async function listTools(manager: McpClientManager, io: CliIo, server: string, json: boolean): Promise<number> {
  const tools = await manager.listServerTools(server);
  if (json) {
    const out = tools.map((t) => ({ ...t.tool, qualifiedName: t.qualifiedName, fingerprint: t.fingerprint }));
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    return EXIT_OK;
  }
  if (!tools.length) {
    io.stdout(`server '${server}' offers no tools\n`);
    return EXIT_OK;
  }
  const hints = (t: (typeof tools)[number]) =>
    [t.tool.annotations?.readOnlyHint ? 'read-only' : '', t.tool.annotations?.destructiveHint ? 'destructive' : ''].filter(Boolean).join(', ');
  const rows = tools.map((t) => {
    const hint = hints(t);
    return [t.tool.name, `${(t.tool.description ?? '').split('\n')[0]}${hint ? ` (${hint})` : ''}`];
  });
  io.stdout(table(rows));
  return EXIT_OK;
}

async function callTool(manager: McpClientManager, io: CliIo, server: string, tool: string, args: Record<string, unknown>, json: boolean): Promise<number> {
  const tools = await manager.listServerTools(server);
  if (!tools.some((t) => t.tool.name === tool)) {
    io.stderr(`archflow mcp call: server '${server}' has no tool '${tool}'; its tools: ${tools.map((t) => t.tool.name).join(', ') || 'none'}\n`);
    return EXIT_FAILURE;
  }
  const result = await manager.callServerTool(server, tool, args);
  if (json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else (result.isError ? io.stderr : io.stdout)(renderContent(result));
  return result.isError ? EXIT_FAILURE : EXIT_OK;
}

/** A tool result for a terminal: texts as they are, other content described in one line. */
export function renderContent(result: CallToolResult): string {
  const parts: string[] = [];
  for (const item of result.content ?? []) {
    switch (item.type) {
      case 'text':
        parts.push(item.text);
        break;
      case 'image':
      case 'audio':
        parts.push(`[${item.type} ${item.mimeType}, ${Buffer.from(item.data, 'base64').length} bytes]`);
        break;
      case 'resource_link':
        parts.push(`[resource link ${item.uri}${item.name ? ` (${item.name})` : ''}]`);
        break;
      case 'resource':
        parts.push('text' in item.resource ? item.resource.text : `[resource ${item.resource.uri}${item.resource.mimeType ? ` ${item.resource.mimeType}` : ''}]`);
        break;
    }
  }
  if (!parts.length && result.structuredContent) parts.push(JSON.stringify(result.structuredContent, null, 2));
  return parts.map((p) => (p.endsWith('\n') ? p : `${p}\n`)).join('');
}

function printResource(result: ReadResourceResult, io: CliIo): number {
  for (const item of result.contents) {
    if ('text' in item && typeof item.text === 'string') io.stdout(item.text.endsWith('\n') ? item.text : `${item.text}\n`);
    else if ('blob' in item) io.stdout(`[binary ${item.uri}${item.mimeType ? ` ${item.mimeType}` : ''}, ${Buffer.from(String(item.blob), 'base64').length} bytes]\n`);
  }
  return EXIT_OK;
}

function printPrompt(result: GetPromptResult, io: CliIo): number {
  if (result.description) io.stdout(`${result.description}\n\n`);
  for (const message of result.messages) {
    const content = message.content;
    const text =
      content.type === 'text'
        ? content.text
        : content.type === 'resource' && 'text' in content.resource
          ? content.resource.text
          : `[${content.type}]`;
    io.stdout(`[${message.role}]\n${text}\n\n`);
  }
  return EXIT_OK;
}

/**
 * Answers a server's form on the terminal, one field at a time (empty keeps the default).
 * Without a terminal the form is declined, and the user is told which server asked.
 */
async function elicitOnTerminal(request: McpElicitationRequest, io: CliIo, prompt: TerminalPrompt | undefined): Promise<ElicitResult> {
  if (!prompt) {
    io.stderr(`server '${request.server}' asked: ${request.message} (declined: no terminal to answer on)\n`);
    return { action: 'decline' };
  }
  const ask = (q: string) => prompt(q, { secret: false, signal: request.signal });
  io.stderr(`server '${request.server}' asks: ${request.message}\n`);
  if (!/^y/i.test(await ask('Answer? [y]es / [n]o: '))) return { action: 'decline' };
  const content: Record<string, string | number | boolean | string[]> = {};
  const required = new Set(request.requestedSchema.required ?? []);
  for (const [key, raw] of Object.entries(request.requestedSchema.properties)) {
    const field = raw as { type?: string; title?: string; description?: string; default?: unknown; enum?: string[]; oneOf?: Array<{ const: string; title?: string }> };
    const choices = field.enum ?? field.oneOf?.map((o) => o.const);
    const label = `${field.title ?? key}${field.description ? ` (${field.description})` : ''}${choices ? ` {${choices.join(', ')}}` : ''}${field.default !== undefined ? ` [${String(field.default)}]` : ''}${required.has(key) ? ' *' : ''}: `;
    const answer = (await ask(label)).trim();
    if (answer === '') continue;
    if (field.type === 'boolean') content[key] = /^(y|yes|true|1)$/i.test(answer);
    else if (field.type === 'number' || field.type === 'integer') content[key] = Number(answer);
    else if (field.type === 'array') content[key] = answer.split(',').map((s) => s.trim()).filter(Boolean);
    else content[key] = answer;
  }
  return { action: 'accept', content };
}

/**
 * A {@link TerminalPrompt} over a terminal: one readline question on `output` (stderr, so
 * stdout stays the command's output); for secrets, what is typed is not echoed.
 */
export function terminalPrompt(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): TerminalPrompt {
  return async (question, { secret, signal }) => {
    let muted = false;
    const shown = new Writable({
      write(chunk, encoding, done) {
        if (!muted) output.write(chunk, encoding);
        done();
      },
    });
    const rl = createInterface({ input, output: shown, terminal: true });
    try {
      const answer = rl.question(question, { signal });
      muted = secret;
      return await answer;
    } finally {
      rl.close();
      if (secret) output.write('\n');
    }
  };
}
