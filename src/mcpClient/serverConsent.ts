import { createHash } from 'node:crypto';
import { commandLine } from './launch';
import type { McpConfiguredServer } from './serverConfig';

/**
 * What the user is asked before a server that a project's files define (a workspace folder's
 * `.mcp.json` or `.vscode/mcp.json`) starts. Everything is as written in the file: nothing of
 * the entry has been expanded, no input asked and nothing run or contacted yet.
 */
export interface McpServerConsentRequest {
  server: string;
  /** The file that defines it. */
  source: string;
  transport: 'stdio' | 'http' | 'sse';
  /** The command line, or the URL, as written. */
  launch: string;
  /** `${...}` variables the entry would expand (environment variables, inputs), as written. */
  variables: string[];
  /** Environment variables (stdio) or headers (http) it sets, by name. */
  settings: string[];
  /** The file marks it `trusted`, which is ignored for project servers. */
  asksToBeTrusted: boolean;
  /** Changes whenever anything in the entry (or its inputs) changes: an approval is for this key. */
  key: string;
}

/** Answers a consent request: true to start the server. */
export type McpServerConsent = (request: McpServerConsentRequest) => Promise<boolean>;

/** Builds the question for one configured server (see {@link McpServerConsentRequest}). */
export function consentRequestOf(server: McpConfiguredServer): McpServerConsentRequest {
  const config = server.config;
  const written = JSON.stringify([config, [...server.inputs.values()]]);
  const variables = [...new Set([...written.matchAll(/\$\{([^}]+)\}/g)].map((m) => m[0]))];
  const key = createHash('sha256').update(JSON.stringify([server.source, server.name, written])).digest('hex');
  const base = { server: server.name, source: server.source, variables, asksToBeTrusted: config.trusted === true, key };
  if (config.type === 'stdio') return { ...base, transport: 'stdio', launch: commandLine(config.command, config.args ?? []), settings: Object.keys(config.env ?? {}) };
  return { ...base, transport: config.type, launch: config.url, settings: Object.keys(config.headers ?? {}) };
}

/** Where approvals are remembered (VS Code's workspace state; a map in tests). */
export interface ConsentMemory {
  get(key: string): boolean | undefined;
  update(key: string, value: boolean): PromiseLike<void>;
}

const KEY_PREFIX = 'archflow.mcp.consent.';

/**
 * A consent function that asks once per entry and remembers approvals in `memory` under the
 * entry's key: an entry that changes in any way is asked about again. Refusals are not
 * remembered (the next window asks again).
 */
export function rememberedConsent(memory: ConsentMemory, ask: McpServerConsent): McpServerConsent {
  return async (request) => {
    const key = consentMemoryKey(request);
    if (memory.get(key) === true) return true;
    const approved = await ask(request);
    if (approved) await memory.update(key, true);
    return approved;
  };
}

/** Where {@link rememberedConsent} keeps the approval of `request`. */
export function consentMemoryKey(request: McpServerConsentRequest): string {
  return `${KEY_PREFIX}${request.key}`;
}
