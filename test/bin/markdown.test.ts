// `archflow check` and `archflow render` on Markdown files, as a docs pipeline calls them:
// the built dist/cli.js in a child process, in a scratch folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractDiagramFences } from '../../src/core/markdown/index';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
let dir: string;

function run(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const GOOD = [
  '# Shop', // 1
  '', // 2
  '```diagram id=shop title="Shop & co"', // 3
  'web = rect "Web"', // 4
  'db = cylinder "DB"', // 5
  'web -> db "SQL"', // 6
  '```', // 7
  '', // 8
  '- Queue:', // 9
  '  ~~~archflow', // 10
  '  q = queue "Jobs"', // 11
  '  ~~~', // 12
  '', // 13
].join('\n');

const BAD = [
  'Intro', // 1
  '', // 2
  '```diagram', // 3
  'a = retangolo "A"', // 4
  'a -> bb', // 5
  '```', // 6
  '', // 7
  '```diagram', // 8
  'x = rect', // 9
].join('\r\n');

before(() => {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'archflow-md-'));
  writeFileSync(join(dir, 'README.md'), GOOD);
  writeFileSync(join(dir, 'bad.md'), BAD);
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs/plain.md'), '# Nothing to draw\n\n```ts\nconst a = 1;\n```\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('check: each problem at FILE:LINE:COL of the Markdown file (CRLF too), exit 1 on errors', () => {
  const r = run(['check', 'README.md', 'bad.md', 'docs/plain.md']);
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), [
    "bad.md:4:5: error: unknown shape 'retangolo'; did you mean 'retângulo'?",
    "bad.md:5:6: warning: 'bb' is not declared; it is drawn as a rectangle",
    'bad.md:8:1: error: this ```diagram block is never closed: end the diagram with a line holding ```',
  ]);
  assert.equal(run(['check', 'README.md', 'docs/plain.md']).code, 0);
});

test('check --json: the diagrams counted, positions in the Markdown file', () => {
  const r = run(['check', '--json', 'README.md', 'bad.md']);
  const reports = JSON.parse(r.stdout) as Array<{ file: string; elements: number; connections: number; diagrams: number; diagnostics: Array<{ code: string; line: number; column: number }> }>;
  assert.deepEqual(
    reports.map((f) => [f.file, f.diagrams, f.elements, f.connections]),
    [
      ['README.md', 2, 3, 1],
      ['bad.md', 2, 2, 1],
    ],
  );
  assert.deepEqual(
    reports[1]!.diagnostics.map((d) => [d.code, d.line, d.column]),
    [
      ['unknown-shape', 4, 5],
      ['undeclared-id', 5, 6],
      ['unclosed-fence', 8, 1],
    ],
  );
});

