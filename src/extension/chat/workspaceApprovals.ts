import type * as vscode from 'vscode';
import type { ApprovalScope, ToolApprovalStore } from '../../mcpClient/index';

const ALWAYS_KEY = 'archflow.chat.alwaysAllowedTools';

/**
 * Tool approvals of the chat: "for this session" in memory (shared by every conversation of
 * the window), "always" in the workspace's state (kept across reloads and restarts, per
 * workspace). Both are bound to the tool's fingerprint; revoking removes both.
 */
export class WorkspaceApprovalStore implements ToolApprovalStore {
  readonly #session = new Map<string, string>();

  constructor(private readonly memento: vscode.Memento) {}

  #always(): Record<string, string> {
    const value = this.memento.get<unknown>(ALWAYS_KEY);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  }

  approvedFingerprint(qualifiedName: string): string | undefined {
    return this.#always()[qualifiedName] ?? this.#session.get(qualifiedName);
  }

  isApproved(qualifiedName: string, fingerprint: string): boolean {
    return this.approvedFingerprint(qualifiedName) === fingerprint;
  }

  approvedScope(qualifiedName: string): ApprovalScope | undefined {
    if (this.#always()[qualifiedName] !== undefined) return 'always';
    return this.#session.has(qualifiedName) ? 'session' : undefined;
  }

  async approve(qualifiedName: string, fingerprint: string, scope: ApprovalScope = 'session'): Promise<void> {
    if (scope === 'always') await this.memento.update(ALWAYS_KEY, { ...this.#always(), [qualifiedName]: fingerprint });
    else this.#session.set(qualifiedName, fingerprint);
  }

  async revoke(qualifiedName: string): Promise<void> {
    this.#session.delete(qualifiedName);
    const always = this.#always();
    if (qualifiedName in always) {
      const { [qualifiedName]: _gone, ...rest } = always;
      await this.memento.update(ALWAYS_KEY, rest);
    }
  }

  /** Tools allowed "always" in this workspace. */
  alwaysAllowed(): string[] {
    return Object.keys(this.#always()).sort();
  }
}
