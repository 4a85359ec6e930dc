import type { AttachmentView, UsageView } from '../../src/protocol/index';

/** The codicon of each kind of attachment chip. */
export const ATTACHMENT_ICON: Record<AttachmentView['kind'], string> = { file: 'file', selection: 'selection', resource: 'plug', app: 'window' };

/** `{0}`-style placeholders filled in order. */
export function fill(template: string, ...values: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (values[Number(i)] !== undefined ? String(values[Number(i)]) : m));
}

/** 1234 -> `1.2k`, 1234567 -> `1.2M`. */
export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function formatCost(costUsd: number | null, unknown: string): string {
  if (costUsd === null) return unknown;
  if (costUsd === 0) return '$0';
  return costUsd < 0.01 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}

/** Milliseconds as `850 ms`, `3.4 s` or `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** Every token billed: input, output, cache reads and writes. */
export function totalTokens(u: UsageView): number {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}

export interface UsageStrings {
  tokensIn: string;
  tokensOut: string;
  cacheRead: string;
  cacheWritten: string;
  costUnknown: string;
}

/** `1.2k in · 300 out · 1k cache read · $0.0042` (cache parts only when there were any). */
export function usageLine(u: UsageView, s: UsageStrings): string {
  const parts = [fill(s.tokensIn, compactNumber(u.inputTokens)), fill(s.tokensOut, compactNumber(u.outputTokens))];
  if (u.cacheReadTokens) parts.push(fill(s.cacheRead, compactNumber(u.cacheReadTokens)));
  if (u.cacheWriteTokens) parts.push(fill(s.cacheWritten, compactNumber(u.cacheWriteTokens)));
  parts.push(formatCost(u.costUsd, s.costUnknown));
  return parts.join(' · ');
}

export function formatDate(epochMs: number, lang: string): string {
  const d = new Date(epochMs);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  return sameDay ? d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }) : d.toLocaleDateString(lang, { day: 'numeric', month: 'short', year: d.getFullYear() === today.getFullYear() ? undefined : 'numeric' });
}
