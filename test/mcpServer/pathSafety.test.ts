import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkPathInRoots, isInside, resolveRoots, writeOutputAtomic } from '../../src/mcpServer/pathSafety';
import { serverMessages } from '../../src/mcpServer/serverMessages';
import { tempDir } from './helpers';

const en = serverMessages('en');

/** Every file and folder under `dir`, relative, sorted. */
async function tree(dir: string): Promise<string[]> {
  return ((await readdir(dir, { recursive: true })) as string[]).sort();
}

describe('checkPathInRoots', () => {
  let root: string;
  let outside: string;
  const cleanups: Array<() => Promise<void>> = [];

  before(async () => {
    const r = await tempDir();
    const o = await tempDir();
    cleanups.push(r.cleanup, o.cleanup);
    root = r.dir;
    outside = o.dir;
    await mkdir(join(root, 'docs'));
    await symlink(outside, join(root, 'escape'));
    await symlink(join(root, 'docs'), join(root, 'docs-link'));
    await writeFile(join(outside, 'target.svg'), 'outside');
    await symlink(join(outside, 'target.svg'), join(root, 'linked.svg'));
    await mkdir(join(root, 'folder.svg'));
  });
  after(async () => {
    for (const c of cleanups) await c();
  });

  const refusals: Array<[string, () => string, RegExp]> = [
    ['a parent escape', () => '../x.svg', /'\.\.'/],
    ['a nested parent escape', () => 'docs/../../x.svg', /'\.\.'/],
    ['a backslash parent escape', () => '..\\x.svg', /'\.\.'/],
    ['an absolute path outside', () => join(outside, 'x.svg'), /outside the allowed roots/],
    ['a symlinked folder that leads out', () => 'escape/x.svg', /symbolic link/],
    ['a new folder under a symlink that leads out', () => 'escape/new/deeper/x.svg', /symbolic link/],
    ['an existing symlink as the target', () => 'linked.svg', /symbolic link/],
    ['a folder as the target', () => 'folder.svg', /not a regular file/],
    ['another extension', () => 'x.txt', /does not end in \.svg/],
    ['no extension', () => 'docs/arch', /does not end in \.svg/],
    ['a NUL byte', () => 'x\0.svg', /NUL byte/],
    ['a control character', () => 'x\n.svg', /control character/],
    ['a very long name', () => `${'a'.repeat(300)}.svg`, /longer than 255 bytes/],
    ['a very long path', () => `${'d/'.repeat(2100)}x.svg`, /longer than 4096 bytes/],
    ['a device name', () => 'CON.svg', /reserved device name/],
    ['a device name in a folder', () => 'docs/com1/x.svg', /reserved device name/],
    ['a lower-case device name', () => 'nul.svg', /reserved device name/],
    ['a reserved character', () => 'docs/a:b.svg', /characters file systems reject/],
    ['a trailing dot in a folder', () => 'docs./x.svg', /ends in a dot or space/],
    ['an empty path', () => '', /is empty/],
  ];

  for (const [what, output, reason] of refusals) {
    test(`refuses ${what}, names the roots, writes nothing`, async () => {
      const before = [await tree(root), await tree(outside)];
      const check = await checkPathInRoots(output(), [root], en);
      assert.equal(check.ok, false);
      assert.ok(!check.ok);
      assert.match(check.message, reason);
      assert.match(check.message, new RegExp(`Allowed roots: ${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      assert.deepEqual([await tree(root), await tree(outside)], before);
    });
  }

  test('refuses everything when there is no root, and says so', async () => {
    const check = await checkPathInRoots('x.svg', [], en);
    assert.ok(!check.ok);
    assert.match(check.message, /no output root/);
    assert.match(check.message, /Allowed roots: none/);
  });

  test('accepts a relative path in missing folders without creating them', async () => {
    const check = await checkPathInRoots('docs/new/deep/arch.svg', [root], en);
    assert.ok(check.ok);
    assert.equal(check.target.path, join(root, 'docs', 'new', 'deep', 'arch.svg'));
    assert.equal(check.target.display, 'docs/new/deep/arch.svg');
    assert.equal(check.target.root, root);
    assert.ok(!(await tree(root)).includes(join('docs', 'new')));
  });

  test('accepts absolute paths inside, upper-case .SVG and symlinks that stay inside', async () => {
    const abs = await checkPathInRoots(join(root, 'docs', 'A.SVG'), [root], en);
    assert.ok(abs.ok);
    assert.equal(abs.target.display, 'docs/A.SVG');
    const viaLink = await checkPathInRoots('docs-link/x.svg', [root], en);
    assert.ok(viaLink.ok);
    assert.equal(viaLink.target.path, join(root, 'docs', 'x.svg'));
  });

  test('a path in a later root is shown in full; relative paths go to the first root', async () => {
    const inSecond = await checkPathInRoots(join(outside, 'b.svg'), [root, outside], en);
    assert.ok(inSecond.ok);
    assert.equal(inSecond.target.root, outside);
    assert.equal(inSecond.target.display, join(outside, 'b.svg'));
    const relative = await checkPathInRoots('b.svg', [outside, root], en);
    assert.ok(relative.ok);
    assert.equal(relative.target.path, join(outside, 'b.svg'));
  });

  test('messages follow the locale', async () => {
    const check = await checkPathInRoots('x.txt', [root], serverMessages('pt-BR'));
    assert.ok(!check.ok);
    assert.match(check.message, /Recusado/);
    assert.match(check.message, /Raízes permitidas/);
  });
});

describe('writeOutputAtomic', () => {
  test('creates missing folders, replaces an existing file and leaves no temporary file', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const check = await checkPathInRoots('a/b/out.svg', [dir], en);
      assert.ok(check.ok);
      await writeOutputAtomic(check.target, '<svg>1</svg>');
      await writeOutputAtomic(check.target, '<svg>2</svg>');
      assert.equal(await readFile(join(dir, 'a', 'b', 'out.svg'), 'utf8'), '<svg>2</svg>');
      assert.deepEqual(await readdir(join(dir, 'a', 'b')), ['out.svg']);
    } finally {
      await cleanup();
    }
  });

  test('fails without leaving anything when the parent cannot be created', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const check = await checkPathInRoots('blocker/out.svg', [dir], en);
      assert.ok(check.ok);
      // Between the check and the write, a file takes the folder's place.
      await writeFile(join(dir, 'blocker'), 'a file');
      await assert.rejects(writeOutputAtomic(check.target, '<svg/>'));
      assert.deepEqual(await tree(dir), ['blocker']);
    } finally {
      await cleanup();
    }
  });

  test('refuses when a symlink that leads out is swapped in after the check', async () => {
    const { dir, cleanup } = await tempDir();
    const other = await tempDir();
    try {
      const check = await checkPathInRoots('swap/out.svg', [dir], en);
      assert.ok(check.ok);
      await symlink(other.dir, join(dir, 'swap'));
      await assert.rejects(writeOutputAtomic(check.target, '<svg/>'), /changed while writing/);
      assert.deepEqual(await tree(other.dir), []);
    } finally {
      await cleanup();
      await other.cleanup();
    }
  });
});

test('resolveRoots keeps existing directories as realpaths, once, and reports the rest', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    await writeFile(join(dir, 'file'), '');
    await symlink(dir, join(dir, 'self'));
    const { roots, skipped } = await resolveRoots([dir, join(dir, 'self'), join(dir, 'missing'), join(dir, 'file')]);
    assert.deepEqual(roots, [dir]);
    assert.deepEqual(skipped, [join(dir, 'missing'), join(dir, 'file')]);
  } finally {
    await cleanup();
  }
});

test('isInside is strict and not fooled by shared prefixes', () => {
  assert.equal(isInside('/a/b/c', '/a/b'), true);
  assert.equal(isInside('/a/b', '/a/b'), false);
  assert.equal(isInside('/a/bc', '/a/b'), false);
  assert.equal(isInside('/a/..b/x', '/a'), true);
  assert.equal(isInside('/x', '/a'), false);
});
