// Pure (no `vscode`): unit-tested in test/extension/chat/apps.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { visibleToApps } from '../../../mcpClient/toolUi';
import type { ChatItem } from '../../../protocol/index';

export type AppToolDecision = { ok: true; tool: Tool } | { ok: false; reason: string };

/**
 * Whether the app of server `owner` may call tool `name`: only a tool of `owner` itself (the
 * tools it lists now, `ownerTools`), and only one open to apps (`_meta.ui.visibility` absent
 * or naming `app`). A qualified name (`server__tool`), another server's tool or a model-only
 * tool is refused with a reason that says which rule it broke.
 */
export function decideAppToolCall(owner: string, name: string, ownerTools: readonly Tool[]): AppToolDecision {
  const tool = ownerTools.find((t) => t.name === name);
  if (!tool) {
    return { ok: false, reason: `The app of server '${owner}' may call only that server's tools, and '${owner}' has no tool named '${name.slice(0, 200)}'.` };
  }
  if (!visibleToApps(tool)) return { ok: false, reason: `The tool '${name}' of server '${owner}' is for the model only (its visibility does not include "app").` };
  return { ok: true, tool };
}

/** Where an app's link leads, when the host opens such links at all. */
export type AppLinkTarget = { kind: 'web'; url: string } | { kind: 'file'; path: string };

/**
 * What `ui/open-link` may open: web pages and mail (`http`, `https`, `mailto`), and files
 * (`vscode://file/PATH`, as apps write "open in VS Code" links, or `file:///PATH`). Anything else
 * (`javascript:`, `command:`, other `vscode://` handlers, relative or malformed URLs) is refused.
 */
export function appLinkTarget(url: string): AppLinkTarget | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  switch (parsed.protocol) {
    case 'http:':
    case 'https:':
      return parsed.hostname ? { kind: 'web', url: parsed.href } : undefined;
    case 'mailto:':
      return { kind: 'web', url: parsed.href };
    case 'vscode:':
    case 'file:': {
      if (parsed.protocol === 'vscode:' && parsed.hostname !== 'file') return undefined;
      if (parsed.protocol === 'file:' && parsed.hostname !== '') return undefined;
      let path: string;
      try {
        path = decodeURIComponent(parsed.pathname);
      } catch {
        return undefined;
      }
      // `/C:/x` is a Windows drive path.
      if (/^\/[a-zA-Z]:\//.test(path)) path = path.slice(1);
      return path.length > 1 && !path.includes('\0') ? { kind: 'file', path } : undefined;
    }
    default:
      return undefined;
  }
}

/** Messages an app may send in a row, with no message the user wrote in between. */
export const MAX_APP_MESSAGES_IN_A_ROW = 3;

/**
 * How many user messages at the end of the conversation came from apps (`ui/message`) since
 * the last one the user wrote: an app that keeps sending messages (each starts a paid run)
 * is stopped at {@link MAX_APP_MESSAGES_IN_A_ROW} until the user writes again.
 */
export function appMessagesInARow(items: readonly ChatItem[]): number {
  let n = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind !== 'user') continue;
    if (!item.app) break;
    n++;
  }
  return n;
}
