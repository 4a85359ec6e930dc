import * as vscode from 'vscode';
import type { ChatBootConfig, ChatStrings } from '../../protocol/index';
import { webviewPageHtml } from '../util/webviewPage';

/** The only folder the chat webview may load from: its bundle, stylesheet and icon font. */
export function chatResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}

/** Every UI string of the chat app, in VS Code's display language. */
export function chatStrings(): ChatStrings {
  return {
    placeholder: vscode.l10n.t('Ask ArchFlow to draw or explain an architecture (Enter to send, Shift+Enter for a new line, / for commands)'),
    placeholderBlocked: vscode.l10n.t('The chat cannot send messages yet: see above.'),
    send: vscode.l10n.t('Send'),
    stop: vscode.l10n.t('Stop'),
    attach: vscode.l10n.t('Attach context'),
    attachFile: vscode.l10n.t('Active file'),
    attachSelection: vscode.l10n.t('Selection'),
    attachResource: vscode.l10n.t('MCP resource…'),
    removeAttachment: vscode.l10n.t('Remove {0}'),
    model: vscode.l10n.t('Model'),
    emptyTitle: vscode.l10n.t('Draw with ArchFlow'),
    emptyHint: vscode.l10n.t('Describe a system and the model writes the diagram, checks it and renders it, calling the tools of your MCP servers with your approval.'),
    suggestion1: vscode.l10n.t('Draw our checkout flow: web app, API gateway, orders and payments services, Postgres and Kafka'),
    suggestion2: vscode.l10n.t('Draw the architecture of this repository'),
    suggestion3: vscode.l10n.t('Explain the diagram in the active editor'),
    untrusted: vscode.l10n.t('This workspace is in Restricted Mode: the chat starts no MCP server and calls no model until you trust it.'),
    manageTrust: vscode.l10n.t('Manage Workspace Trust'),
    noKey: vscode.l10n.t('Set an Anthropic API key to chat (it is kept in VS Code\'s secret storage), or set ANTHROPIC_API_KEY. A gateway or proxy goes in the setting archflow.chat.baseUrl.'),
    setKey: vscode.l10n.t('Set API Key'),
    providerSetup: vscode.l10n.t('{0} is not set up: {1}'),
    openSettings: vscode.l10n.t('Open Settings'),
    pricesAsOf: vscode.l10n.t('list prices of {0}'),
    estimatedTokens: vscode.l10n.t('token counts are estimates'),
    billedByCopilot: vscode.l10n.t('billed by your Copilot plan'),
    serverFailed: vscode.l10n.t('MCP server {0} failed, so its tools are missing:'),
    showLog: vscode.l10n.t('Show Log'),
    restart: vscode.l10n.t('Restart'),
    history: vscode.l10n.t('History'),
    back: vscode.l10n.t('Back to the conversation'),
    newChat: vscode.l10n.t('New Chat'),
    deleteConversation: vscode.l10n.t('Delete conversation {0}'),
    noHistory: vscode.l10n.t('No conversations yet in this workspace.'),
    unreadable: vscode.l10n.t('{0} conversation file(s) could not be read and were skipped (they are kept; see the ArchFlow log).'),
    untitled: vscode.l10n.t('New conversation'),
    you: vscode.l10n.t('You'),
    arguments: vscode.l10n.t('Arguments'),
    result: vscode.l10n.t('Result'),
    showMore: vscode.l10n.t('Show all ({0} lines)'),
    showLess: vscode.l10n.t('Show less'),
    showDescription: vscode.l10n.t('Show the whole description'),
    copy: vscode.l10n.t('Copy'),
    statusPreparing: vscode.l10n.t('preparing'),
    statusApproval: vscode.l10n.t('waiting for approval'),
    statusRunning: vscode.l10n.t('running'),
    statusDone: vscode.l10n.t('done'),
    statusFailed: vscode.l10n.t('failed'),
    statusDenied: vscode.l10n.t('denied'),
    statusCancelled: vscode.l10n.t('cancelled'),
    statusNotRun: vscode.l10n.t('not run'),
    allowOnce: vscode.l10n.t('Allow once'),
    allowSession: vscode.l10n.t('Allow for this session'),
    allowAlways: vscode.l10n.t('Always in this workspace'),
    deny: vscode.l10n.t('Deny'),
    approvalQuestion: vscode.l10n.t('Run {0} from {1}?'),
    definitionChanged: vscode.l10n.t('This tool\'s definition changed since you allowed it.'),
    destructive: vscode.l10n.t('The server says this tool may change or delete things.'),
    readOnly: vscode.l10n.t('The server says this tool only reads.'),
    approvedHowSession: vscode.l10n.t('allowed for this session'),
    approvedHowAlways: vscode.l10n.t('always allowed in this workspace'),
    approvedHowTrusted: vscode.l10n.t('read-only tool of a trusted server'),
    continue: vscode.l10n.t('Continue'),
    continued: vscode.l10n.t('Continued'),
    tokensIn: vscode.l10n.t('{0} in'),
    tokensOut: vscode.l10n.t('{0} out'),
    cacheRead: vscode.l10n.t('{0} cache read'),
    cacheWritten: vscode.l10n.t('{0} cache written'),
    costUnknown: vscode.l10n.t('cost unknown'),
    context: vscode.l10n.t('Context: {0} of {1} tokens'),
    contextNearlyFull: vscode.l10n.t('The context window is nearly full: start a new conversation soon.'),
    conversationTotal: vscode.l10n.t('Conversation'),
    thisTurn: vscode.l10n.t('This turn'),
    slashHint: vscode.l10n.t('Commands from your MCP servers'),
    image: vscode.l10n.t('Image from {0}'),
    working: vscode.l10n.t('Working…'),
    reasonRoundCap: vscode.l10n.t('Round limit reached'),
    reasonRepeat: vscode.l10n.t('Repeated call stopped'),
    reasonBudget: vscode.l10n.t('Budget reached'),
    reasonCancelled: vscode.l10n.t('Stopped'),
    reasonError: vscode.l10n.t('Error'),
    reasonMaxTokens: vscode.l10n.t('Answer cut off'),
    reasonRefusal: vscode.l10n.t('Declined'),
    reasonContext: vscode.l10n.t('Context window full'),
    messageLabel: vscode.l10n.t('Message'),
    toolLabel: vscode.l10n.t('Tool call {0}'),
    appTitle: vscode.l10n.t('App of {0}'),
    appLoading: vscode.l10n.t('Loading the app…'),
    appFailed: vscode.l10n.t('The app could not be shown: {0}'),
    appSilent: vscode.l10n.t('The app did not start (it never answered).'),
    appRetry: vscode.l10n.t('Retry'),
    appFullscreen: vscode.l10n.t('The app of {0}, full screen'),
    appExitFullscreen: vscode.l10n.t('Exit full screen'),
    appCancelled: vscode.l10n.t('The call was cancelled.'),
    appSentBy: vscode.l10n.t('Sent by the app of {0}'),
    appContext: vscode.l10n.t('What this app shares with the model, sent with your next message:'),
    openFile: vscode.l10n.t('Open File'),
    openFileTitle: vscode.l10n.t('Open {0} in the editor'),
    openPreview: vscode.l10n.t('Open Preview'),
    openPreviewTitle: vscode.l10n.t('Open the preview of {0} to the side'),
  };
}

/**
 * The chat's HTML: the same strict Content Security Policy as the preview (nothing but the
 * extension's own bundle, stylesheet, icon font and `data:` images; scripts only with this
 * page's nonce; no inline styles or scripts; no network at all), the boot config and the
 * script. `appFrames` (the app document server's URL) is the only place frames may come
 * from: MCP Apps in tool cards, each a document with its own policy.
 */
export function chatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, boot: ChatBootConfig, lang: string, appFrames?: string): string {
  return webviewPageHtml(webview, extensionUri, { bundle: 'chat', configId: 'archflow-chat-config', boot, lang, title: 'ArchFlow', ...(appFrames ? { frameSrc: appFrames } : {}) });
}
