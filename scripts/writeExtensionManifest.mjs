#!/usr/bin/env node
// Writes the VS Code extension's part of package.json (contributes, activationEvents,
// capabilities, categories, icon, l10n) and leaves every other key as it is. Several
// engineers share package.json, so the read-modify-write happens under a lock:
//   flock /tmp/archflow-npm.lock node scripts/writeExtensionManifest.mjs
// User-visible strings are `%key%` placeholders resolved from package.nls*.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const LANG = 'archflow';
const PREVIEW_VIEW_TYPE = 'archflow.preview';
const isDiagramEditor = `editorLangId == ${LANG} && !notebookEditorFocused`;
const isPreview = `activeWebviewPanelId == '${PREVIEW_VIEW_TYPE}'`;
// A drawing of a diagram fence in VS Code's Markdown preview (its data-vscode-context, see src/core/markdown/fenceHtml.ts).
const isMarkdownPreviewDrawing = "webviewId == 'markdown.preview' && webviewSection == 'archflowDiagram'";

const CHAT_VIEW = 'archflow.chat';
const isChatView = `view == ${CHAT_VIEW}`;
const SERVERS_VIEW = 'archflow.mcpServers';
const isServersView = `view == ${SERVERS_VIEW}`;
/** A server row in a given state (its contextValue is `mcpServer;state=…;source=…`). */
const serverRow = (states) => `${isServersView} && viewItem =~ /^mcpServer;state=(${states})/`;

const commands = [
  { command: 'archflow.showPreview', title: '%command.showPreview%', category: 'ArchFlow', icon: '$(open-preview)' },
  { command: 'archflow.showPreviewToSide', title: '%command.showPreviewToSide%', category: 'ArchFlow', icon: '$(open-preview)' },
  { command: 'archflow.showSource', title: '%command.showSource%', category: 'ArchFlow', icon: '$(go-to-file)' },
  { command: 'archflow.exportSvg', title: '%command.exportSvg%', category: 'ArchFlow' },
  { command: 'archflow.exportPng', title: '%command.exportPng%', category: 'ArchFlow' },
  { command: 'archflow.keepLayout', title: '%command.keepLayout%', category: 'ArchFlow', icon: '$(pinned)' },
  { command: 'archflow.relayout', title: '%command.relayout%', category: 'ArchFlow', icon: '$(refresh)' },
  { command: 'archflow.undoLayoutMove', title: '%command.undoLayoutMove%', category: 'ArchFlow' },
  { command: 'archflow.redoLayoutMove', title: '%command.redoLayoutMove%', category: 'ArchFlow' },
  { command: 'archflow.renameLabel', title: '%command.renameLabel%', category: 'ArchFlow' },
  { command: 'archflow.deleteElement', title: '%command.deleteElement%', category: 'ArchFlow' },
  { command: 'archflow.connectTo', title: '%command.connectTo%', category: 'ArchFlow' },
  { command: 'archflow.restyle', title: '%command.restyle%', category: 'ArchFlow' },
  { command: 'archflow.openChat', title: '%command.openChat%', category: 'ArchFlow', icon: '$(comment-discussion)' },
  { command: 'archflow.newChat', title: '%command.newChat%', category: 'ArchFlow', icon: '$(add)' },
  { command: 'archflow.showChatHistory', title: '%command.showChatHistory%', category: 'ArchFlow', icon: '$(history)' },
  { command: 'archflow.stopChat', title: '%command.stopChat%', category: 'ArchFlow', icon: '$(debug-stop)', enablement: 'archflow.chat.running' },
  { command: 'archflow.openChatSettings', title: '%command.openChatSettings%', category: 'ArchFlow', icon: '$(gear)' },
  { command: 'archflow.setApiKey', title: '%command.setApiKey%', category: 'ArchFlow' },
  { command: 'archflow.setProviderKey', title: '%command.setProviderKey%', category: 'ArchFlow' },
  { command: 'archflow.clearApiKey', title: '%command.clearApiKey%', category: 'ArchFlow' },
  { command: 'archflow.revokeToolApprovals', title: '%command.revokeToolApprovals%', category: 'ArchFlow' },
  { command: 'archflow.askAboutDiagram', title: '%command.askAboutDiagram%', category: 'ArchFlow', icon: '$(comment-discussion)' },
  { command: 'archflow.fixDiagramWithChat', title: '%command.fixDiagramWithChat%', category: 'ArchFlow' },
  { command: 'archflow.addMcpServer', title: '%command.addMcpServer%', category: 'ArchFlow', icon: '$(add)' },
  { command: 'archflow.startMcpServer', title: '%command.startMcpServer%', category: 'ArchFlow', icon: '$(debug-start)' },
  { command: 'archflow.restartMcpServer', title: '%command.restartMcpServer%', category: 'ArchFlow', icon: '$(debug-restart)' },
  { command: 'archflow.stopMcpServer', title: '%command.stopMcpServer%', category: 'ArchFlow', icon: '$(debug-stop)' },
  { command: 'archflow.showMcpServerLog', title: '%command.showMcpServerLog%', category: 'ArchFlow', icon: '$(output)' },
  { command: 'archflow.openMcpServerConfig', title: '%command.openMcpServerConfig%', category: 'ArchFlow', icon: '$(go-to-file)' },
  { command: 'archflow.revokeMcpToolApproval', title: '%command.revokeMcpToolApproval%', category: 'ArchFlow', icon: '$(close)' },
];