test('render: one SVG per fence with stable names, a Markdown copy linking them, idempotent, --check', () => {
  const first = run(['render', 'README.md', '--out-dir', 'docs/diagrams', '-o', 'site/README.md']);
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(readdirSync(join(dir, 'docs/diagrams')).sort(), ['readme-2.svg', 'shop.svg']);
  const shop = readFileSync(join(dir, 'docs/diagrams/shop.svg'), 'utf8');
  assert.ok(shop.startsWith('<svg'));
  assert.ok(shop.includes('>Web<') && shop.includes('>SQL<'));
  const copy = readFileSync(join(dir, 'site/README.md'), 'utf8');
  assert.ok(copy.includes('![Shop & co](../docs/diagrams/shop.svg)\n\n<details>\n<summary>Diagram source</summary>\n\n```diagram id=shop'), copy);
  // Blank lines keep the image out of the paragraph before it, and what follows out of the HTML block.
  assert.ok(copy.includes('- Queue:\n\n  ![Diagram 2](../docs/diagrams/readme-2.svg)\n'), copy);
  assert.ok(copy.includes('```\n\n</details>\n\n- Queue:'), copy);
  // The copy keeps every fence, byte for byte.
  assert.deepEqual(
    extractDiagramFences(copy).map((f) => f.text),
    extractDiagramFences(GOOD).map((f) => f.text),
  );

  // Same input, same bytes: nothing is rewritten, and --check agrees.
  const mtime = statSync(join(dir, 'docs/diagrams/shop.svg')).mtimeMs;
  const again = run(['render', 'README.md', '--out-dir', 'docs/diagrams', '-o', 'site/README.md']);
  assert.equal(again.code, 0);
  assert.match(again.stderr, /0 file\(s\) written, 3 unchanged/);
  assert.equal(statSync(join(dir, 'docs/diagrams/shop.svg')).mtimeMs, mtime);
  assert.equal(readFileSync(join(dir, 'docs/diagrams/shop.svg'), 'utf8'), shop);
  assert.equal(run(['render', 'README.md', '--out-dir', 'docs/diagrams', '-o', 'site/README.md', '--check']).code, 0);

  // An edited fence makes its image (and the copy) stale; --check says which and writes nothing.
  writeFileSync(join(dir, 'README.md'), GOOD.replace('"SQL"', '"TCP"'));
  const stale = run(['render', 'README.md', '--out-dir', 'docs/diagrams', '-o', 'site/README.md', '--check']);
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /docs\/diagrams\/shop\.svg: out of date/);
  assert.match(stale.stderr, /site\/README\.md: out of date/);
  assert.doesNotMatch(stale.stderr, /readme-2\.svg/);
  assert.equal(readFileSync(join(dir, 'docs/diagrams/shop.svg'), 'utf8'), shop);
  // A deleted image is stale too.
  rmSync(join(dir, 'docs/diagrams/readme-2.svg'));
  assert.match(run(['render', 'README.md', '--out-dir', 'docs/diagrams', '--check']).stderr, /readme-2\.svg: out of date/);
  assert.equal(run(['render', 'README.md', '--out-dir', 'docs/diagrams']).code, 0);
  assert.ok(readFileSync(join(dir, 'docs/diagrams/shop.svg'), 'utf8').includes('>TCP<'));
  assert.equal(run(['render', 'README.md', '--out-dir', 'docs/diagrams', '--check']).code, 0);
  assert.deepEqual(
    readdirSync(join(dir, 'docs/diagrams')).filter((f) => f.endsWith('.tmp')),
    [],
  );
  writeFileSync(join(dir, 'README.md'), GOOD);
});

test('render --png --theme dark: PNG images', () => {
  const r = run(['render', 'README.md', '--out-dir', 'png', '--png', '--theme', 'dark']);
  assert.equal(r.code, 0, r.stderr);
  const png = readFileSync(join(dir, 'png/shop.png'));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});

test('render: a fence with errors (or never closed) writes nothing at all, exit 1', () => {
  const r = run(['render', 'bad.md', '--out-dir', 'bad-out', '-o', 'bad-copy.md']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bad\.md:4:5: error: unknown shape/);
  assert.match(r.stderr, /bad\.md:8:1: error: .* never closed/);
  assert.match(r.stderr, /nothing written/);
  assert.equal(existsSync(join(dir, 'bad-out')), false);
  assert.equal(existsSync(join(dir, 'bad-copy.md')), false);
});

test('Markdown that is not UTF-8 gets a clear message naming the line, and nothing is written', () => {
  writeFileSync(join(dir, 'latin1.md'), Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from('\n\n```diagram\na = rect\n```\n')]));
  const r = run(['check', 'latin1.md']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /latin1\.md: cannot read: line 1 is not valid UTF-8; save the file as UTF-8/);
  writeFileSync(join(dir, 'utf16.md'), Buffer.from('\ufeff# Hi\n', 'utf16le'));
  assert.match(run(['check', 'utf16.md']).stderr, /UTF-16/);
  const render = run(['render', 'latin1.md', '--out-dir', 'latin1-out']);
  assert.equal(render.code, 2);
  assert.equal(existsSync(join(dir, 'latin1-out')), false);
  // A UTF-8 byte-order mark is fine.
  writeFileSync(join(dir, 'bom.md'), '\ufeff```diagram\na = rect\n```\n');
  assert.equal(run(['check', 'bom.md']).code, 0);
});

