import * as vscode from 'vscode';
import { parseChatMessage, type HostToChatMessage } from '../../protocol/index';
import { Disposable } from '../util/dispose';
import type { AppFrames } from './apps/appFrames';
import type { ChatController } from './chatController';
import { chatHtml, chatResourceRoots, chatStrings } from './chatHtml';

/**
 * The chat view in the secondary side bar. It draws nothing itself: it gives the webview its
 * page (strict CSP, no network) at once, and joins it to the {@link ChatController} once the
 * chat's services have loaded (messages the page sends before that wait for it). Messages from
 * the webview are validated before the controller sees them; what is malformed is dropped and
 * logged. A hidden view receives no messages, so whenever it becomes visible again, and when
 * its page (re)starts, the controller sends the whole state.
 */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  static readonly viewType = 'archflow.chat';
  #view: vscode.WebviewView | undefined;
  /** Messages posted to the webview, kept for the integration tests and the benchmark when asked. */
  readonly recorded: HostToChatMessage[] | undefined;
  /** When each recorded message was posted (epoch milliseconds, sub-millisecond precision). */
  readonly recordedAt: number[] | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: () => Promise<ChatController>,
    private readonly log: vscode.LogOutputChannel,
    private readonly appFrames: AppFrames,
    private readonly options: { record?: boolean; reportPaints?: boolean } = {},
  ) {
    super();
    if (options.record) {
      this.recorded = [];
      this.recordedAt = [];
    }
  }

  get view(): vscode.WebviewView | undefined {
    return this.#view;
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    this.#view = view;
    const webview = view.webview;
    webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: chatResourceRoots(this.extensionUri) };
    const surface = {
      post: (message: HostToChatMessage) => {
        this.recorded?.push(message);
        this.recordedAt?.push(performance.timeOrigin + performance.now());
        if (view.visible) void webview.postMessage(message);
      },
    };
    const subscriptions: vscode.Disposable[] = [];
    const controller = this.controller().then((c) => {
      subscriptions.push(c.attach(surface));
      return c;
    });
    controller.catch((err: unknown) => this.log.error('chat: the chat could not start', err));
    subscriptions.push(
      webview.onDidReceiveMessage((raw: unknown) => {
        const parsed = parseChatMessage(raw);
        if (!parsed.ok) {
          this.log.warn(`chat webview: dropped a message: ${parsed.error}`);
          return;
        }
        void controller.then((c) => c.receive(parsed.value));
      }),
      view.onDidChangeVisibility(() => {
        if (view.visible) void controller.then((c) => c.resync());
      }),
    );
    this.register({ dispose: () => subscriptions.forEach((s) => s.dispose()) });
    view.onDidDispose(() => {
      subscriptions.forEach((s) => s.dispose());
      if (this.#view === view) this.#view = undefined;
    });
    // The page's CSP names the app document server, so it must be known first (a local server: milliseconds).
    const frames = await this.appFrames.base();
    webview.html = chatHtml(webview, this.extensionUri, { strings: chatStrings(), reportPaints: this.options.reportPaints === true }, vscode.env.language, frames?.frameSource);
  }

  /** Reveals the view (opening the secondary side bar) and focuses it. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
  }
}
