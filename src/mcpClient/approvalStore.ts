/** Whether the user has approved a tool as it is listed now. */
export type ToolApprovalState = 'approved' | 'changed' | 'new';

/**
 * How long an approval lasts: for this session (until the window or process ends), or always
 * in this workspace (a store that persists keeps it; one that does not treats it as a session).
 */
export type ApprovalScope = 'session' | 'always';

/**
 * Where tool approvals live; shared by the manager (which marks changed tools) and the agent
 * loop (which asks before running an unapproved one). An approval is for one fingerprint:
 * when a server changes a tool's name, description or input schema, the old approval no
 * longer applies and the tool reads as `changed` until approved again.
 */
export interface ToolApprovalStore {
  /** The fingerprint last approved for this tool, if any. */
  approvedFingerprint(qualifiedName: string): string | undefined;
  /** True only when this exact fingerprint was approved. */
  isApproved(qualifiedName: string, fingerprint: string): boolean;
  /** Remembers an approval; `scope` defaults to `session`. */
  approve(qualifiedName: string, fingerprint: string, scope?: ApprovalScope): void | Promise<void>;
  revoke(qualifiedName: string): void | Promise<void>;
  /** How the approval of this tool was given, when the store knows (undefined: not approved, or unknown). */
  approvedScope?(qualifiedName: string): ApprovalScope | undefined;
}

/** The state of a tool against a store: approved as is, approved before but changed since, or never approved. */
export function approvalStateOf(store: ToolApprovalStore, qualifiedName: string, fingerprint: string): ToolApprovalState {
  if (store.isApproved(qualifiedName, fingerprint)) return 'approved';
  return store.approvedFingerprint(qualifiedName) === undefined ? 'new' : 'changed';
}

/**
 * An approval store in memory; `toJSON()` gives a plain object to persist (the extension keeps
 * it in its workspace state) and the constructor takes it back.
 */
export class MemoryApprovalStore implements ToolApprovalStore {
  private readonly approvals: Map<string, string>;

  constructor(initial: Record<string, string> = {}) {
    this.approvals = new Map(Object.entries(initial));
  }

  approvedFingerprint(qualifiedName: string): string | undefined {
    return this.approvals.get(qualifiedName);
  }

  isApproved(qualifiedName: string, fingerprint: string): boolean {
    return this.approvals.get(qualifiedName) === fingerprint;
  }

  /** The scope is not kept: everything here lasts as long as the store. */
  approve(qualifiedName: string, fingerprint: string, _scope?: ApprovalScope): void {
    this.approvals.set(qualifiedName, fingerprint);
  }

  revoke(qualifiedName: string): void {
    this.approvals.delete(qualifiedName);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.approvals);
  }
}
