import { parse as parsePath, relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/server';
import type { ServerLogger } from './logger';
import { resolveRoots } from './pathSafety';

/** A fixed list of directories or a function that gives the current ones. */
export type RootsInput = readonly string[] | (() => Promise<readonly string[]> | readonly string[]);

export interface AllowedRootsOptions {
  /** Used when the client announces no roots (or cannot). */
  fallback: RootsInput;
  /** Always allowed, in addition to the client's roots or the fallback. */
  extra: readonly string[];
  /** Ask the client for MCP roots when it offers them. */
  useClientRoots: boolean;
  /**
   * The client's roots may only narrow the fallback and extra roots, never widen them: a
   * client root outside them is ignored. For HTTP, where the client is whoever reaches the port.
   */
  clientRootsOnlyNarrow?: boolean;
  logger: ServerLogger;
}

/**
 * The directories `render_diagram` may write into, as realpaths, first root first.
 *
 * When the client announced the `roots` capability, its `file://` roots are read on first
 * use and again after every `notifications/roots/list_changed`; otherwise (or when the
 * client lists none or fails to answer) the fallback is used. The extra roots are always
 * appended. With `clientRootsOnlyNarrow`, only client roots inside the fallback or extra
 * roots count, and without any such root the fallback and extra roots are used. A file-system
 * root (`/`, `C:\`) is never a root. Directories that do not exist are left out and logged.
 */
export class AllowedRoots {
  private clientRoots: Promise<string[] | undefined> | undefined;

  constructor(
    private readonly server: Server,
    private readonly options: AllowedRootsOptions,
  ) {
    if (options.useClientRoots) {
      server.setNotificationHandler('notifications/roots/list_changed', () => {
        this.clientRoots = undefined;
      });
    }
  }

  async current(): Promise<string[]> {
    const f = this.options.fallback;
    const own = [...(typeof f === 'function' ? await f() : f)];
    const client = await this.fromClient();
    if (this.options.clientRootsOnlyNarrow) {
      const ownRoots = await this.resolve([...own, ...this.options.extra]);
      const inside: string[] = [];
      for (const r of client ? await this.resolve(client) : []) {
        if (ownRoots.some((o) => isWithin(r, o))) inside.push(r);
        else this.options.logger.warn(`ignoring the client's root ${r}: outside the server's own roots (the start directory and --root)`);
      }
      return inside.length > 0 ? inside : ownRoots;
    }
    return this.resolve([...(client && client.length > 0 ? client : own), ...this.options.extra]);
  }

  private async resolve(dirs: readonly string[]): Promise<string[]> {
    const { roots, skipped } = await resolveRoots(dirs);
    for (const s of skipped) this.options.logger.warn(`ignoring root ${s}: not an existing directory`);
    const fsRoots = roots.filter((r) => parsePath(r).root === r);
    for (const r of fsRoots) this.options.logger.warn(`ignoring root ${r}: a file-system root would make the whole disk writable`);
    return roots.filter((r) => !fsRoots.includes(r));
  }

  private fromClient(): Promise<string[] | undefined> {
    if (!this.options.useClientRoots || !this.server.getClientCapabilities()?.roots) return Promise.resolve(undefined);
    this.clientRoots ??= this.server.listRoots(undefined, { timeout: 10_000 }).then(
      ({ roots }) =>
        roots.flatMap((r) => {
          if (!r.uri.startsWith('file://')) return [];
          try {
            return [fileURLToPath(r.uri)];
          } catch {
            return [];
          }
        }),
      (err: unknown) => {
        this.options.logger.warn(`the client did not list its roots (${(err as Error).message}); using the start directory`);
        // Ask again next time rather than caching a failure.
        this.clientRoots = undefined;
        return undefined;
      },
    );
    return this.clientRoots;
  }
}

function isWithin(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
