// The webviews' timers for the soak. No DevTools call lists a page's pending timers, and the
// webviews carry no test hook, so the runner wraps them itself: at the end of the warm-up it
// evaluates COUNTER in each ArchFlow webview's execution context, which replaces
// window.setTimeout/setInterval/requestAnimationFrame and their clear/cancel functions with
// ones that keep each handle until it fires or is cleared (an interval until it is cleared);
// at the end it evaluates READ. Only timers created after the install count, so the warm-up's
// are out; code that took a reference to the original functions before the install (a
// library's module-level `const raf = requestAnimationFrame`) is not seen: the webview's own
// calls, which name the global at each call, are. A webview reloaded or recreated during the
// soak loses the counter: READ then answers 'missing' instead of a count of nothing.

/** A webview's timers created since the install and still pending. */
export interface WebviewTimers {
  timeouts: number;
  intervals: number;
  /** requestAnimationFrame callbacks not yet run nor cancelled. */
  animationFrames: number;
  /** Every timer and frame requested since the install. */
  created: number;
  /** The pending ones by kind and delay (`interval 1000 ms`), to tell what was left. */
  pending: string[];
}

/**
 * A webview may end with a few pending that are not left behind per edit (a debounce re-armed
 * by the last edit, a frame requested for the last drawing); a timer leaked per edit leaves as
 * many as there were measured edits (45 in the quick run).
 */
export const PENDING_ALLOWED = 3;

const KEY = '__archflowSoakTimers';

export const COUNTER = `(() => {
  if (window.${KEY}) return true;
  const live = new Map(), frames = new Map();
  const state = { created: 0, live, frames };
  const o = {
    setTimeout: window.setTimeout, clearTimeout: window.clearTimeout,
    setInterval: window.setInterval, clearInterval: window.clearInterval,
    requestAnimationFrame: window.requestAnimationFrame, cancelAnimationFrame: window.cancelAnimationFrame,
  };
  // Timeouts and intervals share one id space (either clear function clears either kind).
  const clear = (original) => function (id) { live.delete(id); return original.call(window, id); };
  window.setTimeout = function (fn, ms, ...args) {
    if (typeof fn !== 'function') return o.setTimeout.call(window, fn, ms, ...args);
    state.created++;
    const id = o.setTimeout.call(window, function (...a) { live.delete(id); return fn.apply(this, a); }, ms, ...args);
    live.set(id, 'timeout ' + (Number(ms) || 0) + ' ms');
    return id;
  };
  window.setInterval = function (fn, ms, ...args) {
    const id = o.setInterval.call(window, fn, ms, ...args);
    state.created++;
    live.set(id, 'interval ' + (Number(ms) || 0) + ' ms');
    return id;
  };
  window.clearTimeout = clear(o.clearTimeout);
  window.clearInterval = clear(o.clearInterval);
  window.requestAnimationFrame = function (fn) {
    state.created++;
    const id = o.requestAnimationFrame.call(window, function (t) { frames.delete(id); return fn(t); });
    frames.set(id, 'animation frame');
    return id;
  };
  window.cancelAnimationFrame = function (id) { frames.delete(id); return o.cancelAnimationFrame.call(window, id); };
  Object.defineProperty(window, '${KEY}', { value: state });
  return true;
})()`;

export const READ = `(() => {
  const state = window.${KEY};
  if (!state) return 'missing';
  const kinds = [...state.live.values()];
  return {
    timeouts: kinds.filter((k) => k.startsWith('timeout')).length,
    intervals: kinds.filter((k) => k.startsWith('interval')).length,
    animationFrames: state.frames.size,
    created: state.created,
    pending: [...kinds, ...state.frames.values()].sort(),
  };
})()`;

/** What the soak must fail on: a webview whose counter went missing, or more pending of a kind than a webview may keep. */
export function timersLeftBehind(kind: string, timers: WebviewTimers | 'missing' | undefined): string[] {
  if (timers === undefined) return [];
  if (timers === 'missing') return [`${kind} timers: the counter installed after the warm-up is gone at the end (the webview was reloaded or recreated during the soak), so they were not counted`];
  return (['timeouts', 'intervals', 'animationFrames'] as const)
    .filter((key) => timers[key] > PENDING_ALLOWED)
    .map((key) => `${kind} pending ${key}: 0 -> ${timers[key]} (more than ${PENDING_ALLOWED}; pending: ${summarize(timers.pending)})`);
}

/** `interval 1000 ms x45, timeout 0 ms` */
function summarize(pending: string[]): string {
  const counts = new Map<string, number>();
  for (const p of pending) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, n]) => (n > 1 ? `${p} x${n}` : p)).join(', ');
}
