import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { Agent, DIAGRAM_SYSTEM_PROMPT, EDITOR_SYSTEM_PROMPT, type AgentRun, type ApprovalDecision, type RunResult } from '../../agent/index';
import type { McpClientManager } from '../../mcpClient/index';
import {
  assertNever,
  type ChatBlocker,
  type ChatChrome,
  type ChatOp,
  type ChatToHostMessage,
  type HostToChatMessage,
  type PromptView,
  type RunEndItem,
  type ServerView,
  type ToolItem,
  type UserItem,
} from '../../protocol/index';
import { chatConfig, type ChatConfig } from '../config';
import type { McpService } from './mcp/mcpService';
import { Disposable } from '../util/dispose';
import type { ApiKeyStore } from './apiKey';
import { ChatAppHost } from './apps/chatAppHost';
import { appMessageText } from './apps/appContext';
import type { AppFrames } from './apps/appFrames';
import { attachFile, attachResource, attachSelection, type PendingAttachment } from './attachments';
import { ChatSession, emptyConversation } from './chatSession';
import { titleFrom, type ConversationStore, type HistoryListing } from './conversationStore';
import { openableDiagram } from './toolFiles';
import type { ChatProviders } from './chatProvider';
import { OpsBatcher } from './opsBatcher';
import { continueNote, RunRecorder } from './runRecorder';
import { parseSlash, promptCommands } from './slashCommands';
import type { WorkspaceApprovalStore } from './workspaceApprovals';

const ACTIVE_KEY = 'archflow.chat.activeConversation';
const MODEL_KEY = 'archflow.chat.lastModel';
/** Saves while a run goes on are at most this frequent; the end of a run is saved at once. */
const SAVE_INTERVAL_MS = 1500;

/** Where the controller draws: the chat webview (or a test's recorder). */
export interface ChatSurface {
  post(message: HostToChatMessage): void;
}

export interface ChatControllerDeps {
  store: ConversationStore;
  keys: ApiKeyStore;
  /** The model provider: backends, identity, readiness, model lists (chatProvider.ts). */
  providers: ChatProviders;
  mcp: McpService;
  approvals: WorkspaceApprovalStore;
  /** The workspace's state: the open conversation, the last model picked. */
  memento: vscode.Memento;
  log: vscode.LogOutputChannel;
  /** Where MCP Apps' documents are served. */
  appFrames: AppFrames;
}

/** A text item's text reached the screen (reported by the webview in benchmark mode). */
export interface PaintedEvent {
  id: string;
  length: number;
  at: number;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The chat of one window. It owns every conversation (their records, agents and runs), the
 * attachments of the next message, the model list and the state the webview shows; the
 * webview only draws what it is sent and posts intents, which arrive here validated.
 *
 * Guarantees: one run at a time per conversation; every run ends with its items closed and
 * its transcript saved, whatever ended it (answer, guard, error, Stop); Stop cancels the
 * stream, pending approvals and running tools at once; no model is called and no server
 * started in an untrusted workspace; the API key is read only to build the agent and never
 * leaves this process's memory; a conversation's file is written atomically and at most every
 * {@link SAVE_INTERVAL_MS} while it runs, at once when a message is sent or a run ends.
 */
export class ChatController extends Disposable {
  readonly #sessions = new Map<string, ChatSession>();
  #active: ChatSession;
  #surface: ChatSurface | undefined;
  readonly #batcher: OpsBatcher;
  #attachments: PendingAttachment[] = [];
  #prompts: PromptView[] = [];
  #history: HistoryListing = { entries: [], unreadable: [] };
  readonly #saveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  #chromeTimer: ReturnType<typeof setTimeout> | undefined;
  #reportedUnreadable = new Set<string>();
  /** The page posted `ready` since it was attached: what is posted now reaches it. */
  #pageReady = false;
  /** A composer draft to show once the page is ready. */
  #pendingDraft: { draft?: string } | undefined;
  /** MCP Apps in tool cards (src/extension/chat/apps). */
  readonly #apps: ChatAppHost;

  readonly #onDidChangeRunning = this.register(new vscode.EventEmitter<boolean>());
  /** The shown conversation started or stopped running (for the title bar's Stop). */
  readonly onDidChangeRunning = this.#onDidChangeRunning.event;
  readonly #onDidPaint = this.register(new vscode.EventEmitter<PaintedEvent>());
  /** Benchmark mode: text reached the screen. */
  readonly onDidPaint = this.#onDidPaint.event;
  readonly #onDidEndRun = this.register(new vscode.EventEmitter<{ conversationId: string; result: RunResult }>());
  /** A run ended (tests and the benchmark wait on it). */
  readonly onDidEndRun = this.#onDidEndRun.event;

