import * as vscode from 'vscode';
import { escapeAttribute } from './html';

/** One of the extension's React webviews: its bundle in dist/webview and the boot config it reads first. */
export interface WebviewPage {
  /** The bundle's name: dist/webview/<bundle>.js and .css. */
  bundle: string;
  /** The id of the `<meta>` whose `data-config` holds the boot config. */
  configId: string;
  boot: unknown;
  lang: string;
  title: string;
  /** Where frames may come from, if anywhere (`frame-src`). */
  frameSrc?: string;
}

/**
 * A webview page under the extension's one strict Content Security Policy: nothing but the
 * extension's own bundle, stylesheet, fonts and `data:` images; scripts only with this
 * page's nonce (a new one per page); no inline styles or scripts; no network; frames only
 * from `frameSrc`. The boot config travels escaped in an attribute, never as script.
 */
export function webviewPageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPage): string {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  const asset = (file: string) => escapeAttribute(webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', file)).toString());
  const csp = [
    `default-src 'none'`,
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    ...(page.frameSrc ? [`frame-src ${page.frameSrc}`] : []),
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(page.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset(`${page.bundle}.css`)}">
<meta id="${escapeAttribute(page.configId)}" data-config="${escapeAttribute(JSON.stringify(page.boot))}">
<title>${escapeAttribute(page.title)}</title>
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}" src="${asset(`${page.bundle}.js`)}"></script>
</body>
</html>`;
}
