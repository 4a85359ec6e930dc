import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PriorDiscovery } from '@modelcontextprotocol/client';

/** One remembered verdict and when it was found. */
export interface StoredEraVerdict {
  verdict: PriorDiscovery;
  at: number;
}

/** Where verdicts outlive the process: the extension's globalState, the CLI's cache file. */
export interface EraVerdictStore {
  load(): Record<string, StoredEraVerdict>;
  save(all: Record<string, StoredEraVerdict>): void;
}

/**
 * A legacy verdict goes stale silently (an upgraded server still answers `initialize`), so it is
 * probed again after a week; a stale modern verdict fails loudly at connect and is forgotten then.
 */
const LEGACY_VERDICT_MS = 7 * 24 * 3600_000;
const MODERN_VERDICT_MS = 30 * 24 * 3600_000;

/**
 * The era verdicts of servers set to `auto`, by launch fingerprint. Over stdio the SDK's
 * `server/discover` probe runs on a disposable sibling process: without this, every connection
 * to an `npx` server would start it twice.
 */
export class EraCache {
  private entries?: Record<string, StoredEraVerdict>;

  constructor(
    private readonly store?: EraVerdictStore,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): PriorDiscovery | undefined {
    const entry = this.all()[key];
    if (!entry) return undefined;
    const maxAge = entry.verdict.kind === 'legacy' ? LEGACY_VERDICT_MS : MODERN_VERDICT_MS;
    return this.now() - entry.at <= maxAge ? entry.verdict : undefined;
  }

  set(key: string, verdict: PriorDiscovery): void {
    this.all()[key] = { verdict, at: this.now() };
    this.persist();
  }

  forget(key: string): void {
    const all = this.all();
    if (!(key in all)) return;
    delete all[key];
    this.persist();
  }

  private all(): Record<string, StoredEraVerdict> {
    if (!this.entries) {
      let loaded: Record<string, StoredEraVerdict> = {};
      try {
        loaded = this.store?.load() ?? {};
      } catch {
        // A damaged cache costs one probe per server, nothing more.
      }
      this.entries = Object.fromEntries(Object.entries(loaded).filter(([, e]) => isStoredVerdict(e)));
    }
    return this.entries;
  }

  private persist(): void {
    try {
      this.store?.save({ ...this.all() });
    } catch {
      // Not remembering is only slower.
    }
  }
}

function isStoredVerdict(value: unknown): value is StoredEraVerdict {
  if (!value || typeof value !== 'object') return false;
  const { verdict, at } = value as Partial<StoredEraVerdict>;
  if (typeof at !== 'number' || !verdict || typeof verdict !== 'object') return false;
  return verdict.kind === 'legacy' || (verdict.kind === 'modern' && typeof verdict.discover === 'object' && verdict.discover !== null);
}

/** `$XDG_CACHE_HOME/archflow/mcp-protocol-eras.json`, else under `~/.cache`. */
export function defaultEraCacheFile(env: Readonly<Record<string, string | undefined>> = process.env, home = homedir()): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'archflow', 'mcp-protocol-eras.json');
}

/** Verdicts in a JSON file (the CLI's); written whole, through a temporary file. */
export function fileEraStore(path: string): EraVerdictStore {
  return {
    load: () => {
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as Record<string, StoredEraVerdict>;
      } catch {
        return {};
      }
    },
    save: (all) => {
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(all, null, 1)}\n`);
      renameSync(temporary, path);
    },
  };
}