  constructor(private readonly deps: ChatControllerDeps) {
    super();
    this.#batcher = new OpsBatcher((message) => this.#surface?.post(message));
    this.register({ dispose: () => this.#batcher.dispose() });
    this.#active = this.#adopt(emptyConversation(this.#lastModel(), folderUris()));
    this.#apps = this.register(
      new ChatAppHost({
        mcp: deps.mcp,
        frames: deps.appFrames,
        log: deps.log,
        post: (message) => this.#post(message),
        send: (session, text, from) => {
          if (session !== this.#active || session.run) return false;
          void this.send(text, from);
          return true;
        },
        chromeChanged: () => this.#settingsChanged(),
      }),
    );
    this.register(deps.providers.onDidChange(() => this.#settingsChanged()));
    this.register(deps.mcp.onDidChange(() => this.#serversChanged()));
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.#settingsChanged()));
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('archflow.chat')) this.#settingsChanged();
      }),
    );
    this.register({
      dispose: () => {
        for (const timer of this.#saveTimers.values()) clearTimeout(timer);
        clearTimeout(this.#chromeTimer);
        for (const s of this.#sessions.values()) s.run?.abort.abort();
      },
    });
  }

  /** Reopens the conversation that was open before the window reloaded, and reads the history. */
  async restore(): Promise<void> {
    await this.#refreshHistory();
    const id = this.deps.memento.get<string>(ACTIVE_KEY);
    if (id && this.#history.entries.some((e) => e.id === id)) await this.#open(id, false);
  }

  /** The conversation shown now (tests read it). */
  get active(): ChatSession {
    return this.#active;
  }

  get history(): HistoryListing {
    return this.#history;
  }

  /** Connects the webview; what it was sent before is replaced when it posts `ready`. */
  attach(surface: ChatSurface): vscode.Disposable {
    this.#surface = surface;
    this.#pageReady = false;
    return {
      dispose: () => {
        if (this.#surface === surface) this.#surface = undefined;
      },
    };
  }

  /** Sends everything again: the webview (re)started, or became visible after missing messages. */
  async resync(): Promise<void> {
    this.#postConversation();
    await this.#postChrome();
    // Read from disk again: another window of the same workspace may have added conversations.
    await this.#refreshHistory();
    // Servers start when the chat is shown, so slash commands and tool lists are ready.
    const manager = this.deps.mcp.manager;
    if (manager) void manager.connectAll().then(() => this.#serversChanged());
  }

  /** Handles one validated message from the webview. Never rejects: failures are logged and shown. */
  async receive(message: ChatToHostMessage): Promise<void> {
    try {
      await this.#receive(message);
    } catch (err) {
      this.deps.log.error(`chat: '${message.type}' failed`, err);
      void vscode.window.showErrorMessage(vscode.l10n.t('ArchFlow chat: {0}', errorText(err)));
    }
  }

  async #receive(m: ChatToHostMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        this.#pageReady = true;
        await this.resync();
        if (this.#pendingDraft) this.#post({ type: 'show', what: 'composer', ...this.#pendingDraft });
        this.#pendingDraft = undefined;
        return;
      case 'send':
        return this.send(m.text);
      case 'stop':
        return this.stop();
      case 'approve':
        return this.#answerApproval(m.toolUseId, m.choice);
      case 'continue':
        return this.#continue(m.itemId);
      case 'newConversation':
        return this.newConversation();
      case 'openConversation':
        return this.#open(m.id, true);
      case 'deleteConversation':
        return this.#delete(m.id);
      case 'setModel':
        return this.#setModel(m.model);
      case 'attach':
        return this.#attach(m.kind);
      case 'detach':
        this.#attachments = this.#attachments.filter((a) => a.view.id !== m.id);
        this.#apps.dropContext(this.#active.id, m.id);
        return this.#postChrome();
      case 'action':
        return this.#action(m.action, m.server);
      case 'openLink':
        return this.#openLink(m.url);
      case 'openDiagram':
        return this.#openDiagram(m.toolUseId, m.target);
      case 'log':
        this.deps.log[m.level === 'warn' ? 'warn' : m.level](`chat webview: ${m.message}`);
        return;
      case 'painted':
        this.#onDidPaint.fire({ id: m.id, length: m.length, at: m.at });
        return;
      case 'appRequest':
        return this.#apps.handle(this.#active, m);
      default:
        assertNever(m, 'chat message');
    }
  }

  /** Starts a new, empty conversation (the current one stays in the history). */
  async newConversation(): Promise<void> {
    if (this.#active.isEmpty) {
      this.#post({ type: 'show', what: 'composer' });
      return;
    }
    this.#switchTo(this.#adopt(emptyConversation(this.#lastModel(), folderUris())));
    this.#post({ type: 'show', what: 'composer' });
  }

  /**
   * Puts attachments for the next message in the composer (replacing earlier ones of the same
   * file) with `draft` as its text (when given), and shows it. Sends nothing: the user does.
   */
  async compose(attachments: PendingAttachment[], draft?: string): Promise<void> {
    const replaced = new Set(attachments.map((a) => a.view.detail ?? a.view.label));
    this.#attachments = [...this.#attachments.filter((a) => !replaced.has(a.view.detail ?? a.view.label)), ...attachments];
    await this.#postChrome();
    const show = draft !== undefined ? { draft } : {};
    if (this.#pageReady) this.#post({ type: 'show', what: 'composer', ...show });
    else this.#pendingDraft = show;
  }

  /** Opens (or closes) the history list in the view. */
  showHistory(): void {
    this.#post({ type: 'show', what: 'history' });
  }

  /** Stops the shown conversation's run: the stream, pending approvals and running tools. */
  async stop(): Promise<void> {
    this.#active.run?.abort.abort();
  }

  /**
   * Sends a user message in the shown conversation (with the pending attachments and what MCP
   * Apps shared as context), or runs a slash command. `from`: an app wrote it and the user
   * agreed to send it; then it is never a slash command, the pending attachments and context
   * stay for the user's next message, and the model is told whose words they are.
   */
  async send(text: string, from?: { server: string; tool: string }): Promise<void> {
    const session = this.#active;
    if (session.run) return;
    const trimmed = text.trim();
    if (!trimmed && this.#attachments.length === 0) return;
    const ready = await this.#readyToRun();
    if (!ready) return;
    const { manager, config } = ready;

    const slash = !from && trimmed.startsWith('/') ? parseSlash(trimmed, this.#prompts) : undefined;
    let promptArgs: Record<string, string> | undefined;
    if (slash) {
      if (slash.unknown.length) {
        session.apply([this.#notice('warning', vscode.l10n.t('/{0} does not take {1}; its arguments: {2}.', slash.prompt.command, slash.unknown.join(', '), slash.prompt.arguments.map((a) => a.name).join(', ') || '-'))]);
        return;
      }
      promptArgs = { ...slash.args };
      for (const name of slash.missing) {
        const arg = slash.prompt.arguments.find((a) => a.name === name);
        const value = await vscode.window.showInputBox({ title: `/${slash.prompt.command}`, prompt: arg?.description ?? name, placeHolder: name, ignoreFocusOut: true });
        if (value === undefined) return;
        promptArgs[name] = value;
      }
    }

    const attachments = slash || from ? [] : this.#attachments.splice(0);
    const appContext = slash || from ? { views: [], blocks: [] } : this.#apps.takeContext(session.id);
    const now = Date.now();
    const user: UserItem = {
      kind: 'user',
      id: randomUUID(),
      text: trimmed,
      attachments: [...attachments.map((a) => a.view), ...appContext.views],
      ...(slash ? { prompt: { server: slash.prompt.server, name: slash.prompt.name } } : {}),
      ...(from ? { app: from } : {}),
      at: now,
    };
    const ops: ChatOp[] = [{ op: 'put', item: user }, { op: 'meta', meta: { updatedAt: now } }];
    if (!session.record.view.meta.title) ops.push({ op: 'meta', meta: { title: titleFrom(trimmed || attachments.map((a) => a.view.label).join(', ')) } });
    session.apply(ops);
    if (attachments.length || appContext.views.length) void this.#postChrome();
    await this.#save(session);

    const agent = await this.#agentFor(session, ready, manager, config).catch((err: unknown) => {
      session.apply([this.#notice('error', errorText(err))]);
      return undefined;
    });
    if (!agent) return;
    const abort = new AbortController();
    const run = slash
      ? agent.runPrompt(slash.prompt.server, slash.prompt.name, promptArgs, { signal: abort.signal })
      : agent.run([...attachments.flatMap((a) => a.blocks), ...appContext.blocks, ...(trimmed ? [{ type: 'text' as const, text: from ? appMessageText(trimmed, from) : trimmed }] : [])], { signal: abort.signal });
    await this.#drive(session, run, abort);
  }

  async #continue(itemId: string): Promise<void> {
    const session = this.#active;
    if (session.run) return;
    const items = session.record.view.items;
    const lastEnd = [...items].reverse().find((i): i is RunEndItem => i.kind === 'runEnd');
    if (!lastEnd || lastEnd.id !== itemId || !lastEnd.canContinue || lastEnd.continued) return;
    const ready = await this.#readyToRun();
    if (!ready) return;
    session.apply([{ op: 'put', item: { ...lastEnd, continued: true } }]);
    const agent = await this.#agentFor(session, ready, ready.manager, ready.config).catch((err: unknown) => {
      session.apply([this.#notice('error', errorText(err))]);
      return undefined;
    });
    if (!agent) return;
    const abort = new AbortController();
    let run: AgentRun;
    try {
      run = agent.resume(continueNote(lastEnd, ready.config), { signal: abort.signal });
    } catch (err) {
      session.apply([this.#notice('error', errorText(err))]);
      return;
    }
    await this.#drive(session, run, abort);
  }

  /** Runs one agent run to its end, turning its events into ops, saving as it goes. */
  async #drive(session: ChatSession, run: AgentRun, abort: AbortController): Promise<void> {
    const recorder = new RunRecorder(randomUUID().slice(0, 8), toUsage(session.record.view.meta.usage));
    session.run = { abort, recorder };
    session.apply([{ op: 'meta', meta: { running: true } }]);
    if (session === this.#active) this.#onDidChangeRunning.fire(true);
    let result: RunResult | undefined;
    try {
      for await (const event of run) {
        session.apply(recorder.handle(event));
        session.apply(this.#apps.observe(session, event));
        if (event.type === 'tool_result' || event.type === 'turn_done') this.#scheduleSave(session);
      }
      result = await run.result;
    } catch (err) {
      this.deps.log.error('chat: the run failed', err);
    } finally {
      for (const resolve of session.approvals.values()) resolve('deny');
      session.approvals.clear();
      const ended = result ?? { reason: 'error' as const, message: vscode.l10n.t('The run failed unexpectedly; see the ArchFlow log.'), usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 } };
      session.apply(recorder.end(ended));
      if (session.agent) session.record = { ...session.record, transcript: session.agent.messages };
      session.run = undefined;
      session.apply([{ op: 'meta', meta: { running: false, updatedAt: Date.now() } }]);
      if (session === this.#active) this.#onDidChangeRunning.fire(false);
      await this.#save(session);
      if (result) this.#onDidEndRun.fire({ conversationId: session.id, result });
    }
  }

  async #agentFor(session: ChatSession, access: { credential: string; secret: string | undefined }, manager: McpClientManager, config: ChatConfig): Promise<Agent> {
    const model = session.record.view.meta.model || config.model;
    const fingerprint = JSON.stringify([model, config, access.credential]);
    if (session.agent && session.agentConfig === fingerprint) return session.agent;
    const backend = await this.deps.providers.backend(config, model, access.secret);
    if (session.agent) session.record = { ...session.record, transcript: session.agent.messages };
    for (const problem of config.priceProblems) this.deps.log.warn(`archflow.chat.prices: ${problem}`);
    session.agent = new Agent({
      backend,
      prices: config.prices,
      model,
      provider: manager,
      approvals: this.deps.approvals,
      autoApproveTrustedReadOnly: config.autoApproveReadOnly,
      approve: (request, signal) =>
        new Promise<ApprovalDecision>((resolve, reject) => {
          session.approvals.set(request.id, resolve);
          signal.addEventListener(
            'abort',
            () => {
              session.approvals.delete(request.id);
              reject(new Error('stopped'));
            },
            { once: true },
          );
        }),
      system: systemPrompt(),
      maxTokens: config.maxTokens,
      maxRounds: config.maxRounds,
      ...(config.maxCostUsd !== undefined ? { budget: { maxCostUsd: config.maxCostUsd } } : {}),
      // The window the chat's meter shows (the Models API's, the price table's, or the endpoint's setting).
      contextWindow: this.deps.providers.models(config, model, this.deps.log).contextWindow,
      history: session.record.transcript,
    });
    session.agentConfig = fingerprint;
    return session.agent;
  }

  async #answerApproval(toolUseId: string, choice: ApprovalDecision): Promise<void> {
    for (const session of this.#sessions.values()) {
      const resolve = session.approvals.get(toolUseId);
      if (!resolve) continue;
      session.approvals.delete(toolUseId);
      resolve(choice);
      return;
    }
  }

  /** What a run needs, or undefined after telling the user what is missing. */
  async #readyToRun(): Promise<{ credential: string; secret: string | undefined; manager: McpClientManager; config: ChatConfig } | undefined> {
    const config = chatConfig();
    const readiness = vscode.workspace.isTrusted ? await this.deps.providers.readiness(config, this.#active.record.view.meta.model || config.model) : undefined;
    const manager = this.deps.mcp.manager;
    if (!readiness?.ready || !manager) {
      await this.#postChrome();
      this.#post({ type: 'show', what: 'conversation' });
      return undefined;
    }
    return { credential: readiness.credential, secret: readiness.secret, manager, config };
  }

  async #blocker(config: ChatConfig, model: string): Promise<ChatBlocker | undefined> {
    if (!vscode.workspace.isTrusted) return 'untrusted';
    const readiness = await this.deps.providers.readiness(config, model);
    return readiness.ready ? undefined : readiness.blocker;
  }

  // --- conversations

  #adopt(record: ChatSession['record']): ChatSession {
    const session = new ChatSession(record, (s, from, ops) => {
      if (s === this.#active) this.#batcher.push(s.id, from, ops);
    });
    this.#sessions.set(record.id, session);
    return session;
  }

  #switchTo(session: ChatSession): void {
    const wasRunning = this.#active.run !== undefined;
    // An empty conversation left behind is forgotten (it was never saved).
    if (this.#active !== session && this.#active.isEmpty && !this.#active.saved) this.#sessions.delete(this.#active.id);
    this.#active = session;
    this.#attachments = [];
    if (session.saved) void this.deps.memento.update(ACTIVE_KEY, session.id);
    this.#postConversation();
    void this.#postChrome();
    if (wasRunning !== (session.run !== undefined)) this.#onDidChangeRunning.fire(session.run !== undefined);
  }

  async #open(id: string, show: boolean): Promise<void> {
    let session = this.#sessions.get(id);
    if (!session) {
      try {
        session = this.#adopt(await this.deps.store.load(id));
        session.saved = true;
      } catch (err) {
        this.deps.log.warn(`chat: conversation ${id} could not be opened: ${errorText(err)}`);
        void vscode.window.showWarningMessage(vscode.l10n.t('This conversation could not be opened: {0}', errorText(err)));
        return;
      }
    }
    this.#switchTo(session);
    if (show) this.#post({ type: 'show', what: 'conversation' });
  }

  async #delete(id: string): Promise<void> {
    const session = this.#sessions.get(id);
    session?.run?.abort.abort();
    clearTimeout(this.#saveTimers.get(id));
    this.#saveTimers.delete(id);
    this.#sessions.delete(id);
    this.#apps.forget(id);
    await this.deps.store.delete(id);
    if (this.#active.id === id) this.#switchTo(this.#adopt(emptyConversation(this.#lastModel(), folderUris())));
    await this.#refreshHistory();
  }

  async #setModel(model: string): Promise<void> {
    const session = this.#active;
    if (session.run) return;
    session.apply([{ op: 'meta', meta: { model } }]);
    await this.deps.memento.update(MODEL_KEY, model);
    if (session.saved) await this.#save(session);
    await this.#postChrome();
  }

  #lastModel(): string {
    const last = this.deps.memento.get<string>(MODEL_KEY);
    return typeof last === 'string' && last ? last : chatConfig().model;
  }

  #scheduleSave(session: ChatSession): void {
    if (this.#saveTimers.has(session.id)) return;
    this.#saveTimers.set(
      session.id,
      setTimeout(() => {
        this.#saveTimers.delete(session.id);
        void this.#save(session);
      }, SAVE_INTERVAL_MS),
    );
  }

  async #save(session: ChatSession): Promise<void> {
    clearTimeout(this.#saveTimers.get(session.id));
    this.#saveTimers.delete(session.id);
    if (session.isEmpty || !this.#sessions.has(session.id)) return;
    // Mid-run, the transcript is the agent's (the record's copy is updated when the run ends).
    const record = session.run && session.agent ? { ...session.record, transcript: session.agent.messages } : session.record;
    try {
      await this.deps.store.save(record);
      if (!session.saved) {
        session.saved = true;
        if (session === this.#active) void this.deps.memento.update(ACTIVE_KEY, session.id);
      }
      await this.#refreshHistory();
    } catch (err) {
      this.deps.log.error(`chat: saving conversation ${session.id} failed`, err);
    }
  }

  async #refreshHistory(): Promise<void> {
    try {
      this.#history = await this.deps.store.list();
    } catch (err) {
      this.deps.log.error('chat: the history could not be read', err);
      return;
    }
    for (const u of this.#history.unreadable) {
      if (this.#reportedUnreadable.has(u.file)) continue;
      this.#reportedUnreadable.add(u.file);
      this.deps.log.warn(`chat: skipped a conversation that cannot be read (the file is kept): ${u.error}`);
    }
    this.#post({ type: 'history', entries: this.#history.entries, unreadable: this.#history.unreadable.length });
  }

  // --- the webview

  #post(message: HostToChatMessage): void {
    this.#surface?.post(message);
  }

  #postConversation(): void {
    const session = this.#active;
    this.#batcher.drop(session.id);
    this.#post({ type: 'conversation', conversation: session.record.view, seq: session.seq });
  }

  async #postChrome(): Promise<void> {
    if (!this.#surface) return;
    this.#post({ type: 'chrome', chrome: await this.chrome() });
  }

  /** Everything around the conversation, as the webview shows it. */
  async chrome(): Promise<ChatChrome> {
    const config = chatConfig();
    const key = vscode.workspace.isTrusted && config.provider.name === 'anthropic' ? await this.deps.keys.get() : undefined;
    const model = this.#active.record.view.meta.model || config.model;
    const blocker = await this.#blocker(config, model);
    const { options, contextWindow } = this.deps.providers.models(config, model, this.deps.log);
    const statuses = await this.deps.mcp.statuses();
    const servers: ServerView[] = statuses.map((s) => ({
      name: s.name,
      state: s.state,
      ...(s.error ? { error: s.error } : {}),
      tools: s.counts?.tools ?? 0,
      builtin: s.builtin,
    }));
    return {
      ...(blocker ? { blocker } : {}),
      ...(key ? { keySource: key.source } : {}),
      provider: await this.deps.providers.view(config, model, vscode.workspace.isTrusted),
      model,
      models: options,
      contextWindow,
      servers,
      prompts: this.#prompts,
      attachments: [...this.#attachments.map((a) => a.view), ...this.#apps.contextViews(this.#active.id)],
    };
  }

  #settingsChanged(): void {
    clearTimeout(this.#chromeTimer);
    this.#chromeTimer = setTimeout(() => void this.#postChrome(), 50);
  }

  #serversChanged(): void {
    const manager = this.deps.mcp.manager;
    if (manager) {
      void manager
        .getStatuses()
        .then(async (statuses) => {
          // A server added to the configuration while the chat is shown starts now, so its
          // failure (or its tools) show at once. Only idle ones: a failed server waits for Restart.
          if (this.#surface) for (const s of statuses) if (s.state === 'idle') void manager.connect(s.name).catch(() => undefined);
          if (!statuses.some((s) => s.state === 'running')) return [];
          return manager.listPrompts().catch(() => []);
        })
        .then((prompts) => {
          this.#prompts = promptCommands(prompts);
          this.#settingsChanged();
        });
    }
    this.#settingsChanged();
  }

  // --- actions

  async #attach(kind: 'file' | 'selection' | 'resource'): Promise<void> {
    let attachment: PendingAttachment | undefined;
    if (kind === 'file') attachment = await attachFile();
    else if (kind === 'selection') attachment = attachSelection();
    else {
      const manager = this.deps.mcp.manager;
      if (!manager) return void (await this.#postChrome());
      attachment = await attachResource(manager);
    }
    if (attachment) this.#attachments.push(attachment);
    await this.#postChrome();
    this.#post({ type: 'show', what: 'composer' });
  }

  async #action(action: 'setApiKey' | 'manageTrust' | 'openSettings' | 'showServerLog' | 'restartServer', server: string | undefined): Promise<void> {
    switch (action) {
      case 'setApiKey':
        await vscode.commands.executeCommand(chatConfig().provider.name === 'anthropic' ? 'archflow.setApiKey' : 'archflow.setProviderKey');
        return;
      case 'manageTrust':
        await vscode.commands.executeCommand('workbench.trust.manage');
        return;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'archflow.chat');
        return;
      case 'showServerLog':
        if (server) this.deps.mcp.channel(server).show(true);
        return;
      case 'restartServer':
        if (server) await this.deps.mcp.manager?.restartServer(server).catch((err: unknown) => this.deps.log.warn(`restart of ${server} failed: ${errorText(err)}`));
        return;
      default:
        assertNever(action, 'chat action');
    }
  }

  async #openLink(url: string): Promise<void> {
    let target: vscode.Uri | undefined;
    if (/^(https?:|mailto:)/i.test(url)) {
      target = vscode.Uri.parse(url, true);
      // The model's words can come from anything it read: the same question as an app's links.
      const open = vscode.l10n.t('Open');
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('The chat wants to open {0}', url), { modal: true, detail: vscode.l10n.t('Links the model wrote open only when you agree.') }, open).then(
        (c) => c,
        () => undefined,
      );
      if (choice === open) await vscode.env.openExternal(target);
      return;
    }
    // A path the model wrote (`docs/architecture.svg`): opened only inside the workspace.
    if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
      const path = decodeURIComponent(url.split('#')[0] ?? '');
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        const uri = vscode.Uri.joinPath(folder.uri, path);
        if (!uri.path.startsWith(`${folder.uri.path}/`)) continue;
        try {
          await vscode.workspace.fs.stat(uri);
          await vscode.commands.executeCommand('vscode.open', uri);
          return;
        } catch {
          // not in this folder
        }
      }
    }
    this.deps.log.warn(`chat: a link was not opened (only http, https and mailto links, and files in the workspace, open): ${url.slice(0, 200)}`);
  }

  /** Opens the `.diagram` file a tool card of the shown conversation names, or its preview, when it is one inside the workspace. */
  async #openDiagram(toolUseId: string, target: 'file' | 'preview'): Promise<void> {
    const item = this.#active.record.view.items.find((i): i is ToolItem => i.kind === 'tool' && i.id === toolUseId);
    const file = item?.result?.file;
    if (!file) return;
    const folders = vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath) ?? [];
    const real = await openableDiagram(file.path, folders);
    if (!real) {
      this.deps.log.warn(`chat: tool card ${toolUseId} names ${file.path}, which is not a .diagram file inside the workspace folders: not opened`);
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} is not a .diagram file in this workspace (it may have been moved or deleted): it was not opened.', file.display));
      return;
    }
    // The path as the card names it (a folder opened through a symbolic link keeps its name, so an open editor is found).
    const uri = vscode.Uri.file(file.path);
    if (target === 'file') await vscode.window.showTextDocument(uri, { preview: false });
    else await vscode.commands.executeCommand('archflow.showPreviewToSide', uri);
  }

