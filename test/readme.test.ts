// The README's and the guides' figures are the product's: the icon counts are what
// `archflow icons sets` prints, the label limit is the one the parser and the renderers use,
// every setting package.json contributes is documented with its default, and the set-up
// installs the system packages the toolchain installer checks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { formatIconSets } from '../src/bin/commands/icons';
import { iconTotals } from '../src/core/icons';
import { MAX_LABEL_LENGTH } from '../src/core/labelLimit';
import { getIconCatalog } from '../src/node/iconStore';
// @ts-expect-error: a plain .mjs script without type declarations
import { PREREQUISITES } from '../scripts/installTestTools.mjs';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const contributing = read('CONTRIBUTING.md');
const language = read('docs/language.md');
const settingsDoc = read('docs/settings.md');
const count = (text: string) => Number(text.replace(/,/g, ''));

/** Every Markdown file of the docs, README and CONTRIBUTING included, by path from the root. */
function docFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs')];
}

const ICON_SETS_BLOCK = /```\n\$ archflow icons sets\n([\s\S]*?)```/;

test('the language guide quotes `archflow icons sets` verbatim', async () => {
  const block = ICON_SETS_BLOCK.exec(language);
  assert.ok(block, 'docs/language.md shows the output of archflow icons sets');
  assert.equal(block[1], formatIconSets((await getIconCatalog()).sets()));
});

test('every icon count in README and the docs is one the CLI prints', async () => {
  const sets = (await getIconCatalog()).sets();
  const total = iconTotals(sets);
  const icons = new Set([total.icons, ...sets.map((s) => s.icons)]);
  const names = new Set([total.names, ...sets.map((s) => s.names)]);
  const claimsOf = (text: string) => [...text.replace(ICON_SETS_BLOCK, '').matchAll(/(\d[\d,]*)\s+(?:Iconify\s+)?(icons|names|ids)\b/g)];
  // The Marketplace page states both totals itself.
  const readmeClaims = claimsOf(readme);
  assert.ok(readmeClaims.some((m) => m[2] === 'icons' && count(m[1]!) === total.icons), 'README states the total of icons');
  assert.ok(readmeClaims.some((m) => m[2] === 'names' && count(m[1]!) === total.names), 'README states the total of names');
  for (const file of docFiles()) {
    // Outside the quoted table: prose such as "32,191 Iconify icons" or "39,049 names".
    const prose = read(file).replace(ICON_SETS_BLOCK, '');
    for (const [claim, n, unit] of claimsOf(prose)) {
      assert.ok(unit === 'icons' ? icons.has(count(n!)) : unit === 'names' ? names.has(count(n!)) : false, `${file} says "${claim}"; the CLI says ${total.icons} icons, ${total.names} names`);
    }
    assert.doesNotMatch(prose, /(forty|40) ?(thousand|,000) (icons|names)/i, `${file}: no rounded figure the CLI does not print`);
  }
});

test('the docs state the label limit the renderers apply, once', () => {
  const claims = docFiles().flatMap((file) => [...read(file).matchAll(/longer than (\d[\d,]*) characters/g)].map((m) => count(m[1]!)));
  assert.deepEqual(claims, [MAX_LABEL_LENGTH]);
  assert.match(language, new RegExp(`longer than ${MAX_LABEL_LENGTH} characters`));
});

test("README's and CONTRIBUTING's set-up install exactly the system packages the toolchain installer checks for", () => {
  const expected = [[...new Set(Object.values(PREREQUISITES as Record<string, { apt: string }>).map((p) => p.apt))]];
  const sections = {
    README: readme.slice(readme.indexOf('## Developing')),
    CONTRIBUTING: contributing.slice(contributing.indexOf('## Set-up'), contributing.indexOf('## The test suites')),
  };
  for (const [name, setUp] of Object.entries(sections)) {
    const lines = [...setUp.matchAll(/apt-get install -y ([a-z0-9. -]+?)\s+#/g)].map((m) => m[1]!.split(' '));
    assert.deepEqual(lines, expected, name);
    assert.match(setUp, /npm ci/, name);
    assert.match(setUp, /npm test/, name);
  }
});

test('README is a user page: at most 300 lines, its developer commands at the end', () => {
  const lines = readme.split('\n').length;
  assert.ok(lines <= 300, `README.md has ${lines} lines`);
  const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.equal(headings.at(-1), 'Developing', 'the developers\' commands close the page');
  assert.doesNotMatch(readme, /\b[0-9a-f]{7}\b(?=[`)])|load average/, 'no commit hashes or machine loads: figures live in docs/benchmarks.md');
});

test('docs/settings.md documents every setting package.json contributes, with its default', () => {
  const pkg = JSON.parse(read('package.json')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> } | { properties: Record<string, { default: unknown }> }[] } };
  const sections = Array.isArray(pkg.contributes.configuration) ? pkg.contributes.configuration : [pkg.contributes.configuration];
  const properties = Object.assign({}, ...sections.map((s) => s.properties)) as Record<string, { default: unknown }>;
  assert.ok(Object.keys(properties).length > 20);
  for (const [key, spec] of Object.entries(properties)) {
    const row = settingsDoc.split('\n').find((line) => line.startsWith(`| \`${key}\` |`));
    assert.ok(row, `docs/settings.md documents ${key}`);
    assert.equal(row.split('|')[2]!.trim(), `\`${JSON.stringify(spec.default)}\``, `docs/settings.md gives ${key}'s default`);
  }
  const documented = [...settingsDoc.matchAll(/^\| `(archflow\.[\w.]+)` \|/gm)].map((m) => m[1]!);
  assert.deepEqual(documented.filter((k) => !(k in properties)), [], 'docs/settings.md documents no setting that does not exist');
});

test('every section of docs/benchmarks.md with figures names the command, the date and the machine', () => {
  const benchmarks = read('docs/benchmarks.md');
  const sections = benchmarks.split(/^## /m).slice(1);
  assert.ok(sections.length >= 10);
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'));
    if (!/\d/.test(section.replace(/<!--[\s\S]*?-->/g, '').slice(title.length))) continue;
    assert.match(section, /`[^`]*\b(npm|node|bash)\b[^`]*`/, `${title}: the command that reproduces it`);
    assert.match(section, /\b20\d\d-\d\d-\d\d\b/, `${title}: the date`);
    assert.match(section, /\b\d+ cores\b/, `${title}: the machine`);
  }
});

test('every relative link and image in README and the docs points to a file of the repository', () => {
  for (const file of docFiles()) {
    const text = read(file).replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
      const path = relative(root, join(root, dirname(file), target!.split('#')[0]!));
      assert.ok(existsSync(join(root, path)), `${file} links to ${target}, which does not exist`);
    }
  }
});
