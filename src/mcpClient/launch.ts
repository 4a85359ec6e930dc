import { resolve } from 'node:path';
import type { CommandResolver } from './commandResolver';
import { readEnvFile } from './envFile';
import type { McpConfiguredServer, McpInputSpec } from './serverConfig';
import { substituteVariables } from './variables';

/** A stdio server ready to spawn: variables resolved, command found. */
export interface StdioLaunch {
  kind: 'stdio';
  /** The command as configured (after variables). */
  command: string;
  /** The program that will run. */
  resolvedCommand: string;
  args: string[];
  /** Only what configuration adds; the SDK adds its small default set (HOME, PATH, ...). */
  env: Record<string, string>;
  cwd: string;
  /** Resolved input values, to keep out of messages and logs. */
  secrets: string[];
  /** Variables that were left as written. */
  unknownVariables: string[];
}

/** An HTTP server ready to connect (`http`: Streamable HTTP, falling back to SSE). */
export interface HttpLaunch {
  kind: 'http' | 'sse';
  url: URL;
  headers: Record<string, string>;
  secrets: string[];
  unknownVariables: string[];
}

export type Launch = StdioLaunch | HttpLaunch;

export interface LaunchContext {
  workspaceFolder?: string;
  userHome: string;
  env: Readonly<Record<string, string | undefined>>;
  resolver: CommandResolver;
  /** Resolves an input value (asking the user, or from a cache); rejects when there is none. */
  input(id: string, spec: McpInputSpec, target: McpInputTarget): Promise<string>;
}

/**
 * Where an `${input:ID}` value goes: the server that asks for it, the file (or settings) that
 * configures it, and what it runs or reaches as written there. A stored value is reused only
 * for the same target, so a value typed for one server never reaches another.
 */
export interface McpInputTarget {
  server: string;
  /** File path or source label of the configuration. */
  source: string;
  /** The URL, or the command line, as written in the configuration (variables unexpanded). */
  destination: string;
}

/** The target of a configured server's inputs (see {@link McpInputTarget}). */
export function inputTargetOf(server: McpConfiguredServer): McpInputTarget {
  const config = server.config;
  const destination = config.type === 'stdio' ? commandLine(config.command, config.args ?? []) : config.url;
  return { server: server.name, source: server.source, destination };
}

/**
 * Turns a configured server into something to start: resolves `${...}` variables (asking for
 * inputs), reads `envFile`, and finds the command. Rejects with a message that names the
 * server and the problem; never starts anything.
 */
export async function prepareLaunch(server: McpConfiguredServer, ctx: LaunchContext): Promise<Launch> {
  const secrets: string[] = [];
  const unknown = new Set<string>();
  const variables = {
    ...(ctx.workspaceFolder !== undefined ? { workspaceFolder: ctx.workspaceFolder } : {}),
    userHome: ctx.userHome,
    env: ctx.env,
    format: server.format,
    input: async (id: string) => {
      const spec = server.inputs.get(id);
      if (!spec) throw new Error(`\${input:${id}} is used but ${server.source} declares no input with id '${id}' in "inputs"`);
      const value = await ctx.input(id, spec, inputTargetOf(server));
      if (value.length >= 4) secrets.push(value);
      return value;
    },
  };
  const sub = (text: string) => substituteVariables(text, variables, (name) => unknown.add(name));
  const config = server.config;

  if (config.type === 'stdio') {
    const cwd = resolve(server.baseDir, await sub(config.cwd ?? '.'));
    const args: string[] = [];
    for (const arg of config.args ?? []) args.push(await sub(arg));
    const env: Record<string, string> = {};
    if (config.envFile) Object.assign(env, await readEnvFile(resolve(server.baseDir, await sub(config.envFile))));
    for (const [key, value] of Object.entries(config.env ?? {})) {
      if (value === null) delete env[key];
      else env[key] = await sub(String(value));
    }
    const command = await sub(config.command);
    const found = await ctx.resolver.resolve(command, cwd, env.PATH);
    // A server found through the login shell usually needs that PATH too (npx runs `node`).
    if (found.shellPath && env.PATH === undefined) env.PATH = found.shellPath;
    return { kind: 'stdio', command, resolvedCommand: found.path, args, env, cwd, secrets, unknownVariables: [...unknown] };
  }

  const urlText = await sub(config.url);
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    throw new Error(`"url" ${JSON.stringify(urlText)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"url" must start with http:// or https://, not ${url.protocol}`);
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.headers ?? {})) headers[key] = await sub(value);
  return { kind: config.type, url, headers, secrets, unknownVariables: [...unknown] };
}

/** Replaces every secret in `text` with bullets. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('••••');
  return out;
}

/** A command line for messages, with arguments quoted where needed. */
export function commandLine(program: string, args: readonly string[]): string {
  return [program, ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
}
