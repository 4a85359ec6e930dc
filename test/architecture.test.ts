// Enforces the rooms of docs/architecture.md: the table under "## Rooms" is read from the
// document itself (so the two cannot drift), and every import, folder and tsconfig of the
// sources is checked against it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = join(import.meta.dirname, '..');
const DOC = join('docs', 'architecture.md');

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
  const re = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return out;
}

/**
 * The room a repository path is in: `src/<room>`, `webview/<room>`, `webview` for the files at
 * the top of webview/, else the top folder (e.g. `l10n`).
 */
function roomOfPath(path: string): string {
  const parts = path.split(sep);
  if (parts[0] === 'src') return `src/${parts[1]}`;
  if (parts[0] === 'webview') return parts.length > 2 ? `webview/${parts[1]}` : 'webview';
  return parts[0];
}

/** The room a relative import lands in; undefined for a package. */
function roomOfImport(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return roomOfPath(relative(root, join(root, file, '..', spec)));
}

interface Room {
  room: string;
  mayImportRooms: string[];
  allowedPackages: string[];
  forbiddenPackages: string[];
}

const isRoomName = (token: string) => /^(src\/|webview(\/|$)|l10n$)/.test(token);

/** The rows of the first table under "## Rooms" in docs/architecture.md (the one headed `| folder |`). */
function roomsTable(): Room[] {
  const lines = readFileSync(join(root, DOC), 'utf8').split('\n');
  const section = lines.slice(lines.indexOf('## Rooms'));
  const header = section.findIndex((line) => line.startsWith('| folder |'));
  assert.ok(header >= 0, `expected a table headed "| folder |" under "## Rooms" in ${DOC}`);
  const table = section.slice(header + 2);
  const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  return table
    .slice(0, table.findIndex((line) => !line.startsWith('|')))
    .map((line) => {
      const cells = line.split(' | ');
      assert.equal(cells.length, 5, `a row of the rooms table has five columns: ${line}`);
      const mayImport = codes(cells[3]);
      return {
        room: codes(cells[0])[0],
        mayImportRooms: mayImport.filter(isRoomName),
        allowedPackages: mayImport.filter((t) => !isRoomName(t)),
        forbiddenPackages: codes(cells[4]),
      };
    });
}

/** `x*`: every package whose name starts with x; `x`: the package x and its subpaths. */
function packageMatches(pattern: string, spec: string): boolean {
  if (pattern.endsWith('*')) return spec.startsWith(pattern.slice(0, -1));
  return spec === pattern || spec.startsWith(`${pattern}/`);
}

const rooms = roomsTable();
const allSources = [...sources('src'), ...sources('webview')];

test(`${DOC} has a rooms table, one row a room`, () => {
  assert.ok(rooms.length >= 10, `expected the rooms table in ${DOC}`);
  assert.deepEqual(rooms.filter((r, i) => rooms.findIndex((o) => o.room === r.room) !== i), []);
  for (const r of rooms) assert.ok(existsSync(join(root, r.room)), `${r.room} in ${DOC} does not exist`);
});

test(`every source file is in a room of ${DOC}`, () => {
  const known = new Set(rooms.map((r) => r.room));
  assert.deepEqual([...new Set(allSources.map(roomOfPath).filter((r) => !known.has(r)))], []);
});

for (const rule of rooms) {
  test(`${rule.room} imports only what ${DOC} allows`, () => {
    const violations: string[] = [];
    for (const file of allSources.filter((f) => roomOfPath(f) === rule.room)) {
      for (const spec of importsOf(file)) {
        const room = roomOfImport(file, spec);
        if (room !== undefined && room !== rule.room && !rule.mayImportRooms.includes(room)) violations.push(`${file} -> ${spec} (${room})`);
        const refused = rule.forbiddenPackages.some((p) => packageMatches(p, spec)) && !rule.allowedPackages.some((p) => packageMatches(p, spec));
        if (room === undefined && refused) violations.push(`${file} -> ${spec}`);
      }
    }
    assert.deepEqual(violations, []);
  });
}

test(`each src room's tsconfig.json references only rooms ${DOC} lets it import`, () => {
  const violations: string[] = [];
  for (const rule of rooms.filter((r) => r.room.startsWith('src/'))) {
    const config = join(root, rule.room, 'tsconfig.json');
    assert.ok(existsSync(config), `${rule.room} has its own tsconfig.json`);
    const references = (JSON.parse(readFileSync(config, 'utf8')) as { references?: { path: string }[] }).references ?? [];
    for (const ref of references) {
      const target = roomOfPath(relative(root, join(root, rule.room, ref.path, 'x')));
      if (!rule.mayImportRooms.includes(target)) violations.push(`${rule.room} -> ${target}`);
    }
  }
  assert.deepEqual(violations, []);
});

test(`test/ mirrors the rooms (rule 6 of ${DOC})`, () => {
  const support = new Set(['extension', 'ui', 'harness', 'fixtures', 'fakeAnthropic', 'scripts', 'package', 'webview']);
  const srcRooms = new Set(rooms.filter((r) => r.room.startsWith('src/')).map((r) => r.room.slice('src/'.length)));
  const webRooms = new Set(rooms.filter((r) => r.room.startsWith('webview/')).map((r) => r.room.slice('webview/'.length)));
  const dirs = (dir: string) => readdirSync(join(root, dir)).filter((e) => statSync(join(root, dir, e)).isDirectory());
  assert.deepEqual(dirs('test').filter((d) => !srcRooms.has(d) && !support.has(d)), []);
  assert.deepEqual(dirs(join('test', 'webview')).filter((d) => !webRooms.has(d)), []);
});

test('the drawing is shared from webview/diagram: no webview room reaches into another', () => {
  const crossings = allSources
    .filter((f) => f.startsWith(`webview${sep}`))
    .flatMap((f) => importsOf(f).map((spec) => [f, spec, roomOfImport(f, spec)] as const))
    .filter(([f, , room]) => room?.startsWith('webview/') && room !== roomOfPath(f) && room !== 'webview/diagram');
  assert.deepEqual(crossings, []);
});

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
