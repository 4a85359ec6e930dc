import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesystemJs, managerFor, memoryJs, nodeServer, textOf, waitUntil, type TestManager } from './helpers';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'archflow-mcp-peers-')));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('server-filesystem with roots', () => {
  const fromArgs = join(scratch, 'from-args');
  const workspace = join(scratch, 'workspace');
  const later = join(scratch, 'later');
  let t: TestManager;
  before(() => {
    for (const dir of [fromArgs, workspace, later]) mkdirSync(dir);
    writeFileSync(join(fromArgs, 'outside.txt'), 'must stay unreadable');
    writeFileSync(join(workspace, 'inside.txt'), 'hello from the workspace');
    writeFileSync(join(later, 'later.txt'), 'hello from later');
    t = managerFor({ fs: nodeServer(filesystemJs, { args: [fromArgs] }) }, { roots: [workspace] });
  });
  after(() => t.manager.dispose());

  const allowed = async () => textOf(await t.manager.callTool('fs__list_allowed_directories', {}));

  test('the roots replace the directories given on its command line', { timeout: 30_000 }, async () => {
    const tools = await t.manager.listServerTools('fs');
    assert.equal(tools.length, 14);
    const write = tools.find((x) => x.tool.name === 'write_file')!;
    assert.equal(write.tool.annotations?.destructiveHint, true);
    assert.ok(tools.some((x) => x.tool.outputSchema));
    await waitUntil(async () => (await allowed()).includes(workspace), 'the server to take the roots');
    assert.equal((await allowed()).includes(fromArgs), false);
  });

  test('its path restriction holds: inside the root reads, outside is refused', { timeout: 30_000 }, async () => {
    const inside = await t.manager.callTool('fs__read_text_file', { path: join(workspace, 'inside.txt') });
    assert.equal(inside.isError ?? false, false);
    assert.match(textOf(inside), /hello from the workspace/);
    const outside = await t.manager.callTool('fs__read_text_file', { path: join(fromArgs, 'outside.txt') });
    assert.equal(outside.isError, true);
    assert.match(textOf(outside), /Access denied|outside allowed directories/i);
    const escape = await t.manager.callTool('fs__read_text_file', { path: join(workspace, '..', 'from-args', 'outside.txt') });
    assert.equal(escape.isError, true);
  });

  test('new roots are announced and take effect', { timeout: 30_000 }, async () => {
    await t.manager.setRoots([later]);
    await waitUntil(async () => (await allowed()).includes(later), 'the server to take the new roots');
    const read = await t.manager.callTool('fs__read_text_file', { path: join(later, 'later.txt') });
    assert.match(textOf(read), /hello from later/);
    const old = await t.manager.callTool('fs__read_text_file', { path: join(workspace, 'inside.txt') });
    assert.equal(old.isError, true);
  });

  test('writes go where the model asked, within the roots, with structured output', { timeout: 30_000 }, async () => {
    const target = join(later, 'written.txt');
    const result = await t.manager.callTool('fs__write_file', { path: target, content: 'written through MCP' });
    assert.equal(result.isError ?? false, false);
    assert.equal(readFileSync(target, 'utf8'), 'written through MCP');
  });
});

describe('server-memory', () => {
  let t: TestManager;
  const memoryFile = join(scratch, 'memory.jsonl');
  before(() => {
    t = managerFor({ memory: nodeServer(memoryJs, { env: { MEMORY_FILE_PATH: memoryFile } }) });
  });
  after(() => t.manager.dispose());

  test('creates entities and reads the graph back; the file is written', { timeout: 30_000 }, async () => {
    const tools = await t.manager.listServerTools('memory');
    assert.equal(tools.length, 9);
    const created = await t.manager.callTool('memory__create_entities', {
      entities: [{ name: 'ArchFlow', entityType: 'project', observations: ['draws diagrams from text'] }],
    });
    assert.equal(created.isError ?? false, false);
    assert.deepEqual((created.structuredContent as { entities: Array<{ name: string }> }).entities.map((e) => e.name), ['ArchFlow']);
    const graph = await t.manager.callTool('memory__read_graph', {});
    assert.match(textOf(graph), /draws diagrams from text/);
    assert.match(readFileSync(memoryFile, 'utf8'), /ArchFlow/);
  });

  test('its knowledge-graph resource announces updates to a subscriber', { timeout: 30_000 }, async () => {
    const [resource] = await t.manager.listResources('memory');
    assert.equal(resource.uri, 'memory://knowledge-graph');
    const updates: string[] = [];
    const listener = t.manager.onDidUpdateResource((e) => updates.push(`${e.server} ${e.uri}`));
    await t.manager.subscribeResource('memory', resource.uri);
    await t.manager.callTool('memory__add_observations', { observations: [{ entityName: 'ArchFlow', contents: ['speaks MCP'] }] });
    await waitUntil(() => updates.includes('memory memory://knowledge-graph'), 'the resource update');
    listener.dispose();
    const read = await t.manager.readResource('memory', resource.uri);
    assert.match(JSON.stringify(read.contents), /speaks MCP/);
  });
});