/**
 * What needs Node.js (the chat, MCP servers): hidden in VS Code for the Web, where the web
 * entry (src/extension/web) sets the context key `archflow.web` and registers none of these.
 */
const DESKTOP_ONLY = commands.map((c) => c.command).filter((id) => /Chat|ApiKey|ProviderKey|ToolApprovals|askAboutDiagram|Mcp/.test(id));
const ON_DESKTOP = '!archflow.web';

/**
 * `menus` with every desktop-only command's entries hidden on the web: `&& !archflow.web` added
 * to their when clauses (but for the rows of the MCP servers tree, which has none there), and
 * a palette entry with only that for those that had none.
 */
function hiddenOnWeb(menus) {
  const hide = (item) => {
    if (!DESKTOP_ONLY.includes(item.command) || item.when === 'false') return item;
    return { ...item, when: item.when ? `${item.when.includes('||') ? `(${item.when})` : item.when} && ${ON_DESKTOP}` : ON_DESKTOP };
  };
  // The MCP servers tree is empty on the web: its rows' menus need no clause.
  const result = Object.fromEntries(Object.entries(menus).map(([where, items]) => [where, where === 'view/item/context' ? items : items.map(hide)]));
  const inPalette = new Set(result.commandPalette.map((item) => item.command));
  result.commandPalette.push(...DESKTOP_ONLY.filter((id) => !inPalette.has(id)).map((command) => ({ command, when: ON_DESKTOP })));
  return result;
}

