// README's figures are the product's: the icon counts are what `archflow icons sets` prints,
// the label limit is the one the parser and the renderers use, and the set-up installs the
// system packages the toolchain installer checks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatIconSets } from '../src/bin/commands/icons';
import { iconTotals } from '../src/core/icons';
import { MAX_LABEL_LENGTH } from '../src/core/labelLimit';
import { getIconCatalog } from '../src/node/iconStore';
// @ts-expect-error: a plain .mjs script without type declarations
import { PREREQUISITES } from '../scripts/installTestTools.mjs';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const count = (text: string) => Number(text.replace(/,/g, ''));

test('README quotes `archflow icons sets` verbatim', async () => {
  const block = /```\n\$ archflow icons sets\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, 'README shows the output of archflow icons sets');
  assert.equal(block[1], formatIconSets((await getIconCatalog()).sets()));
});

test('every icon count in README is one the CLI prints', async () => {
  const sets = (await getIconCatalog()).sets();
  const total = iconTotals(sets);
  const icons = new Set([total.icons, ...sets.map((s) => s.icons)]);
  const names = new Set([total.names, ...sets.map((s) => s.names)]);
  // Outside the quoted table: prose such as "32,191 Iconify icons" or "39,049 names".
  const prose = readme.replace(/```\n\$ archflow icons sets\n[\s\S]*?```/, '');
  const claims = [...prose.matchAll(/(\d[\d,]*)\s+(?:Iconify\s+)?(icons|names|ids)\b/g)];
  assert.ok(claims.some((m) => m[2] === 'icons' && count(m[1]!) === total.icons), 'README states the total of icons');
  assert.ok(claims.some((m) => m[2] === 'names' && count(m[1]!) === total.names), 'README states the total of names');
  for (const [claim, n, unit] of claims) {
    assert.ok(unit === 'icons' ? icons.has(count(n!)) : unit === 'names' ? names.has(count(n!)) : false, `README says "${claim}"; the CLI says ${total.icons} icons, ${total.names} names`);
  }
  assert.doesNotMatch(prose, /(forty|40) ?(thousand|,000)/i, 'no rounded figure the CLI does not print');
});

test('README states the label limit the renderers apply', () => {
  const claims = [...readme.matchAll(/longer than (\d[\d,]*) characters/g)].map((m) => count(m[1]!));
  assert.deepEqual(claims, [MAX_LABEL_LENGTH]);
});

test("README's set-up installs exactly the system packages the toolchain installer checks for", () => {
  const setUp = readme.slice(readme.indexOf('## Set-up'), readme.indexOf('## The language'));
  const lines = [...setUp.matchAll(/apt-get install -y ([a-z0-9. -]+?)\s+#/g)].map((m) => m[1]!.split(' '));
  assert.deepEqual(lines, [[...new Set(Object.values(PREREQUISITES as Record<string, { apt: string }>).map((p) => p.apt))]]);
  assert.match(setUp, /npm test/);
});
