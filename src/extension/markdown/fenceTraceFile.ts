import { appendFileSync } from 'node:fs';
import type { FenceTrace } from './fenceTrace';

/**
 * A FenceTrace appending one JSON line per event (`t`: wall clock in ms, comparable with the
 * page's and the benchmark's own clocks on the same machine) to `path`, or none when `path` is
 * unset. Synchronous on purpose: a few lines per change, and no event lost when the host exits.
 */
export function fenceTraceFile(path: string | undefined): FenceTrace | undefined {
  if (!path) return undefined;
  return (event, detail) => {
    try {
      appendFileSync(path, `${JSON.stringify({ t: Date.now(), pt: Math.round(performance.now() * 10) / 10, event, ...detail })}\n`);
    } catch {
      // A trace must never break the extension.
    }
  };
}
