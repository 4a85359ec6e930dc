// The shipped server: `node dist/lsp.js --stdio` copied away from node_modules, driven over
// its real stdio. Its diagnostics and formatting must say exactly what `archflow check --json`
// and `archflow format` say about the same text, columns in UTF-16 after emoji and accents;
// its stdout must hold nothing but framed JSON; shutdown + exit must end it with code 0.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionList, Hover, SemanticTokens, TextEdit } from 'vscode-languageserver-protocol';
import { decodeTokens } from '../../src/languageService/semanticTokens';
import { testClient, type TestClient } from './lspClient';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');

const DIAGRAM = [
  'diagram "Café ☕ 🚀"',
  'nó = retângulo "Olá 😀 mundo" colr=red',
  'api = rounded "API 🐘" icon=logos:postgresq',
  'nó -> api "😀😀"',
  'api -> fila',
  'x = retangolo',
  '',
].join('\n');
const MARKDOWN = '# Doc 😀\n\n- list:\n  ```diagram\n  a = retangolo "É 🚀"\n  a -> b\n  ```\n';

interface Check {
  diagnostics: { code: string; severity: string; message: string; line: number; column: number; endLine: number; endColumn: number }[];
}

function cli(args: string[]): string {
  const r = spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], { encoding: 'utf8', env: { ...process.env, LANG: 'C' } });
  return r.stdout;
}

function checkJson(file: string, locale: string): Check {
  return (JSON.parse(cli(['check', '--json', '--locale', locale, file])) as Check[])[0]!;
}

let dir: string;
let child: ChildProcess;
let client: TestClient;
let stdout = Buffer.alloc(0);
let stderr = '';

before(async () => {
  assert.ok(existsSync(join(dist, 'lsp.js')), 'run `npm run build` first');
  // A folder with no node_modules anywhere above it: the bundle must need none.
  dir = mkdtempSync(join(tmpdir(), 'archflow-lsp-'));
  copyFileSync(join(dist, 'lsp.js'), join(dir, 'lsp.js'));
  symlinkSync(join(dist, 'icons'), join(dir, 'icons'));
  writeFileSync(join(dir, 'shop.diagram'), DIAGRAM);
  writeFileSync(join(dir, 'doc.md'), MARKDOWN);
  child = spawn(process.execPath, [join(dir, 'lsp.js'), '--stdio'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b: Buffer) => (stdout = Buffer.concat([stdout, b])));
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  client = testClient(child.stdout!, child.stdin!);
});

after(() => {
  client.dispose();
  child.kill();
  rmSync(dir, { recursive: true, force: true });
});

const uri = (name: string) => pathToFileURL(join(dir, name)).href;

test('initialize answers with the capabilities', async () => {
  const init = await client.initialize({ initializationOptions: { locale: 'pt-BR', diagnosticsDelayMs: 0 } });
  assert.equal(init.serverInfo?.name, 'archflow');
  assert.equal(init.capabilities.hoverProvider, true);
});

test('diagnostics equal `archflow check --json` on the same text, in UTF-16 columns (.diagram and .md)', async () => {
  for (const [name, text, languageId] of [['shop.diagram', DIAGRAM, 'archflow'], ['doc.md', MARKDOWN, 'markdown']] as const) {
    const pushed = client.diagnostics(uri(name));
    await client.open(uri(name), text, languageId);
    const lsp = (await pushed).diagnostics;
    const expected = checkJson(join(dir, name), 'pt-BR').diagnostics;
    assert.ok(expected.length >= 2, JSON.stringify(expected));
    assert.deepEqual(
      lsp.map((d) => ({ code: d.code, severity: d.severity === 1 ? 'error' : 'warning', message: d.message, line: d.range.start.line + 1, column: d.range.start.character + 1, endLine: d.range.end.line + 1, endColumn: d.range.end.character + 1 })),
      expected.map(({ code, severity, message, line, column, endLine, endColumn }) => ({ code, severity, message, line, column, endLine, endColumn })),
    );
  }
  // The column after the emoji and accents is the UTF-16 one an editor uses.
  const shopLine = DIAGRAM.split('\n')[1]!;
  const attr = checkJson(join(dir, 'shop.diagram'), 'en').diagnostics.find((d) => d.code === 'unknown-attribute')!;
  assert.equal(attr.column - 1, shopLine.indexOf('colr'));
});

test('formatting equals `archflow format`', async () => {
  const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri('shop.diagram') }, options: { tabSize: 2, insertSpaces: true } });
  assert.equal(edits.length, 1);
  assert.equal(edits[0]!.newText, cli(['format', join(dir, 'shop.diagram')]));
});

test('hover and completion after emoji and accents', async () => {
  const line = DIAGRAM.split('\n')[3]!; // nó -> api "😀😀"
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri('shop.diagram') }, position: { line: 3, character: line.indexOf('api') + 1 } });
  assert.deepEqual(hover.range, { start: { line: 3, character: line.indexOf('api') }, end: { line: 3, character: line.indexOf('api') + 3 } });
  const end = line.length;
  await client.notify('textDocument/didChange', { textDocument: { uri: uri('shop.diagram'), version: 2 }, contentChanges: [{ range: { start: { line: 3, character: end }, end: { line: 3, character: end } }, text: ' an' }] });
  const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri('shop.diagram') }, position: { line: 3, character: end + 3 } });
  const anim = list.items.find((i) => i.label === 'anim')!;
  assert.deepEqual(anim.textEdit && 'range' in anim.textEdit ? anim.textEdit.range : undefined, { start: { line: 3, character: end + 1 }, end: { line: 3, character: end + 3 } });
});

/** LSP's relative quintuples as absolute [line, character, length, type, modifiers]. */
const absoluteTokens = (data: number[]): number[][] => decodeTokens(data).map((t) => [t.line, t.char, t.length, t.type, t.modifiers]);

test('semantic tokens of a Markdown fence are its text\'s .diagram tokens at their .md place', async () => {
  // doc.md's fence, in a list (two spaces before each line), after a heading with an emoji.
  const fenceText = 'a = retangolo "É 🚀"\na -> b\n';
  await client.open(uri('fence.diagram'), fenceText, 'archflow');
  const alone = absoluteTokens((await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: uri('fence.diagram') } })).data);
  const inMarkdown = absoluteTokens((await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: uri('doc.md') } })).data);
  assert.equal(alone.length, 5);
  assert.deepEqual(inMarkdown, alone.map(([line, char, ...rest]) => [line! + 4, char! + 2, ...rest]));
  const mdLines = MARKDOWN.split('\n');
  // The misspelt shape is no known word: it gets no token.
  assert.deepEqual(inMarkdown.map(([line, char, length]) => mdLines[line!]!.slice(char, char! + length!)), ['a', '"É 🚀"', 'a', '->', 'b']);
});

test('stdout holds only framed JSON-RPC; shutdown then exit ends the process with 0', async () => {
  assert.equal(await client.request('shutdown'), null);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await client.notify('exit');
  assert.equal(await exited, 0, stderr);
  let rest = stdout;
  let frames = 0;
  while (rest.length > 0) {
    const header = /^Content-Length: (\d+)\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(rest.toString('latin1'));
    assert.ok(header, `not a frame: ${JSON.stringify(rest.subarray(0, 80).toString())}`);
    const start = Buffer.byteLength(header[0], 'latin1');
    const body = rest.subarray(start, start + Number(header[1]));
    assert.equal(JSON.parse(body.toString('utf8')).jsonrpc, '2.0');
    rest = rest.subarray(start + Number(header[1]));
    frames++;
  }
  assert.ok(frames >= 5);
});
