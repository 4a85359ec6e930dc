import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARROWS, ATTRIBUTES, SHAPES, SYNTAX_EXAMPLE_EN, SYNTAX_EXAMPLE_PT, syntaxHelp } from '../../../src/core/language';
import { installedIcons } from './helpers';
import { parseDiagram } from '../../../src/core/language';
import { iconTotals } from '../../../src/core/icons';
import { getIconCatalog } from '../../../src/node/iconStore';

test('both cheat sheets carry their complete example, and it parses cleanly with real icons', () => {
  const icons = installedIcons();
  for (const [locale, example] of [
    ['en', SYNTAX_EXAMPLE_EN],
    ['pt-BR', SYNTAX_EXAMPLE_PT],
  ] as const) {
    const md = syntaxHelp(locale);
    const block = /```diagram\n([\s\S]*?)```/.exec(md);
    assert.ok(block, locale);
    assert.equal(block[1], example);
    const r = parseDiagram(block[1], { icons });
    assert.deepEqual(r.diagnostics, [], locale);
    assert.ok(r.model.connections.length >= 8);
  }
});

test('the English sheet leads with English keywords, the Portuguese one with Portuguese', () => {
  const en = syntaxHelp('en');
  const pt = syntaxHelp('pt-BR');
  assert.match(en, /^# ArchFlow `\.diagram` language/);
  assert.match(pt, /^# Linguagem `\.diagram` do ArchFlow/);
  assert.match(en, /\| title \| `diagram "Title"` \|/);
  assert.match(pt, /\| título \| `diagrama "Título"` \|/);
  assert.notEqual(en, pt);
});

test('each sheet names every shape, attribute and arrow in both languages', () => {
  for (const md of [syntaxHelp('en'), syntaxHelp('pt-BR')]) {
    for (const e of [...SHAPES, ...ATTRIBUTES]) for (const w of [...e.pt, ...e.en]) assert.ok(md.includes(`\`${w}\``), w);
    for (const a of ARROWS) assert.ok(md.includes(`\`${a.text}\``), a.text);
    for (const rule of ['key=value', '#rgb', 'mailto:', 'search_icons', 'diagrama:LINE:COL', '\\n']) {
      assert.ok(md.includes(rule) || md.includes(rule.replace('LINE', 'LINHA')) || md.includes('chave=valor'), rule);
    }
  }
});

test('the complete examples exercise every statement and every connection feature', () => {
  for (const example of [SYNTAX_EXAMPLE_EN, SYNTAX_EXAMPLE_PT]) {
    const { model } = parseDiagram(example);
    assert.ok(model.title);
    assert.ok(model.elements.some((e) => e.kind === 'group' && e.direction));
    assert.ok(model.elements.some((e) => e.kind === 'node' && e.shape === 'icon'));
    assert.deepEqual(new Set(model.connections.map((c) => c.heads)), new Set(['end', 'both', 'none']));
    assert.deepEqual(new Set(model.connections.map((c) => c.anim)), new Set(['none', 'packets', 'flow', 'pulse']));
    assert.deepEqual(new Set(model.connections.map((c) => c.style)), new Set(['solid', 'dashed', 'dotted']));
    assert.deepEqual(new Set(model.connections.map((c) => c.speed)), new Set([0.75, 1.5, 3, 2]));
  }
});

test('given the icon sets, each sheet lists them with the counts `archflow icons sets` prints', async () => {
  const sets = (await getIconCatalog()).sets();
  const total = iconTotals(sets);
  for (const [locale, heading, groups] of [
    ['en', '## Icon sets', /,/g],
    ['pt-BR', '## Conjuntos de ícones', /\./g],
  ] as const) {
    const md = syntaxHelp(locale, sets);
    const section = md.slice(md.indexOf(heading));
    assert.ok(md.includes(heading), locale);
    const rows = [...section.matchAll(/^\| (`[^`]+`|total) \| ([^|]+) \| ([\d.,]+) \| ([\d.,]+) \|$/gm)].map((m) => [m[1], m[2]!.trim(), Number(m[3]!.replace(groups, '')), Number(m[4]!.replace(groups, ''))]);
    assert.deepEqual(rows, [
      ...sets.map((s) => [`\`${s.prefix}\``, s.name, s.icons, s.names]),
      ['total', locale === 'en' ? '9 sets' : '9 conjuntos', total.icons, total.names],
    ]);
  }
  // Without a catalog the sheet names no sets and no counts.
  assert.ok(!syntaxHelp('en').includes('## Icon sets'));
  assert.doesNotMatch(syntaxHelp('en'), /\d[\d,]{4,} (icons|names)/);
});