  #notice(level: 'info' | 'warning' | 'error', text: string): ChatOp {
    return { op: 'put', item: { kind: 'notice', id: randomUUID(), level, text } };
  }
}

function toUsage(u: ChatSession['record']['view']['meta']['usage']) {
  return { inputTokens: u.inputTokens, outputTokens: u.outputTokens, cacheReadTokens: u.cacheReadTokens, cacheWriteTokens: u.cacheWriteTokens, costUsd: u.costUsd };
}

function folderUris(): string[] {
  return vscode.workspace.workspaceFolders?.map((f) => f.uri.toString()) ?? [];
}

/** The default system prompt, with where the chat runs. */
function systemPrompt(): string {
  const folders = vscode.workspace.workspaceFolders?.map((f) => f.name) ?? [];
  const where = folders.length
    ? `You are in ArchFlow's chat inside VS Code. The user's workspace folder${folders.length > 1 ? 's are' : ' is'} ${folders.map((f) => `\`${f}\``).join(', ')}; paths you write are relative to ${folders.length > 1 ? 'one of them' : 'it'}.`
    : "You are in ArchFlow's chat inside VS Code, with no folder open: files cannot be written.";
  return `${DIAGRAM_SYSTEM_PROMPT}\n\n${EDITOR_SYSTEM_PROMPT}\n\n${where}`;
}
