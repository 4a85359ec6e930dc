import { MemoryApprovalStore, type ToolApprovalStore } from '../mcpClient/approvalStore';
import type { QualifiedTool } from '../mcpClient/types';
import type { ApprovalDecision, ApprovalHow, ApprovalRequest, ApproveCallback } from './types';

/** How a call came to be allowed, or that it was not. */
export type ApprovalOutcome =
  | { allowed: true; how: ApprovalHow }
  | { allowed: false; reason: 'denied' | 'no_approver' | 'cancelled' | 'failed'; message: string };

/**
 * Decides whether a call may run. "Allow for this session" and "always" approvals live in a
 * {@link ToolApprovalStore} (in memory by default; the extension passes one it persists),
 * each bound to the fingerprint of the tool's definition at the time: a tool whose name,
 * description or schema changed since is asked about again. Read-only tools
 * (`readOnlyHint`) are approved without asking only when their server is trusted; an
 * untrusted server's hints are never believed.
 */
export class ApprovalPolicy {
  constructor(
    private readonly approve: ApproveCallback | undefined,
    private readonly autoApproveTrustedReadOnly = true,
    /** Where session approvals are kept. */
    readonly store: ToolApprovalStore = new MemoryApprovalStore(),
  ) {}

  /**
   * Decides about one call, asking the user through the callback when needed. `onAsk` runs
   * just before the callback, so the caller can announce the request. Never throws.
   */
  async decide(
    qt: QualifiedTool,
    id: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onAsk: (request: ApprovalRequest) => void,
  ): Promise<ApprovalOutcome> {
    const approvedAt = this.store.approvedFingerprint(qt.qualifiedName);
    if (approvedAt === qt.fingerprint) return { allowed: true, how: this.store.approvedScope?.(qt.qualifiedName) ?? 'session' };
    if (this.autoApproveTrustedReadOnly && qt.trusted && qt.tool.annotations?.readOnlyHint === true && approvedAt === undefined) {
      return { allowed: true, how: 'trusted_read_only' };
    }
    const request: ApprovalRequest = {
      id,
      qualifiedName: qt.qualifiedName,
      server: qt.server,
      tool: qt.tool.name,
      ...(qt.tool.description ? { description: qt.tool.description } : {}),
      arguments: args,
      ...(qt.tool.annotations ? { annotations: qt.tool.annotations } : {}),
      trusted: qt.trusted,
      definitionChanged: approvedAt !== undefined,
    };
    if (!this.approve) {
      return { allowed: false, reason: 'no_approver', message: 'Denied: no one is there to approve tool calls in this session.' };
    }
    onAsk(request);
    let decision: ApprovalDecision;
    try {
      decision = await raceAbort(this.approve(request, signal), signal);
    } catch (err) {
      if (signal.aborted) return { allowed: false, reason: 'cancelled', message: 'cancelled' };
      return { allowed: false, reason: 'failed', message: `Denied: asking the user failed (${(err as Error)?.message ?? String(err)}).` };
    }
    if (decision === 'allow_session' || decision === 'allow_always') {
      const scope = decision === 'allow_always' ? 'always' : 'session';
      try {
        await this.store.approve(qt.qualifiedName, qt.fingerprint, scope);
      } catch {
        // Remembering failed (a store that persists); this call is still allowed.
      }
      return { allowed: true, how: scope };
    }
    if (decision === 'allow_once') return { allowed: true, how: 'once' };
    return {
      allowed: false,
      reason: 'denied',
      message: `Denied: the user did not allow this call to ${qt.server}/${qt.tool.name}. Do not retry it; ask the user or go on without it.`,
    };
  }
}

/** Rejects as soon as `signal` aborts, whatever `promise` does. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
