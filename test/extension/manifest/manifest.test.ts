// The extension's part of package.json: in sync with its generator, and shaped as the
// architecture asks (no startup activation, commands in the ArchFlow category, palette
// entries only where they apply, every setting described).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { manifest } from '../../../scripts/writeExtensionManifest.mjs';

const root = join(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('package.json holds exactly what scripts/writeExtensionManifest.mjs writes', () => {
  for (const key of Object.keys(manifest)) assert.deepEqual(pkg[key], manifest[key], `${key} (run: flock /tmp/archflow-npm.lock node scripts/writeExtensionManifest.mjs)`);
});

test('VS Code for the Web gets its own bundle and no entry of the chat or MCP servers', () => {
  assert.equal(pkg.browser, './dist/web/extension.js');
  const desktopOnly = (id: string) => /Chat|ApiKey|ProviderKey|ToolApprovals|askAboutDiagram|Mcp/.test(id);
  const menus: Record<string, { command?: string; when?: string }[]> = pkg.contributes.menus;
  let seen = 0;
  for (const [where, items] of Object.entries(menus)) {
    // The MCP servers tree has no rows on the web.
    if (where === 'view/item/context') continue;
    for (const item of items.filter((i) => i.command && desktopOnly(i.command))) {
      seen++;
      assert.ok(item.when === 'false' || item.when?.endsWith('&& !archflow.web') || item.when === '!archflow.web', `${where}: ${item.command} shows on the web (${item.when})`);
    }
  }
  assert.ok(seen > 15, `only ${seen} chat and MCP menu entries found`);
  // What works on the web keeps its entries there.
  for (const item of menus.commandPalette!.filter((i) => /Preview|export|showSource/.test(i.command ?? ''))) assert.ok(!item.when?.includes('archflow.web'), item.command);
});

test('activation only on demand', () => {
  const events: string[] = pkg.activationEvents;
  assert.ok(!events.includes('*') && !events.includes('onStartupFinished'));
  assert.ok(events.includes('onLanguage:archflow'));
  assert.ok(events.includes('onWebviewPanel:archflow.preview'), 'the serializer must be able to revive previews');
});

// The chat's commands apply in any window; every other command only where it has something to act on.
const ANYWHERE = new Set(['archflow.openChat', 'archflow.newChat', 'archflow.showChatHistory', 'archflow.openChatSettings', 'archflow.setApiKey', 'archflow.setProviderKey', 'archflow.clearApiKey', 'archflow.revokeToolApprovals']);

test('every command is in the ArchFlow category and appears in the palette only where it applies', () => {
  const commands: { command: string; category: string }[] = pkg.contributes.commands;
  const palette: { command: string; when?: string }[] = pkg.contributes.menus.commandPalette;
  for (const c of commands) {
    assert.equal(c.category, 'ArchFlow', c.command);
    assert.match(c.command, /^archflow\.[a-z][A-Za-z]+$/);
    // ...on the desktop: VS Code for the Web hides the chat (see the next test).
    if (ANYWHERE.has(c.command)) assert.equal(palette.find((p) => p.command === c.command)?.when, '!archflow.web', `${c.command} is always in the palette on the desktop`);
    else assert.ok(palette.find((p) => p.command === c.command)?.when, `${c.command} needs a when clause in the palette`);
  }
  // Stop is enabled only while a run goes on, and sits in the chat's title bar then.
  const stop = pkg.contributes.commands.find((c: { command: string }) => c.command === 'archflow.stopChat');
  assert.equal(stop.enablement, 'archflow.chat.running');
  const keys: { command: string; key: string; when: string }[] = pkg.contributes.keybindings;
  assert.deepEqual(
    keys.map((k) => [k.command, k.key]),
    [
      ['archflow.showPreview', 'ctrl+shift+v'],
      ['archflow.showPreviewToSide', 'ctrl+k v'],
    ],
  );
  for (const k of keys) assert.match(k.when, /editorLangId == archflow/);
});

test('every setting is grouped by area and has a markdownDescription; the API endpoint is a user setting only', () => {
  const props: Record<string, { markdownDescription?: string; scope?: string }> = pkg.contributes.configuration.properties;
  for (const [key, value] of Object.entries(props)) {
    assert.match(key, /^archflow\.(preview|export|chat|mcp)\.[a-zA-Z]+$/);
    assert.match(value.markdownDescription ?? '', /^%config\./, key);
  }
  // A workspace's own settings must not be able to send the user's key to another server.
  assert.equal(props['archflow.chat.baseUrl']?.scope, 'application');
  // Nor choose the provider, where credentials go, or the prices a budget is counted in.
  for (const key of Object.keys(props).filter((k) => /^archflow\.chat\.(provider|bedrock|vertex|foundry|compatible|prices)/.test(k))) assert.equal(props[key].scope, 'application', key);
  assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, ['archflow.mcp.servers', 'archflow.mcp.claudeDesktop']);
});

