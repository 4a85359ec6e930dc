import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversationStore, repairConversation, titleFrom, type StoredConversation } from '../../../src/extension/chat/conversationStore';
import { emptyConversation } from '../../../src/extension/chat/chatSession';

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'archflow-store-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function conversation(title: string, updatedAt: number): StoredConversation {
  const c = emptyConversation('claude-sonnet-4-6', ['file:///ws'], updatedAt);
  c.view.meta.title = title;
  c.view.meta.updatedAt = updatedAt;
  c.view.items.push({ kind: 'user', id: 'u1', text: title, attachments: [], at: updatedAt });
  c.transcript = [{ role: 'user', content: [{ type: 'text', text: title }] }];
  return c;
}

test('saved conversations load back exactly and list newest first', async () => {
  await withDir(async (dir) => {
    const store = new ConversationStore(dir);
    const a = conversation('first', 1000);
    const b = conversation('second', 2000);
    await store.save(a);
    await store.save(b);
    assert.deepEqual(await store.load(a.id), a);
    const { entries, unreadable } = await store.list();
    assert.deepEqual(entries.map((e) => e.title), ['second', 'first']);
    assert.deepEqual(unreadable, []);
    assert.equal(entries[0].turns, 1);
    // No temporary file is left behind.
    assert.deepEqual((await readdir(dir)).filter((f) => f.endsWith('.tmp')), []);
  });
});

test('conversation files (attachments, tool results) are readable by the user only', async () => {
  await withDir(async (root) => {
    const dir = join(root, 'conversations');
    const store = new ConversationStore(dir);
    await store.save(conversation('private', 1000));
    assert.equal((await stat(dir)).mode & 0o777, 0o700);
    for (const f of await readdir(dir)) assert.equal((await stat(join(dir, f))).mode & 0o777, 0o600, f);
  });
});

test('a truncated or corrupt file is reported and skipped, kept on disk, and never hides the others', async () => {
  await withDir(async (dir) => {
    const store = new ConversationStore(dir);
    const good = conversation('good', 1000);
    const broken = conversation('broken', 2000);
    await store.save(good);
    await store.save(broken);
    const path = join(dir, `${broken.id}.json`);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.slice(0, text.length / 2));
    // Drop the index too, so the listing has to read every file.
    await rm(join(dir, 'index.json'));
    const fresh = new ConversationStore(dir);
    const { entries, unreadable } = await fresh.list();
    assert.deepEqual(entries.map((e) => e.id), [good.id]);
    assert.equal(unreadable.length, 1);
    assert.match(unreadable[0].error, /not valid JSON \(truncated or damaged/);
    assert.equal(await readFile(path, 'utf8'), text.slice(0, text.length / 2), 'the damaged file is left as it was');
    await assert.rejects(fresh.load(broken.id), /not valid JSON/);
    assert.deepEqual(await fresh.load(good.id), good);
  });
});

test('the index is rebuilt from the files when it is lost or disagrees with them', async () => {
  await withDir(async (dir) => {
    const store = new ConversationStore(dir);
    const a = conversation('a', 1000);
    await store.save(a);
    await writeFile(join(dir, 'index.json'), '{"format":1,"entries":[{"id":"gone0000","title":"gone","updatedAt":5,"costUsd":0,"turns":1}]}');
    const b = conversation('b', 3000);
    // Written behind the store's back (a crash between the file and the index).
    await writeFile(join(dir, `${b.id}.json`), JSON.stringify(b));
    const { entries } = await new ConversationStore(dir).list();
    assert.deepEqual(entries.map((e) => e.title), ['b', 'a']);
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'));
    assert.deepEqual(index.entries.map((e: { title: string }) => e.title), ['b', 'a'], 'the rebuilt index was written');
  });
});

test('deleting removes the file and its entry; concurrent saves are written in order', async () => {
  await withDir(async (dir) => {
    const store = new ConversationStore(dir);
    const a = conversation('a', 1000);
    const saves = Array.from({ length: 20 }, (_, i) => {
      const c = structuredClone(a);
      c.view.meta.title = `v${i}`;
      return store.save(c);
    });
    await Promise.all(saves);
    assert.equal((await store.load(a.id)).view.meta.title, 'v19');
    await store.delete(a.id);
    assert.deepEqual((await store.list()).entries, []);
    await assert.rejects(store.load('../etc/passwd'), /not a conversation id/);
  });
});

test('loading closes what a reload interrupted and repairs the transcript', () => {
  const c = conversation('x', 1);
  c.view.meta.running = true;
  c.view.items.push({ kind: 'assistant', id: 'a', run: 'r', round: 1, text: 'half', done: false });
  c.view.items.push({ kind: 'tool', id: 'toolu_1', run: 'r', round: 1, name: 's__t', args: '{}', status: 'approval', approval: { trusted: false, definitionChanged: false } });
  c.transcript.push({ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 's__t', input: {} }] });
  const repaired = repairConversation(JSON.parse(JSON.stringify(c)))!;
  assert.equal(repaired.view.meta.running, false);
  assert.deepEqual(
    repaired.view.items.slice(1).map((i) => [i.kind, 'done' in i ? i.done : 'status' in i ? i.status : '']),
    [
      ['assistant', true],
      ['tool', 'cancelled'],
    ],
  );
  const last = repaired.transcript.at(-1)!;
  assert.equal(last.role, 'user');
  assert.ok(Array.isArray(last.content) && last.content[0].type === 'tool_result' && last.content[0].is_error, 'the open call got its cancelled result');
  assert.equal(repairConversation({ format: 2, id: 'x', view: {} }), undefined);
  assert.equal(repairConversation('nope'), undefined);
});

test('titles come from the first line of the first message', () => {
  assert.equal(titleFrom('  Draw our checkout flow\nwith details'), 'Draw our checkout flow');
  const long = titleFrom('Draw the architecture of the payments platform including every queue and database we have');
  assert.ok(long.length <= 61 && long.endsWith('…'), long);
});
