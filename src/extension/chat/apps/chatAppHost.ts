import * as vscode from 'vscode';
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentEvent } from '../../../agent/index';
import { uiResourceUri, type McpClientManager } from '../../../mcpClient/index';
import type { AppDocumentView, AppMethod, AppRequestMessage, AppRequestResults, AttachmentView, ChatOp, HostToChatMessage, ToolAppView } from '../../../protocol/index';
import { chatConfig } from '../../config';
import type { McpService } from '../mcp/mcpService';
import { Disposable } from '../../util/dispose';
import type { ChatSession } from '../chatSession';
import { AppContextStore, appContextBlocks, appContextView } from './appContext';
import { buildAppCsp } from './appCsp';
import type { AppFrames } from './appFrames';
import { parseAppParams, textOf } from './appRequests';
import { AppResourceCache } from './appResources';
import { appLinkTarget, appMessagesInARow, MAX_APP_MESSAGES_IN_A_ROW } from './appRules';
import { callToolForApp } from './appToolCalls';

/** JSON characters of one app's result kept in the conversation file; a larger one is kept for this session only. */
export const MAX_STORED_APP_RESULT = 4 * 1024 * 1024;

export interface ChatAppHostDeps {
  mcp: McpService;
  frames: AppFrames;
  log: vscode.LogOutputChannel;
  post(message: HostToChatMessage): void;
  /**
   * Sends `text` as a user message of `session` on the app's behalf; false when it cannot be
   * sent now (another conversation is shown, or a run is going on).
   */
  send(session: ChatSession, text: string, from: { server: string; tool: string }): boolean;
  /** The pending attachments changed (an app's model context): redraw the composer. */
  chromeChanged(): void;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The host side of MCP Apps in the chat. It marks the tool cards whose tool has an app (from
 * the tool's `_meta.ui.resourceUri`, or its result's), keeps each such call's whole result
 * (what the app draws, also after a reload), and answers what apps ask through the webview:
 *
 * - `load`: reads the `ui://` resource from the server that owns the tool, builds the
 *   document's CSP from its `_meta.ui.csp` and serves it from the app document server;
 * - `callTool` / `readResource`: only on the server that owns the app, only tools open to
 *   apps (`_meta.ui.visibility`); everything else is refused and logged in that server's log;
 *   as for the model's calls, only a read-only tool of a trusted (or built-in) server runs
 *   without asking: any other runs only after the user agrees, each time, in a dialog that
 *   shows its arguments ({@link callToolForApp});
 * - `openLink`: opened only after the user agrees in a dialog (web, mail and file links);
 * - `message`: shown to the user, and sent only when they agree; then it becomes a message
 *   marked as the app's (for the user and the model), never a slash command, without the
 *   user's pending attachments (not while a run goes on, and at most
 *   {@link MAX_APP_MESSAGES_IN_A_ROW} in a row without one from the user);
 * - `modelContext`: the last update per app goes with the next message, as a note.
 */
export class ChatAppHost extends Disposable {
  readonly #resources: AppResourceCache;
  readonly #contexts = new AppContextStore();
  /** Results too large for the conversation file, for this session. */
  readonly #largeResults = new Map<string, CallToolResult>();
  readonly #reported = new Set<string>();
  #watched: McpClientManager | undefined;

  constructor(private readonly deps: ChatAppHostDeps) {
    super();
    this.#resources = new AppResourceCache(() => this.#manager());
  }

