// One fresh Node process per sample (a module loads once per process): loads the production
// dist/extension.js and activates it on one open Markdown document without diagram fences,
// then prints what that cost as JSON. VS Code is not here: `vscode` is a stand-in on which
// every call is a no-op, so the figures are ArchFlow's own share of activation (its bundle's
// load and its activate()), not the extension host's. Reads of the icon catalog and worker
// threads started are recorded: a Markdown file without diagrams needs neither.
// Usage: node bench/activationProbe.cjs DIST_DIR MARKDOWN_FILE
'use strict';
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const workerThreads = require('node:worker_threads');

const [dist, markdownFile] = process.argv.slice(2);
const markdown = fs.readFileSync(markdownFile, 'utf8');

/** Any property, call or `new` answers another no-op; iterating it yields nothing; awaiting it is not possible. */
function noop(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (key === 'then') return undefined;
      if (key === Symbol.iterator) return function* () {};
      if (key === Symbol.toPrimitive) return () => name;
      if (key === 'dispose') return () => undefined;
      return noop(`${name}.${String(key)}`);
    },
    apply: () => noop(`${name}()`),
    construct: () => noop(`new ${name}`),
  });
}

const uri = { scheme: 'file', fsPath: markdownFile, path: markdownFile, toString: () => `file://${markdownFile}` };
const document = { uri, languageId: 'markdown', version: 1, isClosed: false, lineCount: markdown.split('\n').length, getText: () => markdown, fileName: markdownFile };
// esbuild's CommonJS interop copies the module's own keys: name each API the sources use.
const apiNames = new Set();
for (const file of fs.readdirSync(path.join(dist, '..', 'src', 'extension'), { recursive: true })) {
  if (!String(file).endsWith('.ts')) continue;
  const text = fs.readFileSync(path.join(dist, '..', 'src', 'extension', String(file)), 'utf8');
  for (const m of text.matchAll(/\bvscode\.(\w+)/g)) apiNames.add(m[1]);
}
const api = Object.fromEntries([...apiNames].map((name) => [name, noop(`vscode.${name}`)]));
const vscode = new Proxy(api, {
  get(target, key) {
    if (key === 'workspace') {
      return new Proxy(noop('vscode.workspace'), {
        get: (t, k) => (k === 'textDocuments' ? [document] : k === 'getConfiguration' ? () => ({ get: (_, fallback) => fallback, has: () => false, inspect: () => undefined, update: async () => undefined }) : Reflect.get(t, k)),
      });
    }
    if (key === 'window') {
      return new Proxy(noop('vscode.window'), {
        get: (t, k) => (k === 'visibleTextEditors' ? [{ document }] : k === 'activeTextEditor' ? { document } : Reflect.get(t, k)),
      });
    }
    if (key === 'env') {
      const values = { sessionId: 'bench-session', language: 'en', appName: 'bench', machineId: 'bench' };
      return new Proxy(noop('vscode.env'), { get: (t, k) => (k in values ? values[k] : Reflect.get(t, k)) });
    }
    if (key === 'Uri') {
      const join = (base, ...parts) => ({ ...uri, fsPath: path.join(base.fsPath, ...parts), path: path.join(base.path, ...parts), toString: () => `file://${path.join(base.fsPath, ...parts)}` });
      return { joinPath: join, file: (p) => ({ ...uri, fsPath: p, path: p }), parse: (s) => ({ ...uri, toString: () => s }) };
    }
    return Reflect.get(target, key) ?? noop(`vscode.${String(key)}`);
  },
});

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };

const catalogReads = [];
for (const api of [fs, fs.promises]) {
  for (const name of ['readFile', 'readFileSync']) {
    const original = api[name];
    if (typeof original !== 'function') continue;
    api[name] = function (file, ...rest) {
      if (String(file).includes(`${path.sep}icons${path.sep}`)) catalogReads.push(String(file));
      return original.call(this, file, ...rest);
    };
  }
}
let workers = 0;
const Worker = workerThreads.Worker;
workerThreads.Worker = class extends Worker {
  constructor(...args) {
    workers++;
    super(...args);
  }
};

const extensionRoot = path.dirname(dist);
const context = new Proxy(noop('context'), {
  get: (t, k) => (k === 'subscriptions' ? [] : k === 'extensionUri' ? { ...uri, fsPath: extensionRoot, path: extensionRoot } : k === 'extensionPath' ? extensionRoot : Reflect.get(t, k)),
});

const t0 = performance.now();
const extension = require(path.join(dist, 'extension.js'));
const loadMs = performance.now() - t0;
const t1 = performance.now();
extension.activate(context);
const activateMs = performance.now() - t1;
// What activation scheduled (the first check of the open document, a catalog load) runs
// after activate() returns: the event loop's busy time over the next second counts it.
const since = performance.eventLoopUtilization();
setTimeout(() => {
  const afterMs = performance.eventLoopUtilization(since).active;
  process.stdout.write(`${JSON.stringify({ loadMs, activateMs, afterMs, catalogReads: catalogReads.length, workers })}\n`);
  process.exit(0);
}, 1000);
