// The editor server through a real SDK Client over InMemoryTransport, on real files: the
// model's loop (create with a mistake, read the problems from the answer, fix, show), stale
// and unseen text refused with the current text, and every refused path touching nothing.
import { describe, test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DIAGRAM_VIEW_META_KEY, isDrawn, SELECT_ELEMENT_TOOL, type DiagramNotDrawn, type DiagramViewData } from '../../src/protocol/mcpAppMessages';
import type { Locale } from '../../src/core/model';
import { createEditorServer, type EditorServerOptions } from '../../src/editorTools';
import { parseDiagramView } from '../../src/protocol/index';
import { tempDir, textOf } from '../mcpServer/helpers';
import { MemoryWorkspace } from './memoryWorkspace';

const WITH_MISTAKE = 'diagram "Checkout"\nweb = rectangle "Web"\napi = rectangel "API"\nweb -> api "HTTPS"\n';
const FIXED = WITH_MISTAKE.replace('rectangel', 'rectangle');

async function tree(dir: string): Promise<string[]> {
  return ((await readdir(dir, { recursive: true })) as string[]).sort();
}

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const APP_URI = 'ui://archflow/diagram';

async function connect(
  workspace: MemoryWorkspace,
  locale: Locale = 'en',
  options: { showsApps?: boolean; server?: Partial<EditorServerOptions> } = {},
): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = createEditorServer({ workspace, locale, ...options.server });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'test', version: '1.0.0' }, options.showsApps ? { capabilities: APPS } : {});
  await client.connect(a);
  return { client, close: async () => void (await Promise.all([client.close(), server.close()])) };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** What a result tells the diagram app, checked as the app checks it. */
function viewOf(result: CallToolResult): DiagramViewData | DiagramNotDrawn {
  assert.deepEqual(Object.keys(result._meta ?? {}), [DIAGRAM_VIEW_META_KEY], 'the result carries the diagram for the app, nothing else');
  const parsed = parseDiagramView(result._meta![DIAGRAM_VIEW_META_KEY]);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.value;
}

function drawingOf(result: CallToolResult): DiagramViewData {
  const view = viewOf(result);
  assert.ok(isDrawn(view), `a drawing, not problems: ${JSON.stringify(view)}`);
  return view;
}

const nodeIds = (view: DiagramViewData) => view.scene.nodes.map((n) => n.id);
const edgeEnds = (view: DiagramViewData) => view.scene.edges.map((e) => `${e.source}->${e.target}`);

