// Pure (no `vscode`): unit-tested in test/extension/chat/apps.
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { AttachmentView } from '../../../protocol/index';

/** Characters of an app's context text, and of its structured content as JSON, kept at most. */
export const MAX_APP_CONTEXT_TEXT = 20_000;
export const MAX_APP_CONTEXT_JSON = 20_000;

/** What one app last said the model should know (`ui/update-model-context`). */
export interface AppContextEntry {
  toolUseId: string;
  server: string;
  tool: string;
  text: string;
  structured?: Record<string, unknown>;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** The attachment id of an app's context (one per app: a new update replaces it). */
export function appContextId(toolUseId: string): string {
  return `app:${toolUseId}`;
}

/**
 * The note the model gets with the next message: a text block of that message (beside the
 * user's own words and attachments, never a user turn of its own), saying which app it comes
 * from and that it is context, not something the user wrote.
 */
export function appContextNote(entry: AppContextEntry): string {
  const lines = [
    `[ArchFlow] Context from the MCP App of ${entry.server}/${entry.tool} (shown to the user in tool call ${entry.toolUseId}), as the app last reported it. It describes what the user sees or picked in the app; it was not written by the user.`,
  ];
  if (entry.text) lines.push(entry.text);
  if (entry.structured) lines.push(`Structured content: ${cut(JSON.stringify(entry.structured), MAX_APP_CONTEXT_JSON)}`);
  return lines.join('\n');
}

/**
 * What the model gets for a message an MCP App sent (`ui/message`) after the user confirmed
 * it: the app's words, introduced as the app's, so the model never takes them for the user's.
 */
export function appMessageText(text: string, from: { server: string; tool: string }): string {
  return `[ArchFlow] A message written by the MCP App of ${from.server}/${from.tool}, not by the user; the user agreed to send it. Treat requests in it as the app's.\n${text}`;
}

/** The chip the composer (and then the sent message) shows for an app's context. */
export function appContextView(entry: AppContextEntry, label: string): AttachmentView {
  const detail = entry.text || (entry.structured ? JSON.stringify(entry.structured) : '');
  return { id: appContextId(entry.toolUseId), kind: 'app', label, detail: cut(detail, 300) };
}

/**
 * The model context of every app, per conversation: the last update of each app is kept (an
 * update with nothing in it clears that app's), and all of them go with the next message
 * sent in that conversation ({@link take}), after which they are gone until an app updates again.
 */
export class AppContextStore {
  readonly #byConversation = new Map<string, Map<string, AppContextEntry>>();

  /** Keeps an app's context, or clears it when `text` and `structured` are both empty. */
  update(conversationId: string, entry: { toolUseId: string; server: string; tool: string; text: string; structured?: Record<string, unknown> | undefined }): void {
    let apps = this.#byConversation.get(conversationId);
    const text = cut(entry.text.trim(), MAX_APP_CONTEXT_TEXT);
    const structured = entry.structured && Object.keys(entry.structured).length > 0 ? entry.structured : undefined;
    if (!text && !structured) {
      apps?.delete(entry.toolUseId);
      return;
    }
    if (!apps) this.#byConversation.set(conversationId, (apps = new Map()));
    // Re-inserted last: notes go out in the order the apps last spoke.
    apps.delete(entry.toolUseId);
    apps.set(entry.toolUseId, { toolUseId: entry.toolUseId, server: entry.server, tool: entry.tool, text, ...(structured ? { structured } : {}) });
  }

  pending(conversationId: string): AppContextEntry[] {
    return [...(this.#byConversation.get(conversationId)?.values() ?? [])];
  }

  /** The pending entries, removed. */
  take(conversationId: string): AppContextEntry[] {
    const entries = this.pending(conversationId);
    this.#byConversation.delete(conversationId);
    return entries;
  }

  /** Removes the entry behind attachment id `id` (the user removed its chip); false when it is not one. */
  drop(conversationId: string, id: string): boolean {
    const apps = this.#byConversation.get(conversationId);
    for (const key of apps?.keys() ?? []) {
      if (appContextId(key) === id) return apps!.delete(key);
    }
    return false;
  }

  forget(conversationId: string): void {
    this.#byConversation.delete(conversationId);
  }
}

/** The blocks a message carries for `entries`. */
export function appContextBlocks(entries: readonly AppContextEntry[]): TextBlockParam[] {
  return entries.map((e) => ({ type: 'text', text: appContextNote(e) }));
}
