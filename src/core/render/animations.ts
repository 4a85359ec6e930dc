import type { Animation } from '../model';
import { fmt } from './xml';

/** Dash and gap of the marching dashes of `flow`, in px; one period is their sum. */
export const FLOW_DASH = [6, 6] as const;
const FLOW_PERIOD = FLOW_DASH[0] + FLOW_DASH[1];

/** Speed used when an edge's is missing or not a positive number (seconds per trip). */
export const DEFAULT_SPEED = 1.5;

/** Class names of the animated parts of an edge, namespaced by the SVG's id prefix. */
export function animationClass(prefix: string, anim: Exclude<Animation, 'none'>): string {
  return `${prefix}-${anim}`;
}

/**
 * The style sheet that drives `flow` (marching dashes) and `pulse` (glow) with CSS, and that
 * stops every animation under `prefers-reduced-motion: reduce` (CSS ones are frozen, SMIL
 * `packets` groups are hidden). Keyframes and classes carry `prefix`, so sheets of several
 * SVGs inlined in one page never collide. Per-edge durations are set with
 * `animation-duration` on the element (see {@link flowDuration} and {@link tripDuration}).
 */
export function animationCss(prefix: string): string {
  const flow = animationClass(prefix, 'flow');
  const pulse = animationClass(prefix, 'pulse');
  const packets = animationClass(prefix, 'packets');
  return (
    `@keyframes ${flow}{from{stroke-dashoffset:0}to{stroke-dashoffset:-${FLOW_PERIOD}}}` +
    `@keyframes ${pulse}{0%,100%{stroke-opacity:0}50%{stroke-opacity:0.38}}` +
    `.${flow}{animation:${flow} 1s linear infinite}` +
    `.${pulse}{animation:${pulse} ${DEFAULT_SPEED}s ease-in-out infinite}` +
    `@media (prefers-reduced-motion: reduce){.${flow},.${pulse}{animation:none!important}.${packets}{display:none}}`
  );
}

/** Seconds per trip, falling back to {@link DEFAULT_SPEED} and kept within 0.05 s–1 h. */
export function tripDuration(speed: number | undefined): number {
  if (typeof speed !== 'number' || !Number.isFinite(speed) || speed <= 0) return DEFAULT_SPEED;
  return Math.min(3600, Math.max(0.05, speed));
}

/**
 * Duration of one dash period of `flow` so that the dashes cross an edge of `length` px in
 * one trip (`speed` seconds), matching how fast `packets` travel on the same edge.
 */
export function flowDuration(speed: number | undefined, length: number): number {
  const trip = tripDuration(speed);
  return Math.max(0.01, (trip * FLOW_PERIOD) / Math.max(FLOW_PERIOD, length));
}

/** How many packets ride an edge of `length` px at once: 2 to 5, about one per 110 px. */
export function packetCount(length: number): number {
  return Math.max(2, Math.min(5, Math.round(length / 110)));
}

/** A CSS duration with stable formatting (`0.75s`). */
export function seconds(value: number): string {
  return `${fmt(Math.max(0.01, value))}s`;
}
