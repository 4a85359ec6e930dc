import { createHash } from 'node:crypto';
import type { McpInputTarget } from './launch';
import type { McpInputSpec } from './serverConfig';

/** Where typed values are kept between sessions (VS Code's SecretStorage fits). */
export interface InputSecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
}

/** Asks the user for a value; the question names the server and its destination. `undefined`: declined. */
export type InputQuestion = (id: string, spec: McpInputSpec, target: McpInputTarget) => PromiseLike<string | undefined>;

const KEY_PREFIX = 'archflow.mcp.input.';

/**
 * The storage key of one input value: its id together with the configuration source, the
 * server name and the URL or command as written. The store is shared by every workspace, so
 * a repository that declares the same input id for its own server (or another URL) gets a
 * key of its own and therefore a new question, never the value typed for someone else.
 */
export function inputSecretKey(id: string, target: McpInputTarget): string {
  const digest = createHash('sha256').update(JSON.stringify([target.source, target.server, target.destination, id])).digest('hex');
  return `${KEY_PREFIX}${digest}`;
}

/**
 * A `resolveInput` for `McpClientManager` that remembers answers in `store`: a stored value
 * is returned only to the same source, server and destination it was typed for; otherwise
 * `ask` runs (naming the server and its URL or command) and a given answer is stored.
 */
export function storedInputResolver(store: InputSecretStore, ask: InputQuestion): (id: string, spec: McpInputSpec, target: McpInputTarget) => Promise<string | undefined> {
  return async (id, spec, target) => {
    const key = inputSecretKey(id, target);
    const stored = await store.get(key);
    if (stored !== undefined) return stored;
    const value = await ask(id, spec, target);
    if (value !== undefined) await store.store(key, value);
    return value;
  };
}