/** The extension's keys of package.json, exactly as they are written. */
export const manifest = {
  // VS Code for the Web runs this bundle in a web worker (see src/extension/web/extension.ts).
  browser: './dist/web/extension.js',
  categories: ['Programming Languages', 'Visualization', 'Formatters'],
  icon: 'media/icon.png',
  l10n: './l10n',
  // Contributed commands and languages imply their own activation events (VS Code >= 1.74);
  // these are the ones that are not implied. Never `*` or `onStartupFinished`.
  // onLanguage:markdown: the Problems panel and CodeLenses of diagram fences in Markdown files.
  activationEvents: [`onLanguage:${LANG}`, 'onLanguage:markdown', `onWebviewPanel:${PREVIEW_VIEW_TYPE}`],
  capabilities: {
    untrustedWorkspaces: {
      supported: 'limited',
      description: '%capabilities.untrustedWorkspaces%',
      restrictedConfigurations: ['archflow.mcp.servers', 'archflow.mcp.claudeDesktop'],
    },
    virtualWorkspaces: true,
  },
  contributes: {
    languages: [
      {
        id: LANG,
        aliases: ['ArchFlow', 'archflow'],
        extensions: ['.diagram'],
        configuration: './language-configuration.json',
        icon: { light: './media/diagram-file.svg', dark: './media/diagram-file.svg' },
      },
    ],
    grammars: [{ language: LANG, scopeName: 'source.archflow', path: './syntaxes/diagram.tmLanguage.json' }],
    // The chat sits where VS Code's own chat does: the secondary side bar (VS Code >= 1.106).
    viewsContainers: {
      secondarySidebar: [{ id: 'archflow', title: 'ArchFlow', icon: 'media/chat.svg' }],
    },
    views: {
      archflow: [
        { type: 'webview', id: CHAT_VIEW, name: '%view.chat%', icon: 'media/chat.svg', contextualTitle: 'ArchFlow' },
        { id: SERVERS_VIEW, name: '%view.mcpServers%', icon: 'media/chat.svg', contextualTitle: 'ArchFlow', visibility: 'collapsed' },
      ],
    },
    // VS Code's own chat (Copilot's agent mode) gets the diagram server without any configuration.
    mcpServerDefinitionProviders: [{ id: 'archflow.diagramServer', label: 'ArchFlow' }],
    commands,
    keybindings: [
      { command: 'archflow.showPreview', key: 'ctrl+shift+v', mac: 'cmd+shift+v', when: isDiagramEditor },
      { command: 'archflow.showPreviewToSide', key: 'ctrl+k v', mac: 'cmd+k v', when: isDiagramEditor },
    ],
    menus: hiddenOnWeb({
      commandPalette: [
        // resourceLangId follows the active editor even while focus is in a panel.
        // In a Markdown editor they open the preview of the diagram fence under the cursor.
        { command: 'archflow.showPreview', when: `resourceLangId == ${LANG} || editorLangId == markdown` },
        { command: 'archflow.showPreviewToSide', when: `resourceLangId == ${LANG} || editorLangId == markdown` },
        { command: 'archflow.showSource', when: isPreview },
        // In a Markdown editor they export the diagram fence under the cursor.
        { command: 'archflow.exportSvg', when: `resourceLangId == ${LANG} || editorLangId == markdown || ${isPreview}` },
        { command: 'archflow.exportPng', when: `resourceLangId == ${LANG} || editorLangId == markdown || ${isPreview}` },
        ...['keepLayout', 'relayout', 'undoLayoutMove', 'redoLayoutMove'].map((c) => ({ command: `archflow.${c}`, when: `resourceLangId == ${LANG} || ${isPreview}` })),
        // The picture's edits from the text: they act on the element under the cursor.
        { command: 'archflow.renameLabel', when: `editorLangId == ${LANG} || editorLangId == markdown` },
        { command: 'archflow.deleteElement', when: `editorLangId == ${LANG} || editorLangId == markdown` },
        { command: 'archflow.connectTo', when: `editorLangId == ${LANG} || editorLangId == markdown` },
        { command: 'archflow.restyle', when: `editorLangId == ${LANG} || editorLangId == markdown` },
        { command: 'archflow.stopChat', when: 'archflow.chat.running' },
        { command: 'archflow.askAboutDiagram', when: `resourceLangId == ${LANG}` },
        { command: 'archflow.fixDiagramWithChat', when: `resourceLangId == ${LANG}` },
        { command: 'archflow.addMcpServer', when: 'workspaceFolderCount > 0' },
        // These act on a row of the MCP servers view.
        ...['startMcpServer', 'restartMcpServer', 'stopMcpServer', 'showMcpServerLog', 'openMcpServerConfig', 'revokeMcpToolApproval'].map((c) => ({ command: `archflow.${c}`, when: 'false' })),
      ],
      'view/title': [
        { command: 'archflow.newChat', when: isChatView, group: 'navigation@1' },
        { command: 'archflow.showChatHistory', when: isChatView, group: 'navigation@2' },
        { command: 'archflow.stopChat', when: `${isChatView} && archflow.chat.running`, group: 'navigation@3' },
        { command: 'archflow.openChatSettings', when: isChatView, group: 'navigation@4' },
        { command: 'archflow.addMcpServer', when: isServersView, group: 'navigation@1' },
      ],
      'view/item/context': [
        { command: 'archflow.startMcpServer', when: serverRow('idle|stopped|failed'), group: 'inline@1' },
        { command: 'archflow.restartMcpServer', when: serverRow('running|starting|restarting'), group: 'inline@1' },
        { command: 'archflow.stopMcpServer', when: serverRow('running|starting|restarting'), group: 'inline@2' },
        { command: 'archflow.showMcpServerLog', when: `${isServersView} && viewItem =~ /^mcpServer;/`, group: 'inline@3' },
        { command: 'archflow.startMcpServer', when: serverRow('idle|stopped|failed'), group: '1_lifecycle@1' },
        { command: 'archflow.restartMcpServer', when: serverRow('running|starting|restarting'), group: '1_lifecycle@1' },
        { command: 'archflow.stopMcpServer', when: serverRow('running|starting|restarting'), group: '1_lifecycle@2' },
        { command: 'archflow.showMcpServerLog', when: `${isServersView} && viewItem =~ /^mcpServer;/`, group: '2_inspect@1' },
        { command: 'archflow.openMcpServerConfig', when: `${isServersView} && viewItem =~ /^mcpServer;.*source=(file|settings)/`, group: '2_inspect@2' },
        { command: 'archflow.revokeMcpToolApproval', when: `${isServersView} && viewItem == 'mcpTool;always'`, group: 'inline@1' },
      ],
      'webview/context': [
        { command: 'archflow.exportSvg', when: isMarkdownPreviewDrawing, group: 'archflow@1' },
        { command: 'archflow.exportPng', when: isMarkdownPreviewDrawing, group: 'archflow@2' },
      ],
      'editor/title': [
        { command: 'archflow.showPreviewToSide', when: isDiagramEditor, group: 'navigation' },
        { command: 'archflow.openChat', when: isDiagramEditor, group: 'navigation@9' },
        { command: 'archflow.showSource', when: isPreview, group: 'navigation' },
        { command: 'archflow.exportSvg', when: `${isDiagramEditor} || ${isPreview}`, group: '1_archflow@1' },
        { command: 'archflow.exportPng', when: `${isDiagramEditor} || ${isPreview}`, group: '1_archflow@2' },
        { command: 'archflow.askAboutDiagram', when: isDiagramEditor, group: '2_chat@1' },
      ],
      'editor/context': [{ command: 'archflow.askAboutDiagram', when: `editorLangId == ${LANG}`, group: '1_archflow@1' }],
      'editor/title/context': [{ command: 'archflow.showPreview', when: `resourceLangId == ${LANG}`, group: '1_open' }],
      'explorer/context': [
        { command: 'archflow.showPreview', when: `resourceLangId == ${LANG}`, group: 'navigation' },
        { command: 'archflow.exportSvg', when: `resourceLangId == ${LANG}`, group: '7_modification@1' },
        { command: 'archflow.exportPng', when: `resourceLangId == ${LANG}`, group: '7_modification@2' },
      ],
    }),
    // VS Code's Markdown preview draws ```diagram fences: the extension's activate() returns
    // extendMarkdownIt, the style sheet picks the drawing of the preview's theme, and the
    // script shows a drawing that was not ready when the preview rendered.
    'markdown.markdownItPlugins': true,
    'markdown.previewStyles': ['./media/markdownPreview.css'],
    'markdown.previewScripts': ['./dist/webview/markdownPreview.js'],
    configuration: {
      title: 'ArchFlow',
      properties: {
        'archflow.preview.followActiveEditor': {
          type: 'boolean',
          default: false,
          scope: 'window',
          markdownDescription: '%config.preview.followActiveEditor%',
        },
        'archflow.preview.minimap': {
          type: 'boolean',
          default: false,
          scope: 'window',
          markdownDescription: '%config.preview.minimap%',
        },
        'archflow.preview.animations': {
          type: 'boolean',
          default: true,
          scope: 'window',
          markdownDescription: '%config.preview.animations%',
        },
        'archflow.preview.debounceMs': {
          type: 'number',
          default: 250,
          minimum: 0,
          maximum: 5000,
          scope: 'window',
          markdownDescription: '%config.preview.debounceMs%',
        },
        'archflow.preview.holdLayout': {
          type: 'boolean',
          default: true,
          scope: 'window',
          markdownDescription: '%config.preview.holdLayout%',
        },
        'archflow.export.theme': {
          type: 'string',
          enum: ['auto', 'light', 'dark'],
          enumDescriptions: ['%config.export.theme.auto%', '%config.export.theme.light%', '%config.export.theme.dark%'],
          default: 'auto',
          scope: 'resource',
          markdownDescription: '%config.export.theme%',
        },
        'archflow.export.animate': {
          type: 'boolean',
          default: true,
          scope: 'resource',
          markdownDescription: '%config.export.animate%',
        },
        'archflow.export.pngScale': {
          type: 'number',
          default: 2,
          minimum: 0.5,
          maximum: 4,
          scope: 'resource',
          markdownDescription: '%config.export.pngScale%',
        },
        'archflow.chat.model': {
          type: 'string',
          default: 'claude-sonnet-5-5',
          scope: 'window',
          markdownDescription: '%config.chat.model%',
        },
        // Application scope: a workspace cannot send the user's key to a server of its choosing.
        'archflow.chat.baseUrl': {
          type: 'string',
          default: 'https://api.anthropic.com',
          format: 'uri',
          scope: 'application',
          markdownDescription: '%config.chat.baseUrl%',
        },
        // The provider and its settings are the user's own: a workspace must not redirect credentials.
        'archflow.chat.provider': {
          type: 'string',
          default: 'anthropic',
          enum: ['anthropic', 'bedrock', 'vertex', 'foundry', 'compatible', 'copilot'],
          enumItemLabels: ['Anthropic', 'Amazon Bedrock', 'Google Vertex AI', 'Microsoft Foundry', 'Anthropic-compatible endpoint', "Copilot's models (experimental)"],
          scope: 'application',
          markdownDescription: '%config.chat.provider%',
        },
        'archflow.chat.bedrockRegion': { type: 'string', default: '', scope: 'application', markdownDescription: '%config.chat.bedrockRegion%' },
        'archflow.chat.bedrockProfile': { type: 'string', default: '', scope: 'application', markdownDescription: '%config.chat.bedrockProfile%' },
        'archflow.chat.bedrockEndpoint': {
          type: 'string',
          default: 'runtime',
          enum: ['runtime', 'mantle'],
          enumItemLabels: ['Bedrock runtime (InvokeModel, every model)', 'Claude in Amazon Bedrock (Messages API, Claude 4.7 and later)'],
          scope: 'application',
          markdownDescription: '%config.chat.bedrockEndpoint%',
        },
        'archflow.chat.vertexRegion': { type: 'string', default: '', scope: 'application', markdownDescription: '%config.chat.vertexRegion%' },
        'archflow.chat.vertexProjectId': { type: 'string', default: '', scope: 'application', markdownDescription: '%config.chat.vertexProjectId%' },
        'archflow.chat.foundryResource': { type: 'string', default: '', scope: 'application', markdownDescription: '%config.chat.foundryResource%' },
        'archflow.chat.foundryAuth': {
          type: 'string',
          default: 'auto',
          enum: ['auto', 'key', 'entraId'],
          enumItemLabels: ['Automatic', 'Foundry API key', 'Microsoft Entra ID'],
          scope: 'application',
          markdownDescription: '%config.chat.foundryAuth%',
        },
        'archflow.chat.compatibleBaseUrl': { type: 'string', default: '', scope: 'application', markdownDescription: '%config.chat.compatibleBaseUrl%' },
        'archflow.chat.compatibleContextWindow': { type: 'number', default: 32768, minimum: 1024, scope: 'application', markdownDescription: '%config.chat.compatibleContextWindow%' },
        'archflow.chat.compatiblePromptCaching': { type: 'boolean', default: false, scope: 'application', markdownDescription: '%config.chat.compatiblePromptCaching%' },
        'archflow.chat.compatibleTokenCounting': { type: 'boolean', default: false, scope: 'application', markdownDescription: '%config.chat.compatibleTokenCounting%' },
        'archflow.chat.prices': {
          type: 'object',
          default: {},
          // User settings only: a workspace must not make a cost budget cheaper to reach.
          scope: 'application',
          additionalProperties: {
            type: 'object',
            required: ['input', 'output'],
            properties: {
              input: { type: 'number', minimum: 0 },
              output: { type: 'number', minimum: 0 },
              cacheWrite5m: { type: 'number', minimum: 0 },
              cacheWrite1h: { type: 'number', minimum: 0 },
              cacheRead: { type: 'number', minimum: 0 },
              contextWindow: { type: 'integer', minimum: 1 },
            },
          },
          markdownDescription: '%config.chat.prices%',
        },
        'archflow.chat.maxRounds': {
          type: 'number',
          default: 20,
          minimum: 1,
          maximum: 200,
          scope: 'window',
          markdownDescription: '%config.chat.maxRounds%',
        },
        'archflow.chat.maxCostPerRunUsd': {
          type: 'number',
          default: 2,
          minimum: 0,
          scope: 'window',
          markdownDescription: '%config.chat.maxCostPerRunUsd%',
        },
        'archflow.chat.maxTokens': {
          type: 'number',
          default: 16000,
          minimum: 256,
          maximum: 128000,
          scope: 'window',
          markdownDescription: '%config.chat.maxTokens%',
        },
        'archflow.chat.autoApproveReadOnly': {
          type: 'boolean',
          default: true,
          scope: 'window',
          markdownDescription: '%config.chat.autoApproveReadOnly%',
        },
        'archflow.mcp.claudeDesktop': {
          type: 'boolean',
          default: true,
          scope: 'window',
          markdownDescription: '%config.mcp.claudeDesktop%',
        },
        'archflow.mcp.servers': {
          type: 'object',
          default: {},
          scope: 'window',
          markdownDescription: '%config.mcp.servers%',
        },
        'archflow.mcp.protocol': {
          type: 'string',
          enum: ['legacy', 'auto', '2026-07-28'],
          enumDescriptions: ['%config.mcp.protocol.legacy%', '%config.mcp.protocol.auto%', '%config.mcp.protocol.modern%'],
          default: 'legacy',
          scope: 'window',
          markdownDescription: '%config.mcp.protocol%',
        },
      },
    },
    // Accents are part of the language (`direção`, `ícone`): VS Code's default boxes every
    // non-ASCII character in Restricted Mode ("inUntrustedWorkspace"). Only that highlight is
    // turned off for .diagram files; invisible and ambiguous characters keep theirs.
    configurationDefaults: {
      [`[${LANG}]`]: {
        'editor.unicodeHighlight.nonBasicASCII': false,
      },
    },
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8'));
  for (const [key, value] of Object.entries(manifest)) pkg[key] = value;
  writeFileSync(path, `${JSON.stringify(pkg, null, 2)}\n`);
  console.error(`[manifest] wrote ${Object.keys(manifest).join(', ')} into package.json`);
}
