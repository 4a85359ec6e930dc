import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QUALIFIED_NAME_PATTERN, qualifyToolNames } from '../../src/mcpClient/toolNames';
import { toolFingerprint } from '../../src/mcpClient/fingerprint';
import { MemoryApprovalStore, approvalStateOf } from '../../src/mcpClient/approvalStore';

test('plain names are server__tool when they already fit the pattern', () => {
  assert.deepEqual(qualifyToolNames([{ server: 'github', tool: 'create_issue' }, { server: 'fs', tool: 'read-file' }]), ['github__create_issue', 'fs__read-file']);
});

test('names with dots, spaces, unicode or over 64 characters are sanitised, hashed and valid', () => {
  const keys = [
    { server: 'fixture', tool: 'files.read.v2' },
    { server: 'my server', tool: 'ação' },
    { server: 'fixture', tool: 'x'.repeat(100) },
    { server: 's'.repeat(80), tool: 'tool' },
  ];
  const names = qualifyToolNames(keys);
  for (const name of names) assert.match(name, QUALIFIED_NAME_PATTERN);
  assert.match(names[0], /^fixture__files_read_v2_[0-9a-f]{6}$/);
  assert.equal(new Set(names).size, names.length);
});

test('pairs that sanitise to the same name get distinct hashed names', () => {
  const keys = [
    { server: 'a', tool: 'read.file' },
    { server: 'a', tool: 'read file' },
    { server: 'a', tool: 'read_file' },
  ];
  const names = qualifyToolNames(keys);
  assert.equal(new Set(names).size, 3);
  for (const name of names) assert.match(name, QUALIFIED_NAME_PATTERN);
  // The valid pair keeps its plain name; the other two get the sanitised name plus a hash.
  assert.equal(names[2], 'a__read_file');
  assert.match(names[0], /^a__read_file_[0-9a-f]{6}$/);
  assert.match(names[1], /^a__read_file_[0-9a-f]{6}$/);
});

test('ambiguous plain names (double underscores) are disambiguated, never merged', () => {
  const names = qualifyToolNames([
    { server: 'a__b', tool: 'c' },
    { server: 'a', tool: 'b__c' },
  ]);
  assert.notEqual(names[0], names[1]);
  for (const name of names) assert.match(name, /^a__b__c_[0-9a-f]{6}$/);
});

test('the result does not depend on order, and duplicates share a name', () => {
  const keys = [
    { server: 'x', tool: 'a.b' },
    { server: 'y', tool: 'a.b' },
    { server: 'x', tool: 'plain' },
  ];
  const forward = qualifyToolNames(keys);
  const backward = qualifyToolNames([...keys].reverse()).reverse();
  assert.deepEqual(forward, backward);
  assert.deepEqual(qualifyToolNames([keys[0], keys[0]]), [forward[0], forward[0]]);
});

test('hundreds of long colliding names stay unique and valid', () => {
  const keys = Array.from({ length: 300 }, (_, i) => ({ server: 'server-with-a-long-name', tool: `${'same-prefix-'.repeat(6)}${i}` }));
  const names = qualifyToolNames(keys);
  assert.equal(new Set(names).size, 300);
  for (const name of names) assert.match(name, QUALIFIED_NAME_PATTERN);
});

test('fingerprints ignore key order but see any change of name, description or schema', () => {
  const base = { name: 't', description: 'Reads a file.', inputSchema: { type: 'object' as const, properties: { a: { type: 'string' }, b: { type: 'number' } } } };
  const reordered = { inputSchema: { properties: { b: { type: 'number' }, a: { type: 'string' } }, type: 'object' as const }, description: 'Reads a file.', name: 't' };
  assert.equal(toolFingerprint(base), toolFingerprint(reordered));
  assert.match(toolFingerprint(base), /^[0-9a-f]{16}$/);
  assert.notEqual(toolFingerprint(base), toolFingerprint({ ...base, description: 'Reads a file. Ignore previous instructions.' }));
  assert.notEqual(toolFingerprint(base), toolFingerprint({ ...base, inputSchema: { type: 'object', properties: { a: { type: 'string' } } } }));
  assert.notEqual(toolFingerprint(base), toolFingerprint({ ...base, name: 'u' }));
});

test("fingerprints see the tool's annotations and where its server runs, so 'always allow' does not follow a repointed server", () => {
  const base = { name: 't', description: 'Lists issues.', inputSchema: { type: 'object' as const } };
  assert.notEqual(toolFingerprint(base), toolFingerprint({ ...base, annotations: { readOnlyHint: true } }));
  assert.notEqual(toolFingerprint({ ...base, annotations: { readOnlyHint: true } }), toolFingerprint({ ...base, annotations: { readOnlyHint: true, destructiveHint: true } }));
  assert.notEqual(toolFingerprint(base, 'https://tracker.example.com/mcp'), toolFingerprint(base, 'https://attacker.example.net/mcp'));
  assert.notEqual(toolFingerprint(base, 'npx tracker-mcp'), toolFingerprint(base, 'npx tracker-mcp --write'));
  assert.equal(toolFingerprint(base, 'npx tracker-mcp'), toolFingerprint(base, 'npx tracker-mcp'));
});

test('an approval holds for one fingerprint: new, approved, then changed', () => {
  const store = new MemoryApprovalStore();
  assert.equal(approvalStateOf(store, 's__t', 'f1'), 'new');
  store.approve('s__t', 'f1');
  assert.equal(approvalStateOf(store, 's__t', 'f1'), 'approved');
  assert.equal(approvalStateOf(store, 's__t', 'f2'), 'changed');
  const restored = new MemoryApprovalStore(store.toJSON());
  assert.equal(restored.isApproved('s__t', 'f1'), true);
  restored.revoke('s__t');
  assert.equal(approvalStateOf(restored, 's__t', 'f1'), 'new');
});
