// Enforces the dependency rules of shared/design/architecture.md by scanning imports:
// dependencies point inward to a pure core, and only src/extension may import vscode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  const abs = join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(abs, e);
    if (statSync(p).isDirectory()) return sources(relative(root, p));
    return /\.(ts|tsx)$/.test(e) ? [relative(root, p)] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out: string[] = [];
  const re = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** Which top-level layer a relative import lands in, e.g. 'src/core'. */
function layerOf(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = relative(root, join(root, file, '..', spec)).split(sep);
  return target[0] === 'src' ? `src/${target[1]}` : target[0];
}

interface Rule {
  layer: string;
  mayImportLayers: string[];
  forbiddenPackages: RegExp;
}

const rules: Rule[] = [
  { layer: 'src/core', mayImportLayers: ['src/core'], forbiddenPackages: /^(node:|vscode$|react|@xyflow|@modelcontextprotocol|@anthropic-ai|zod|fs$|path$|os$|child_process$|worker_threads$)/ },
  // The language service: pure like the core, answering in LSP's types (any editor, any JavaScript host).
  { layer: 'src/languageService', mayImportLayers: ['src/languageService', 'src/core'], forbiddenPackages: /^(?!vscode-languageserver-types$|vscode-languageserver-textdocument$)(node:|vscode|react|@xyflow|@modelcontextprotocol|@anthropic-ai|zod|markdown-it|fs$|path$|os$|child_process$|worker_threads$)/ },
  // The language server: the service over LSP (node's stdio in main.ts), its strings from the l10n bundle.
  { layer: 'src/lsp', mayImportLayers: ['src/lsp', 'src/languageService', 'src/core', 'src/node', 'l10n'], forbiddenPackages: /^(vscode$|react|@xyflow|@modelcontextprotocol|@anthropic-ai)/ },
  { layer: 'src/protocol', mayImportLayers: ['src/protocol', 'src/core'], forbiddenPackages: /^(node:|vscode$|react|@modelcontextprotocol|@anthropic-ai)/ },
  // src/protocol also holds what a layout worker and its caller say (workerMessages.ts), the same for Node's worker threads and the web worker.
  { layer: 'src/node', mayImportLayers: ['src/node', 'src/core', 'src/protocol'], forbiddenPackages: /^(vscode$|react|@xyflow)/ },
  { layer: 'src/mcpClient', mayImportLayers: ['src/mcpClient'], forbiddenPackages: /^(vscode$|react|@xyflow)/ },
  { layer: 'src/agent', mayImportLayers: ['src/agent', 'src/mcpClient', 'src/protocol'], forbiddenPackages: /^(vscode$|react|@xyflow)/ },
  { layer: 'src/mcpServer', mayImportLayers: ['src/mcpServer', 'src/core', 'src/protocol', 'src/node'], forbiddenPackages: /^(vscode$|react|@xyflow)/ },
  { layer: 'src/editorTools', mayImportLayers: ['src/editorTools', 'src/mcpServer', 'src/core', 'src/protocol', 'src/node'], forbiddenPackages: /^(vscode$|react|@xyflow)/ },
  { layer: 'src/bin', mayImportLayers: ['src/bin', 'src/core', 'src/protocol', 'src/node', 'src/mcpClient', 'src/agent', 'src/mcpServer', 'src/lsp'], forbiddenPackages: /^(vscode$|react|@xyflow)/ },
  { layer: 'src/extension', mayImportLayers: ['src/extension', 'src/core', 'src/node', 'src/mcpClient', 'src/agent', 'src/mcpServer', 'src/editorTools', 'src/protocol', 'src/languageService'], forbiddenPackages: /^(react|@xyflow)/ },
  // ext-apps is the one MCP package a webview may use: the view's side (App) in the MCP App, the host's (AppBridge) in the chat.
  { layer: 'webview', mayImportLayers: ['webview', 'src/protocol', 'src/core'], forbiddenPackages: /^(node:|vscode$|@modelcontextprotocol\/(?!ext-apps(\/app-bridge)?$)|@anthropic-ai|fs$|path$)/ },
];

for (const rule of rules) {
  test(`${rule.layer} imports only what the architecture allows`, () => {
    const violations: string[] = [];
    for (const file of sources(rule.layer)) {
      for (const spec of importsOf(file)) {
        const layer = layerOf(file, spec);
        if (layer !== undefined && !rule.mayImportLayers.includes(layer)) violations.push(`${file} -> ${spec} (${layer})`);
        if (layer === undefined && rule.forbiddenPackages.test(spec)) violations.push(`${file} -> ${spec}`);
      }
    }
    assert.deepEqual(violations, []);
  });
}

test("only the MCP App (webview/mcpApp) and the chat's app host (webview/chat/apps, AppBridge only) talk MCP Apps; the preview never", () => {
  const users = sources('webview').filter((f) => importsOf(f).some((spec) => spec.startsWith('@modelcontextprotocol/')));
  assert.ok(users.length > 0, 'expected the MCP App to import @modelcontextprotocol/ext-apps');
  assert.deepEqual(users.filter((f) => !f.startsWith(join('webview', 'mcpApp')) && !f.startsWith(join('webview', 'chat', 'apps'))), []);
  const hostSide = users.filter((f) => f.startsWith(join('webview', 'chat', 'apps')));
  assert.deepEqual(hostSide.flatMap((f) => importsOf(f).filter((spec) => spec.startsWith('@modelcontextprotocol/') && spec !== '@modelcontextprotocol/ext-apps/app-bridge')), []);
});

test('the scanner sees real imports (guards against a regex that matches nothing)', () => {
  const imports = sources('src/core').flatMap(importsOf);
  assert.ok(imports.some((s) => s.startsWith('./') || s.startsWith('../')), 'expected relative imports in src/core');
});

/** The import cycles among the files of `dir` (relative imports only), each as a path of files. */
function importCycles(dir: string): string[][] {
  const files = new Set(sources(dir));
  const resolveImport = (file: string, spec: string) => {
    const base = relative(root, join(root, file, '..', spec));
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => files.has(f));
  };
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    state.set(file, 'open');
    for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
      const target = resolveImport(file, spec);
      if (target) visit(target, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  return cycles;
}

test('src/protocol has no import cycles (types included)', () => {
  assert.deepEqual(importCycles('src/protocol'), []);
  // Not vacuous: chatMessages.ts still imports chatApps.ts (before, chatApps.ts imported it back).
  assert.ok(importsOf(join('src', 'protocol', 'chatMessages.ts')).includes('./chatApps'));
});