  /** The changes an agent event makes to the conversation's apps (the card gains one), keeping results apps need. */
  observe(session: ChatSession, event: AgentEvent): ChatOp[] {
    if (event.type === 'tool_running') {
      const uri = uiResourceUri(this.#manager()?.findTool(event.name)?.tool._meta);
      return uri ? [{ op: 'app', id: event.id, app: { server: event.server, tool: event.tool, uri } }] : [];
    }
    if (event.type !== 'tool_result' || !event.result || !event.server || !event.tool) return [];
    const ops: ChatOp[] = [];
    if (!session.record.view.apps?.[event.id]) {
      // A tool whose definition names no view, but whose result does.
      const uri = uiResourceUri(event.result._meta);
      if (!uri) return [];
      ops.push({ op: 'app', id: event.id, app: { server: event.server, tool: event.tool, uri } });
    }
    this.#keepResult(session, event.id, event.result);
    return ops;
  }

  /** Answers one request of an app of `session` (the conversation shown); never rejects. */
  async handle(session: ChatSession, m: AppRequestMessage): Promise<void> {
    let reply: HostToChatMessage;
    try {
      const app = session.record.view.apps?.[m.toolUseId];
      if (!app) throw new Error('this tool card shows no app');
      reply = { type: 'appResponse', requestId: m.requestId, result: await this.#answer(session, m.toolUseId, app, m.method, m.params) };
    } catch (err) {
      reply = { type: 'appResponse', requestId: m.requestId, error: errorText(err) };
    }
    this.deps.post(reply);
  }

  /** The apps' context waiting for the next message of a conversation, as composer chips. */
  contextViews(conversationId: string): AttachmentView[] {
    return this.#contexts.pending(conversationId).map((e) => appContextView(e, vscode.l10n.t('{0} app', e.tool)));
  }

  /** Takes the apps' context for the message being sent: its chips and the notes the model gets. */
  takeContext(conversationId: string): { views: AttachmentView[]; blocks: TextBlockParam[] } {
    const entries = this.#contexts.pending(conversationId);
    const views = this.contextViews(conversationId);
    this.#contexts.take(conversationId);
    return { views, blocks: appContextBlocks(entries) };
  }

  /** The user removed a chip: true when it was an app's context. */
  dropContext(conversationId: string, attachmentId: string): boolean {
    return this.#contexts.drop(conversationId, attachmentId);
  }

  forget(conversationId: string): void {
    this.#contexts.forget(conversationId);
  }

  #manager(): McpClientManager | undefined {
    const manager = this.deps.mcp.manager;
    if (manager && manager !== this.#watched) {
      this.#watched = manager;
      // A server that stops or restarts may serve a new document.
      this.register(manager.onDidChangeStatus((s) => s.state !== 'running' && this.#resources.invalidate(s.name)));
    }
    return manager;
  }

  #keepResult(session: ChatSession, id: string, result: CallToolResult): void {
    let stored = result;
    if (JSON.stringify(result).length > MAX_STORED_APP_RESULT) {
      this.#largeResults.set(id, result);
      stored = { content: result.content, ...(result.isError ? { isError: true } : {}) };
      this.deps.log.warn(`chat: the result of tool call ${id} is too large to keep for its app after a reload`);
    }
    session.record = { ...session.record, appResults: { ...session.record.appResults, [id]: stored } };
  }

  async #answer(session: ChatSession, id: string, app: ToolAppView, method: AppMethod, raw: unknown): Promise<AppRequestResults[AppMethod]> {
    const manager = this.#manager();
    switch (method) {
      case 'load':
        return this.#load(app);
      case 'result': {
        const result = this.#largeResults.get(id) ?? session.record.appResults?.[id];
        return result ? { result } : {};
      }
      case 'callTool': {
        const params = parseAppParams('callTool', raw);
        if (!manager) throw new Error('no MCP server runs in this workspace');
        const channel = this.deps.mcp.channel(app.server);
        return callToolForApp(
          {
            listServerTools: (server) => manager.listServerTools(server),
            callServerTool: (server, name, args) => manager.callServerTool(server, name, args),
            ask: (request) => this.#askCall(app, request.tool, request.arguments),
            log: { info: (line) => channel.info(line), warn: (line) => channel.warn(line) },
            autoApproveTrustedReadOnly: chatConfig().autoApproveReadOnly,
          },
          app,
          params.name,
          params.arguments ?? {},
        );
      }
      case 'readResource': {
        const params = parseAppParams('readResource', raw);
        if (!manager) throw new Error('no MCP server runs in this workspace');
        return manager.readResource(app.server, params.uri);
      }
      case 'openLink':
        return { isError: !(await this.#openLink(app, parseAppParams('openLink', raw).url)) };
      case 'message': {
        const text = textOf(parseAppParams('message', raw).content);
        if (!text) return { isError: true };
        if (appMessagesInARow(session.record.view.items) >= MAX_APP_MESSAGES_IN_A_ROW) {
          const key = `${session.id}:${session.record.view.items.length}`;
          if (!this.#reported.has(key)) {
            this.#reported.add(key);
            session.apply([
              {
                op: 'put',
                item: { kind: 'notice', id: `${id}:messages:${session.record.view.items.length}`, level: 'warning', text: vscode.l10n.t('The app of {0} sent several messages in a row; it can send more once you write a message yourself.', `${app.server} › ${app.tool}`) },
              },
            ]);
          }
          return { isError: true };
        }
        if (!(await this.#confirmMessage(app, text))) return { isError: true };
        return { isError: !this.deps.send(session, text, { server: app.server, tool: app.tool }) };
      }
      case 'modelContext': {
        const params = parseAppParams('modelContext', raw);
        this.#contexts.update(session.id, { toolUseId: id, server: app.server, tool: app.tool, text: textOf(params.content), structured: params.structuredContent });
        this.deps.chromeChanged();
        return {};
      }
      case 'log': {
        const params = parseAppParams('log', raw);
        const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data ?? null);
        const line = `app of ${app.tool}${params.logger ? ` [${params.logger}]` : ''}: ${data.slice(0, 2000)}`;
        const channel = this.deps.mcp.channel(app.server);
        if (/^(error|critical|alert|emergency)$/.test(params.level)) channel.error(line);
        else if (params.level === 'warning') channel.warn(line);
        else if (params.level === 'debug') channel.debug(line);
        else channel.info(line);
        return {};
      }
    }
  }

  async #load(app: ToolAppView): Promise<AppDocumentView> {
    const resource = await this.#resources.get(app.server, app.uri);
    const csp = buildAppCsp(resource.csp);
    const key = `${app.server}\0${app.uri}`;
    if (csp.refused.length && !this.#reported.has(key)) {
      this.#reported.add(key);
      this.deps.mcp.channel(app.server).warn(`app ${app.uri}: CSP entries left out: ${csp.refused.join('; ')}`);
    }
    // Of the permissions an app may ask for, a VS Code webview can pass on only clipboard writes.
    const clipboard = resource.permissions.clipboardWrite !== undefined && resource.permissions.clipboardWrite !== false;
    const url = await this.deps.frames.publish(resource.html, csp.policy);
    const tool = (await this.#manager()?.listServerTools(app.server).catch(() => []))?.find((q) => q.tool.name === app.tool)?.tool;
    const declared = Object.fromEntries(Object.entries(csp.accepted).filter(([, list]) => list.length > 0));
    return {
      url,
      csp: csp.policy,
      allow: clipboard ? 'clipboard-write' : '',
      prefersBorder: resource.prefersBorder ?? false,
      sandbox: { csp: declared, permissions: clipboard ? { clipboardWrite: {} } : {} },
      ...(tool ? { tool } : {}),
    };
  }

  /** Asks the user whether the app may call `name` with `args` (shown); true when they allow it. */
  async #askCall(app: ToolAppView, name: string, args: Record<string, unknown>): Promise<boolean> {
    const allow = vscode.l10n.t('Allow');
    const shown = JSON.stringify(args, null, 2);
    const choice = await vscode.window
      .showWarningMessage(vscode.l10n.t('The app of {0} wants to call the tool {1}', `${app.server} › ${app.tool}`, name), { modal: true, detail: shown.length > 2000 ? `${shown.slice(0, 2000)}…` : shown }, allow)
      .then(
        (c) => c,
        () => undefined,
      );
    return choice === allow;
  }

  /** Shows the message an app wants to send; true when the user agrees to send it. */
  async #confirmMessage(app: ToolAppView, text: string): Promise<boolean> {
    const send = vscode.l10n.t('Send');
    const shown = text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
    const choice = await vscode.window
      .showInformationMessage(vscode.l10n.t('The app of {0} wants to send this message to the model for you:', `${app.server} › ${app.tool}`), { modal: true, detail: shown }, send)
      .then(
        (c) => c,
        (err: unknown) => {
          this.deps.mcp.channel(app.server).warn(`app of ${app.tool}: could not ask whether to send its message: ${errorText(err)}`);
          return undefined;
        },
      );
    return choice === send;
  }

  /** Asks the user, then opens a link an app asked for; true when it was opened. */
  async #openLink(app: ToolAppView, url: string): Promise<boolean> {
    const target = appLinkTarget(url);
    const who = `${app.server} › ${app.tool}`;
    if (!target) {
      this.deps.mcp.channel(app.server).warn(`app of ${app.tool}: refused to open a link (only http, https, mailto and file links open): ${url.slice(0, 200)}`);
      return false;
    }
    // The app's own document server: a document opened there would leave the chat's frame.
    const base = await this.deps.frames.base();
    if (target.kind === 'web' && base && new URL(target.url).origin === new URL(base.base).origin) {
      this.deps.mcp.channel(app.server).warn(`app of ${app.tool}: refused to open a link to the app document server: ${url.slice(0, 200)}`);
      return false;
    }
    const open = vscode.l10n.t('Open');
    const question =
      target.kind === 'file' ? vscode.l10n.t('The app of {0} wants to open the file {1}', who, target.path) : vscode.l10n.t('The app of {0} wants to open {1}', who, target.url);
    const choice = await vscode.window.showInformationMessage(question, { modal: true, detail: vscode.l10n.t('Links from an app open only when you agree.') }, open);
    if (choice !== open) return false;
    if (target.kind === 'web') return vscode.env.openExternal(vscode.Uri.parse(target.url, true));
    const uri = vscode.Uri.file(target.path);
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      void vscode.window.showWarningMessage(vscode.l10n.t('The file {0} does not exist.', target.path));
      return false;
    }
    await vscode.commands.executeCommand('vscode.open', uri);
    return true;
  }
}