test('200 fences: 200 images, distinct stable names', () => {
  const parts: string[] = [];
  for (let i = 0; i < 200; i++) parts.push(`\`\`\`diagram${i % 3 === 0 ? ` id=part-${i}` : ''}`, `n${i} = rect "N${i}"`, `n${i} -> m${i}`, '```', '');
  writeFileSync(join(dir, 'many.md'), parts.join('\n'));
  const r = run(['render', 'many.md', '--out-dir', 'many']);
  assert.equal(r.code, 0, r.stderr);
  const files = readdirSync(join(dir, 'many'));
  assert.equal(files.length, 200);
  assert.ok(files.includes('part-0.svg') && files.includes('many-2.svg') && files.includes('many-200.svg'), files.slice(0, 5).join());
});

test('render FILE.md without --out-dir writes the images beside the Markdown file', () => {
  mkdirSync(join(dir, 'guide'));
  writeFileSync(join(dir, 'guide/setup.md'), GOOD);
  const r = run(['render', 'guide/setup.md']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(readdirSync(join(dir, 'guide')).sort(), ['setup-2.svg', 'setup.md', 'shop.svg']);
  assert.match(r.stderr, /2 diagram\(s\): 2 file\(s\) written, 0 unchanged -> beside the Markdown\n$/);
  const copy = run(['render', 'guide/setup.md', '-o', 'site/setup.md']);
  assert.equal(copy.code, 0, copy.stderr);
  assert.match(readFileSync(join(dir, 'site/setup.md'), 'utf8'), /!\[Shop & co\]\(\.\.\/guide\/shop\.svg\)/);
});

test('usage: -o not Markdown, Markdown with diagram files, -o over the input, -o with several inputs, two fences claiming one name', () => {
  const noDir = run(['render', 'README.md', '-o', 'x.svg']);
  assert.equal(noDir.code, 2);
  assert.match(noDir.stderr, /-o must name a Markdown file, got 'x\.svg'/);
  assert.match(run(['render', 'README.md', 'x.diagram']).stderr, /render Markdown \(README\.md\) and diagram files \(x\.diagram\) in separate runs/);
  writeFileSync(join(dir, 'x.diagram'), 'x = rect\n');
  assert.match(run(['render', 'x.diagram', '--out-dir', 'imgs']).stderr, /--out-dir renders Markdown files .*'x\.diagram' is not one \(for diagram files, -o imgs\/ names a directory\)/);
  assert.equal(existsSync(join(dir, 'x.svg')), false);
  assert.equal(existsSync(join(dir, 'imgs')), false);
  assert.match(run(['render', 'README.md', '--out-dir', 'o', '-o', './README.md']).stderr, /must not be the input file/);
  assert.match(run(['render', 'README.md', 'bad.md', '--out-dir', 'o', '-o', 'c.md']).stderr, /exactly one Markdown file/);
  writeFileSync(join(dir, 'other.md'), '```diagram id=shop\nz = rect\n```\n');
  const clash = run(['render', 'README.md', 'other.md', '--out-dir', 'clash']);
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /README\.md:3 and other\.md:1 would both write clash\/shop\.svg/);
  assert.equal(existsSync(join(dir, 'clash')), false);
});

test('format refuses Markdown (never rewrites it as diagram text); --write on a .diagram is atomic and keeps a BOM', () => {
  const notes = '# Notes\n\n- item\n    - nested item\n\n\n        indented code\n';
  writeFileSync(join(dir, 'notes.md'), notes);
  const r = run(['format', 'notes.md', '--write']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /notes\.md is Markdown/);
  assert.equal(readFileSync(join(dir, 'notes.md'), 'utf8'), notes);
  writeFileSync(join(dir, 'bom.diagram'), '\ufeffa=rect\na->b\n');
  assert.equal(run(['format', 'bom.diagram', '--write']).code, 0);
  assert.equal(readFileSync(join(dir, 'bom.diagram'), 'utf8'), '\ufeffa = rect\na -> b\n');
  assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
});

