import * as vscode from 'vscode';
import { AppDocumentServer } from './appDocumentServer';

/** Where the chat webview can frame app documents from, once known. */
export interface AppFrameBase {
  /** The server's URL as the webview reaches it (through VS Code's port forwarding), ending in `/`. */
  base: string;
  /** The chat CSP's `frame-src` source: that URL, path included, so nothing else of its origin can be framed. */
  frameSource: string;
}

/**
 * The window's MCP App documents: an {@link AppDocumentServer} on 127.0.0.1 and its URL as the
 * webview sees it (`vscode.env.asExternalUri`: the same URL in desktop VS Code, a forwarded
 * port or proxy path in remote and browser-based VS Code). Started when the chat view first
 * resolves (its CSP names the URL); lives as long as the extension.
 */
export class AppFrames implements vscode.Disposable {
  readonly #server = new AppDocumentServer();
  #base: Promise<AppFrameBase | undefined> | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** The base URL, or undefined when no server could be started or reached (apps are then not shown). */
  base(): Promise<AppFrameBase | undefined> {
    this.#base ??= (async () => {
      try {
        const port = await this.#server.start();
        const external = await vscode.env.asExternalUri(vscode.Uri.parse(`http://127.0.0.1:${port}/`));
        const url = new URL(external.toString(true));
        if (!/^https?:$/.test(url.protocol)) throw new Error(`the forwarded URL is not http(s): ${url.protocol}`);
        if (!url.pathname.endsWith('/')) url.pathname += '/';
        url.search = '';
        url.hash = '';
        // It goes into a CSP: nothing that could end the source or the directive.
        if (/[\s;,'"]/.test(url.href)) throw new Error(`the forwarded URL cannot go into a CSP: ${url.href}`);
        this.#server.allowAuthority(url.host);
        return { base: url.href, frameSource: url.href };
      } catch (err) {
        this.log.error('chat: MCP Apps cannot be shown: their document server did not start', err);
        return undefined;
      }
    })();
    return this.#base;
  }

  /** Serves `html` with policy `csp`; resolves with its URL, or rejects when apps cannot be shown here. */
  async publish(html: string, csp: string): Promise<string> {
    const base = await this.base();
    if (!base) throw new Error(vscode.l10n.t('MCP Apps cannot be shown in this window (see the ArchFlow log).'));
    return new URL(this.#server.publish(html, csp).slice(1), base.base).href;
  }

  dispose(): void {
    this.#server.dispose();
  }
}
