import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
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
  logger: ServerLogger;
}

/**
 * The directories `render_diagram` may write into, as realpaths, first root first.
 *
 * When the client announced the `roots` capability, its `file://` roots are read on first
 * use and again after every `notifications/roots/list_changed`; otherwise (or when the
 * client lists none or fails to answer) the fallback is used. The extra roots are always
 * appended. Directories that do not exist are left out and logged.
 */
export class AllowedRoots {
  private clientRoots: Promise<string[] | undefined> | undefined;

  constructor(
    private readonly server: Server,
    private readonly options: AllowedRootsOptions,
  ) {
    if (options.useClientRoots) {
      server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
        this.clientRoots = undefined;
      });
    }
  }

  async current(): Promise<string[]> {
    let dirs = await this.fromClient();
    if (dirs === undefined || dirs.length === 0) {
      const f = this.options.fallback;
      dirs = [...(typeof f === 'function' ? await f() : f)];
    }
    const { roots, skipped } = await resolveRoots([...dirs, ...this.options.extra]);
    for (const s of skipped) this.options.logger.warn(`ignoring root ${s}: not an existing directory`);
    return roots;
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
