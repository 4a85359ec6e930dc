// Live objects of the extension host that a leak per edit would pile up, counted by prototype
// with the inspector's Runtime.queryObjects (in-process, no heap snapshot), after a full GC:
// - listeners: every subscription to a VS Code event or an EventEmitter, ours and VS Code's
//   own (each is one container object in the emitter's list; its class is found by
//   subscribing to a probe emitter, so the count does not depend on VS Code's internal names);
// - emitters: every vscode.EventEmitter (the API's class is VS Code's own Emitter);
// - subscriptions: the disposables those subscriptions returned that are still referenced.
// The extension host runs VS Code's own extension-host code too: its objects count as well,
// which is why the figures are compared over time, never against zero.
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';

export interface HostCounts {
  listeners: number;
  emitters: number;
  /** Undefined when the disposables are plain objects (nothing to count them by). */
  subscriptions?: number;
}

export function fullGc(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

const PROBE = '__archflowSoakPrototypes';

export async function hostCounts(): Promise<HostCounts> {
  const emitter = new vscode.EventEmitter<void>();
  const listener = () => undefined;
  const subscription = emitter.event(listener);
  const container = Object.values(emitter).find((v): v is object => typeof v === 'object' && v !== null && (v as { value?: unknown }).value === listener);
  if (!container) throw new Error("no listener container found in VS Code's EventEmitter: its internals changed");
  const subscriptionPrototype = Object.getPrototypeOf(subscription) as object;
  const prototypes: Record<keyof HostCounts, object | undefined> = {
    listeners: Object.getPrototypeOf(container) as object,
    emitters: vscode.EventEmitter.prototype,
    subscriptions: subscriptionPrototype === Object.prototype ? undefined : subscriptionPrototype,
  };
  const g = globalThis as Record<string, unknown>;
  g[PROBE] = prototypes;
  const session = new Session();
  session.connect();
  try {
    fullGc();
    const counts: Partial<HostCounts> = {};
    for (const key of Object.keys(prototypes) as (keyof HostCounts)[]) {
      if (!prototypes[key]) continue;
      const { result } = await session.post('Runtime.evaluate', { expression: `globalThis.${PROBE}.${key}`, objectGroup: PROBE });
      // Typed loosely in @types/node (no return type for these two methods).
      const { objects } = (await session.post('Runtime.queryObjects', { prototypeObjectId: result.objectId!, objectGroup: PROBE })) as unknown as { objects: { objectId: string } };
      const { result: length } = (await session.post('Runtime.callFunctionOn', { objectId: objects.objectId, functionDeclaration: 'function () { return this.length; }', returnByValue: true })) as unknown as { result: { value: unknown } };
      counts[key] = length.value as number;
    }
    return counts as HostCounts;
  } finally {
    await session.post('Runtime.releaseObjectGroup', { objectGroup: PROBE });
    session.disconnect();
    delete g[PROBE];
    subscription.dispose();
    emitter.dispose();
  }
}