describe('editor server', () => {
  let root: string;
  let outside: string;
  let workspace: MemoryWorkspace;
  let client: Client;
  let close: () => Promise<void>;
  const cleanups: Array<() => Promise<void>> = [];

  before(async () => {
    const r = await tempDir('archflow-editor-');
    const o = await tempDir('archflow-outside-');
    cleanups.push(r.cleanup, o.cleanup);
    root = r.dir;
    outside = o.dir;
    await mkdir(join(root, 'docs'));
    await writeFile(join(outside, 'secret.diagram'), 'x = rectangle "outside"\n');
    await symlink(outside, join(root, 'escape'));
    await writeFile(join(root, 'notes.txt'), 'not a diagram');
  });
  after(async () => {
    for (const c of cleanups) await c();
  });
  beforeEach(async () => {
    await close?.();
    workspace = new MemoryWorkspace([root]);
    ({ client, close } = await connect(workspace));
  });

  test('lists three tools; reading and showing are read-only, writing is not', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.deepEqual([...byName.keys()].sort(), ['read_diagram', 'show_diagram', 'write_diagram']);
    assert.equal(byName.get('read_diagram')!.annotations?.readOnlyHint, true);
    assert.equal(byName.get('show_diagram')!.annotations?.readOnlyHint, true);
    assert.equal(byName.get('write_diagram')!.annotations?.readOnlyHint, false);
    assert.ok(byName.get('write_diagram')!.outputSchema, 'write_diagram declares its structured answer');
    // Writing and showing are drawn in the diagram app; reading is text for the model.
    assert.deepEqual(byName.get('write_diagram')!._meta, { ui: { resourceUri: APP_URI }, 'ui/resourceUri': APP_URI });
    assert.deepEqual(byName.get('show_diagram')!._meta, { ui: { resourceUri: APP_URI }, 'ui/resourceUri': APP_URI });
    assert.equal(byName.get('read_diagram')!._meta, undefined);
  });

  test('serves the diagram app to clients that show apps: its document and the app-only tool a click calls', async () => {
    const html = '<!DOCTYPE html><html><body>the diagram view</body></html>';
    const apps = await connect(new MemoryWorkspace([root]), 'en', { showsApps: true, server: { appHtml: async () => html } });
    try {
      const { tools } = await apps.client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['read_diagram', SELECT_ELEMENT_TOOL, 'show_diagram', 'write_diagram']);
      assert.deepEqual(tools.find((t) => t.name === SELECT_ELEMENT_TOOL)!._meta?.ui, { resourceUri: APP_URI, visibility: ['app'] });
      const read = await apps.client.readResource({ uri: APP_URI });
      assert.deepEqual(read.contents, [{ uri: APP_URI, mimeType: 'text/html;profile=mcp-app', text: html, _meta: { ui: { prefersBorder: true } } }]);
      const selected = await call(apps.client, SELECT_ELEMENT_TOOL, { kind: 'node', id: 'api', label: 'API', line: 3, diagram: 'Checkout', file: 'docs/checkout.diagram' });
      assert.equal(
        textOf(selected),
        'The user selected the node api ("API", line 3) in the ArchFlow diagram "Checkout" of docs/checkout.diagram. When they say "this" or "it", they probably mean it.',
      );
      assert.deepEqual(selected.structuredContent, { kind: 'node', id: 'api', label: 'API', line: 3, diagram: 'Checkout', file: 'docs/checkout.diagram' });
    } finally {
      await apps.close();
    }
    const failing = await connect(new MemoryWorkspace([root]), 'en', { showsApps: true, server: { appHtml: () => Promise.reject(new Error('ENOENT')) } });
    try {
      await assert.rejects(failing.client.readResource({ uri: APP_URI }), /diagram view is not built/);
    } finally {
      await failing.close();
    }
  });

  test('the loop: create with a mistake, get its problems back, fix it with the version, show it', async () => {
    const created = await call(client, 'write_diagram', { path: 'docs/checkout.diagram', text: WITH_MISTAKE });
    assert.equal(created.isError, undefined, textOf(created));
    const text = textOf(created);
    assert.match(text, /^Created docs\/checkout\.diagram \(version 1\)/);
    assert.match(text, /docs\/checkout\.diagram:3:7: error: .*rectangel/);
    assert.match(text, /fix: replace 3:7-3:16 with "rectangle"/);
    assert.match(text, /baseVersion: 1\./);
    const data = created.structuredContent as { version: number; errors: number; created: boolean; uri: string; elements: { id: string }[] };
    assert.deepEqual([data.version, data.errors, data.created], [1, 1, true]);
    assert.equal(data.uri, pathToFileURL(join(root, 'docs/checkout.diagram')).href);
    assert.deepEqual(data.elements.map((e) => e.id), ['web', 'api']);
    assert.equal(await readFile(join(root, 'docs/checkout.diagram'), 'utf8'), WITH_MISTAKE);
    // Nothing to draw: the app is told why, with the problem where it is.
    const source = { path: join(root, 'docs/checkout.diagram'), display: 'docs/checkout.diagram' };
    assert.deepEqual(viewOf(created), {
      source: { ...source, version: 1 },
      errors: 1,
      problems: [{ severity: 'error', line: 3, column: 7, message: "unknown shape 'rectangel'; did you mean 'rectangle'?" }],
    });
    assert.ok(!workspace.calls.some((c) => c.startsWith('scene')), 'a text with errors is never laid out');

    const fixed = await call(client, 'write_diagram', { path: 'docs/checkout.diagram', text: FIXED, baseVersion: 1 });
    assert.equal(fixed.isError, undefined, textOf(fixed));
    assert.match(textOf(fixed), /version 2, shown in the editor \(one undo step\) and saved/);
    assert.match(textOf(fixed), /Problems: none/);
    assert.equal((fixed.structuredContent as { errors: number }).errors, 0);
    assert.equal(await readFile(join(root, 'docs/checkout.diagram'), 'utf8'), FIXED);
    const drawn = drawingOf(fixed);
    assert.deepEqual(drawn.source, { ...source, version: 2 });
    assert.equal(drawn.output, undefined);
    assert.deepEqual([nodeIds(drawn), edgeEnds(drawn), drawn.scene.title], [['web', 'api'], ['web->api'], 'Checkout']);
    // What a model reads is unchanged by the drawing: the text and its structured answer.
    assert.equal(fixed.content.length, 1);
    assert.doesNotMatch(JSON.stringify(fixed.structuredContent), /"scene"|"nodes"/);

    const shown = await call(client, 'show_diagram', { path: 'docs/checkout.diagram', select: 'api' });
    assert.equal(shown.isError, undefined, textOf(shown));
    assert.deepEqual(workspace.shown, { path: join(root, 'docs/checkout.diagram'), select: 'api' });
    assert.match(textOf(shown), /'api' is selected/);
    assert.deepEqual(drawingOf(shown), drawn, 'showing the same version draws the same scene');
  });

  test("each write's drawing is the text as written at that call: a later edit leaves the earlier result's scene as it was", async () => {
    const path = join(root, 'versions.diagram');
    const one = await call(client, 'write_diagram', { path: 'versions.diagram', text: FIXED });
    const withDb = `${FIXED}db = cylinder "Orders"\napi -> db "SQL"\n`;
    const two = await call(client, 'write_diagram', { path: 'versions.diagram', text: withDb, baseVersion: 1 });
    // The user types a cache in the editor; the model reads it and then shows the file.
    workspace.type(path, `${withDb}cache = cylinder "Cache"\napi -> cache\n`);
    await call(client, 'read_diagram', { path: 'versions.diagram' });
    const three = await call(client, 'show_diagram', { path: 'versions.diagram' });
    assert.deepEqual(
      [one, two, three].map((r) => {
        const view = drawingOf(r);
        return [view.source?.version, nodeIds(view), edgeEnds(view)];
      }),
      [
        [1, ['web', 'api'], ['web->api']],
        [2, ['web', 'api', 'db'], ['web->api', 'api->db']],
        [3, ['web', 'api', 'db', 'cache'], ['web->api', 'api->db', 'api->cache']],
      ],
    );
    assert.deepEqual(
      workspace.calls.filter((c) => c.startsWith('scene')),
      [`scene ${path} v1`, `scene ${path} v2`, `scene ${path} v3`],
      'each snapshot laid out once, at its own version',
    );
  });

  test('refused writes carry no drawing; a layout that fails leaves the text answer alone', async () => {
    await writeFile(join(root, 'refused.diagram'), FIXED);
    const unseen = await call(client, 'write_diagram', { path: 'refused.diagram', text: WITH_MISTAKE });
    assert.equal(unseen.isError, true);
    assert.equal(unseen._meta, undefined);
    const escaping = await call(client, 'show_diagram', { path: '../x.diagram' });
    assert.equal(escaping._meta, undefined);

    const broken = new MemoryWorkspace([root]);
    broken.scene = () => Promise.reject(new Error('the layout engine crashed'));
    const b = await connect(broken);
    try {
      const written = await call(b.client, 'write_diagram', { path: 'broken-layout.diagram', text: FIXED });
      assert.equal(written.isError, undefined, textOf(written));
      assert.match(textOf(written), /^Created broken-layout\.diagram \(version 1\)/);
      assert.equal(written._meta, undefined);
    } finally {
      await b.close();
    }
  });

  test('a stale baseVersion is refused with the current text; what the user typed stays', async () => {
    await writeFile(join(root, 'stale.diagram'), FIXED);
    const read = await call(client, 'read_diagram', { path: 'stale.diagram' });
    assert.match(textOf(read), /stale\.diagram, version 1\n/);
    assert.equal((read.structuredContent as { text: string }).text, FIXED);
    const typed = `${FIXED}db = cylinder "Orders"\n`;
    workspace.type(join(root, 'stale.diagram'), typed);
    const refused = await call(client, 'write_diagram', { path: 'stale.diagram', text: WITH_MISTAKE, baseVersion: 1 });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /^Nothing was written: stale\.diagram changed since version 1 .* now at version 2/);
    assert.ok(textOf(refused).includes(`\`\`\`diagram\n${typed}\`\`\``), 'the answer holds the current text');
    assert.equal(workspace.docs.get(join(root, 'stale.diagram'))!.text, typed, 'the user keeps what they typed');
    assert.ok(!workspace.calls.includes(`replace ${join(root, 'stale.diagram')}`), 'no edit was tried');
    // With the version the refusal gave, the write goes through (unsaved: the user had unsaved changes).
    const merged = await call(client, 'write_diagram', { path: 'stale.diagram', text: `${typed}api -> db\n`, baseVersion: 2 });
    assert.equal(merged.isError, undefined, textOf(merged));
    assert.match(textOf(merged), /left unsaved, because the editor had unsaved changes before/);
    assert.equal(await readFile(join(root, 'stale.diagram'), 'utf8'), FIXED, 'the file on disk keeps its saved text');
  });

  test('the user typing while the edit is pending: the editor refuses it and the model gets the current text', async () => {
    const path = join(root, 'race.diagram');
    await writeFile(path, FIXED);
    await call(client, 'read_diagram', { path: 'race.diagram' });
    const typed = `${FIXED}# typed by the user\n`;
    workspace.beforeEdit = () => workspace.type(path, typed);
    const refused = await call(client, 'write_diagram', { path: 'race.diagram', text: WITH_MISTAKE, baseVersion: 1 });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /changed since version 1 .* now at version 2/);
    assert.ok(textOf(refused).includes(typed));
    assert.equal(workspace.docs.get(path)!.text, typed);
  });

  test('an existing file the model has not seen is not replaced without a baseVersion', async () => {
    await writeFile(join(root, 'existing.diagram'), FIXED);
    const refused = await call(client, 'write_diagram', { path: 'existing.diagram', text: WITH_MISTAKE });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /already exists and you have not seen its current text/);
    assert.equal(await readFile(join(root, 'existing.diagram'), 'utf8'), FIXED);
    // Now it has seen it (the refusal showed it): a write without baseVersion replaces exactly that text.
    const replaced = await call(client, 'write_diagram', { path: 'existing.diagram', text: WITH_MISTAKE });
    assert.equal(replaced.isError, undefined, textOf(replaced));
    assert.equal(await readFile(join(root, 'existing.diagram'), 'utf8'), WITH_MISTAKE);
  });

  test('the same text again changes nothing; a file gone since it was read is not recreated by a versioned write', async () => {
    await writeFile(join(root, 'same.diagram'), FIXED);
    await call(client, 'read_diagram', { path: 'same.diagram' });
    const same = await call(client, 'write_diagram', { path: 'same.diagram', text: FIXED, baseVersion: 1 });
    assert.match(textOf(same), /already has exactly this text \(version 1\)/);
    assert.ok(!workspace.calls.some((c) => c.startsWith('replace')));
    const gone = await call(client, 'write_diagram', { path: 'gone.diagram', text: FIXED, baseVersion: 3 });
    assert.equal(gone.isError, true);
    assert.match(textOf(gone), /no longer exists/);
    assert.deepEqual((await tree(root)).filter((f) => f.startsWith('gone')), []);
  });

  test('read_diagram without a path reads the active diagram, or says what is open', async () => {
    const none = await call(client, 'read_diagram', {});
    assert.equal(none.isError, true);
    assert.match(textOf(none), /No \.diagram file is active/);
    await writeFile(join(root, 'active.diagram'), FIXED);
    await workspace.read(join(root, 'active.diagram'));
    workspace.activePath = join(root, 'active.diagram');
    const read = await call(client, 'read_diagram', {});
    assert.equal(read.isError, undefined, textOf(read));
    assert.match(textOf(read), /^active\.diagram, version 1\nElements \(2\): web, api\nConnections: 1\nProblems: none\n```diagram\n/);
  });

  test('show_diagram refuses an element that is not there, naming the ones that are', async () => {
    await writeFile(join(root, 'show.diagram'), FIXED);
    const refused = await call(client, 'show_diagram', { path: 'show.diagram', select: 'nope' });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /has no element 'nope'\. Its elements: web, api\./);
    assert.equal(workspace.shown, undefined);
  });

  const refusals: Array<[string, () => string, RegExp]> = [
    ['a path outside the workspace', () => join(outside, 'secret.diagram'), /outside the allowed roots/],
    ['a .. path', () => '../secret.diagram', /contains '\.\.'/],
    ['a .. path inside a folder', () => 'docs/../../x.diagram', /contains '\.\.'/],
    ['a symlink that leads out', () => 'escape/secret.diagram', /symbolic link/],
    ['a file that is not a .diagram', () => 'notes.txt', /is not a \.diagram file/],
    ['a file without an extension', () => 'docs/checkout', /is not a \.diagram file/],
  ];
  for (const [what, path, message] of refusals) {
    test(`refuses ${what} with a clear message, and nothing is read or written`, async () => {
      const before = await tree(root);
      const outsideBefore = await tree(outside);
      for (const [tool, args] of [
        ['write_diagram', { path: path(), text: FIXED }],
        ['read_diagram', { path: path() }],
        ['show_diagram', { path: path() }],
      ] as const) {
        const result = await call(client, tool, args);
        assert.equal(result.isError, true, `${tool}: ${textOf(result)}`);
        assert.match(textOf(result), message, tool);
        assert.match(textOf(result), new RegExp(`Allowed roots: ${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), tool);
      }
      assert.deepEqual(workspace.calls, [], 'the workspace was never asked');
      assert.deepEqual(await tree(root), before);
      assert.deepEqual(await tree(outside), outsideBefore);
      assert.equal(await readFile(join(outside, 'secret.diagram'), 'utf8'), 'x = rectangle "outside"\n');
    });
  }

  test('the active diagram outside the workspace is not read either', async () => {
    await workspace.read(join(outside, 'secret.diagram'));
    workspace.activePath = join(outside, 'secret.diagram');
    const refused = await call(client, 'read_diagram', {});
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /outside the allowed roots/);
    assert.ok(!textOf(refused).includes('outside"'), 'its text is not in the answer');
  });

  test('no folder open: a clear message', async () => {
    const empty = await connect(new MemoryWorkspace([]));
    try {
      const result = await call(empty.client, 'write_diagram', { path: 'a.diagram', text: FIXED });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /No folder is open in VS Code/);
    } finally {
      await empty.close();
    }
  });

  test('answers in Portuguese when the locale is pt-BR', async () => {
    const pt = await connect(new MemoryWorkspace([root]), 'pt-BR');
    try {
      const created = await call(pt.client, 'write_diagram', { path: 'pt.diagram', text: WITH_MISTAKE.replace('rectangle "Web"', 'retângulo "Web"') });
      assert.match(textOf(created), /^pt\.diagram foi criado \(versão 1\)/);
      assert.match(textOf(created), /Corrija todos os problemas/);
      const refused = await call(pt.client, 'read_diagram', { path: 'x.txt' });
      assert.match(textOf(refused), /não é um arquivo \.diagram/);
      assert.match(textOf(refused), /Raízes permitidas/);
    } finally {
      await pt.close();
    }
  });
});