test('the Markdown copy: a lone CR splits lines as the fence finder does, and no list marker is lost', () => {
  writeFileSync(join(dir, 'cr2.md'), 'A\rB\rC\rD\n- ```diagram id=y\n  a -> b\n  ```\n- keep this item marker\n- and this one\n');
  const r = run(['render', 'cr2.md', '--out-dir', 'out2', '-o', 'copy2.md']);
  assert.equal(r.code, 0, r.stderr);
  const copy = readFileSync(join(dir, 'copy2.md'), 'utf8');
  assert.ok(copy.startsWith('A\rB\rC\rD\n'), 'lines outside the fences keep their own breaks');
  assert.match(copy, /\n {2}<\/details>\n\n- keep this item marker\n- and this one\n$/);
  assert.deepEqual(
    extractDiagramFences(copy).map((f) => f.text),
    ['a -> b\n'],
  );
});

test('the Markdown copy: what follows </details> and what precedes the image stay Markdown', async () => {
  const { default: MarkdownIt } = await import('markdown-it');
  writeFileSync(join(dir, 'html.md'), 'Intro paragraph\n```diagram id=h\na -> b\n```\nSome **bold** text with a [link](http://x.com).\n\n> ```diagram id=h2\n> c -> d\n> ```\n');
  const r = run(['render', 'html.md', '--out-dir', 'out3', '-o', 'copy3.md']);
  assert.equal(r.code, 0, r.stderr);
  const html = new MarkdownIt('commonmark').render(readFileSync(join(dir, 'copy3.md'), 'utf8'));
  assert.match(html, /<p>Intro paragraph<\/p>/);
  assert.match(html, /<strong>bold<\/strong> text with a <a href="http:\/\/x\.com">link<\/a>/);
  assert.equal(extractDiagramFences(readFileSync(join(dir, 'copy3.md'), 'utf8')).length, 2);
  assert.equal((html.match(/<img /g) ?? []).length, 2);
});

test('a fence left open at the end of a block quote is an error; nothing is written', () => {
  writeFileSync(join(dir, 'open.md'), 'Intro\n\n> ```diagram id=q\n> a -> b\n> ');
  const check = run(['check', 'open.md']);
  assert.equal(check.code, 1);
  assert.match(check.stdout, /open\.md:3:3: error: this ```diagram block is never closed/);
  assert.equal(run(['render', 'open.md', '--out-dir', 'out4', '-o', 'copy4.md']).code, 1);
  assert.equal(existsSync(join(dir, 'out4')), false);
  assert.equal(existsSync(join(dir, 'copy4.md')), false);
});

test('fence names: unique in any case, never a Windows device name; a folder in the way stops every write', () => {
  const fence = (id: string) => `\`\`\`diagram id=${id}\na -> b\n\`\`\`\n`;
  writeFileSync(join(dir, 'names.md'), [fence('x'), fence('X'), fence('con'), fence('NUL'), fence('LPT1'), fence('isdir')].join('\n'));
  mkdirSync(join(dir, 'out5/isdir.svg'), { recursive: true });
  const blocked = run(['render', 'names.md', '--out-dir', 'out5']);
  assert.equal(blocked.code, 2);
  assert.match(blocked.stderr, /cannot write out5\/isdir\.svg: it is a directory; nothing written/);
  assert.deepEqual(readdirSync(join(dir, 'out5')), ['isdir.svg']);
  rmSync(join(dir, 'out5/isdir.svg'), { recursive: true });
  const r = run(['render', 'names.md', '--out-dir', 'out5']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(readdirSync(join(dir, 'out5')).sort(), ['LPT1-diagram.svg', 'NUL-diagram.svg', 'X-2.svg', 'con-diagram.svg', 'isdir.svg', 'x.svg']);
});

test('check shows the escape bytes of an unknown word escaped, never raw', () => {
  writeFileSync(join(dir, 'esc.diagram'), 'a = rect "A" link="\u001b[31mred\u001b[0m"\n');
  const r = run(['check', 'esc.diagram']);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout, /\u001b/);
  assert.match(r.stdout, /invalid link '\\x1b\[31mred\\x1b\[0m'/);
});