test('the chat is a webview view in the secondary side bar (VS Code >= 1.106), with its actions in the title bar, and the MCP servers tree below it', () => {
  assert.match(pkg.engines.vscode, /^\^1\.(10[6-9]|1[1-9]\d)\./);
  assert.deepEqual(pkg.contributes.viewsContainers.secondarySidebar.map((c: { id: string }) => c.id), ['archflow']);
  assert.deepEqual(pkg.contributes.views.archflow.map((v: { id: string; type?: string }) => [v.id, v.type ?? 'tree']), [
    ['archflow.chat', 'webview'],
    ['archflow.mcpServers', 'tree'],
  ]);
  const title = pkg.contributes.menus['view/title'].map((m: { command: string; when: string }) => [m.command, m.when]);
  assert.deepEqual(title, [
    ['archflow.newChat', 'view == archflow.chat && !archflow.web'],
    ['archflow.showChatHistory', 'view == archflow.chat && !archflow.web'],
    ['archflow.stopChat', 'view == archflow.chat && archflow.chat.running && !archflow.web'],
    ['archflow.openChatSettings', 'view == archflow.chat && !archflow.web'],
    ['archflow.addMcpServer', 'view == archflow.mcpServers && !archflow.web'],
  ]);
});

test('the MCP servers view offers each action only on the rows it applies to', () => {
  const items: { command: string; when: string; group: string }[] = pkg.contributes.menus['view/item/context'];
  const whenFor = (command: string) => items.filter((i) => i.command === command).map((i) => i.when);
  const row = (state: string, source = 'file') => `mcpServer;state=${state};source=${source}`;
  // The when clauses as VS Code evaluates them, for a row's contextValue.
  const applies = (when: string, viewItem: string) =>
    when.split(' && ').every((part) => {
      if (part === 'view == archflow.mcpServers') return true;
      const regex = /^viewItem =~ \/(.*)\/$/.exec(part);
      if (regex) return new RegExp(regex[1]!).test(viewItem);
      const equal = /^viewItem == '(.*)'$/.exec(part);
      if (equal) return equal[1] === viewItem;
      throw new Error(`unexpected clause ${part}`);
    });
  const shown = (command: string, viewItem: string) => whenFor(command).some((w) => applies(w, viewItem));
  for (const state of ['idle', 'stopped', 'failed']) {
    assert.ok(shown('archflow.startMcpServer', row(state)) && !shown('archflow.stopMcpServer', row(state)), state);
  }
  for (const state of ['running', 'starting', 'restarting']) {
    assert.ok(shown('archflow.restartMcpServer', row(state)) && shown('archflow.stopMcpServer', row(state)) && !shown('archflow.startMcpServer', row(state)), state);
  }
  assert.ok(!shown('archflow.startMcpServer', row('disabled')) && !shown('archflow.restartMcpServer', row('disabled')));
  assert.ok(shown('archflow.showMcpServerLog', row('failed', 'builtin')));
  assert.ok(shown('archflow.openMcpServerConfig', row('running', 'file')) && shown('archflow.openMcpServerConfig', row('idle', 'settings')));
  assert.ok(!shown('archflow.openMcpServerConfig', row('running', 'builtin')), 'a built-in server has no configuration');
  assert.ok(shown('archflow.revokeMcpToolApproval', 'mcpTool;always') && !shown('archflow.revokeMcpToolApproval', 'mcpTool'));
});

test('in .diagram files accented keywords are not boxed, in Restricted Mode too; invisible and ambiguous characters still are', () => {
  const defaults: Record<string, Record<string, unknown>> = pkg.contributes.configurationDefaults;
  assert.deepEqual(Object.keys(defaults), ['[archflow]'], 'language-scoped only: other files keep VS Code defaults');
  assert.deepEqual(defaults['[archflow]'], { 'editor.unicodeHighlight.nonBasicASCII': false });
});

test('the language, grammar and files it points at exist', () => {
  const [language] = pkg.contributes.languages;
  assert.deepEqual(language.extensions, ['.diagram']);
  for (const file of [language.configuration, language.icon.light, pkg.contributes.grammars[0].path, pkg.icon]) {
    assert.doesNotThrow(() => readFileSync(join(root, file)), file);
  }
  const config = JSON.parse(readFileSync(join(root, language.configuration), 'utf8'));
  assert.equal(config.comments.lineComment, '#');
  assert.deepEqual(config.brackets, [['{', '}']]);
  assert.ok(config.autoClosingPairs.some((p: { open: string }) => p.open === '"'));
});

test("VS Code's own chat gets the diagram server from a provider, and the .vsix carries the server it starts", () => {
  assert.deepEqual(pkg.contributes.mcpServerDefinitionProviders, [{ id: 'archflow.diagramServer', label: 'ArchFlow' }]);
  // Contributed providers imply `onMcpCollection:<id>`: no activation event of its own.
  assert.ok(!pkg.activationEvents.some((e: string) => e.startsWith('onMcpCollection')));
  const included = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n').filter((l) => l.startsWith('!')).map((l) => l.slice(1));
  assert.ok(included.includes('dist/mcp.js'), 'dist/mcp.js is packaged');
});
