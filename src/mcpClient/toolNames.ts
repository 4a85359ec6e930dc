import { createHash } from 'node:crypto';

/** What a model may call a tool: the pattern the Anthropic and OpenAI APIs accept. */
export const QUALIFIED_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export interface ToolKey {
  server: string;
  tool: string;
}

const MAX_LENGTH = 64;
const FIRST_HASH_LENGTH = 6;
const LONGEST_HASH = 48;

function sanitize(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/g, '_');
}

function plainName(key: ToolKey): string | undefined {
  const name = `${key.server}__${key.tool}`;
  return QUALIFIED_NAME_PATTERN.test(name) ? name : undefined;
}

function hashedName(key: ToolKey, hashLength: number): string {
  const hash = createHash('sha256').update(`${key.server}\u0000${key.tool}`).digest('hex').slice(0, hashLength);
  // Keep the server short so that the tool's own words survive truncation.
  const body = `${sanitize(key.server).slice(0, 24)}__${sanitize(key.tool)}`.slice(0, MAX_LENGTH - 1 - hashLength);
  return `${body}_${hash}`;
}

/**
 * Gives every (server, tool) pair a name for models, `server__tool`, matching
 * `^[a-zA-Z0-9_-]{1,64}$`. A pair whose plain name is invalid (dots, spaces, too long) or
 * collides with another pair's gets a sanitised, truncated name ending in a short hash of the
 * exact pair, lengthened until every name is unique.
 *
 * Guarantees: names are unique; the result depends only on the set of pairs, not their order;
 * a pair's name changes only when a colliding pair appears or disappears. Duplicate pairs get
 * the same name. Names are never meant to be parsed back: keep the returned mapping.
 */
export function qualifyToolNames(keys: readonly ToolKey[]): string[] {
  const distinct = new Map<string, ToolKey>();
  for (const key of keys) distinct.set(`${key.server}\u0000${key.tool}`, key);
  const entries = [...distinct.entries()];
  const hashLengths: number[] = entries.map(([, key]) => (plainName(key) ? 0 : FIRST_HASH_LENGTH));
  const names = entries.map(([, key], i) => plainName(key) ?? hashedName(key, hashLengths[i]));

  for (let round = 0; round < LONGEST_HASH; round++) {
    const byName = new Map<string, number[]>();
    names.forEach((name, i) => byName.set(name, [...(byName.get(name) ?? []), i]));
    let changed = false;
    for (const group of byName.values()) {
      if (group.length < 2) continue;
      for (const i of group) {
        hashLengths[i] = hashLengths[i] === 0 ? FIRST_HASH_LENGTH : Math.min(hashLengths[i] + 2, LONGEST_HASH);
        names[i] = hashedName(entries[i][1], hashLengths[i]);
      }
      changed = true;
    }
    if (!changed) break;
  }

  const byKey = new Map(entries.map(([id], i) => [id, names[i]]));
  return keys.map((key) => byKey.get(`${key.server}\u0000${key.tool}`)!);
}
