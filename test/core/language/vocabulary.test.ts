import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ANIMATIONS,
  ARROWS,
  ATTRIBUTES,
  DIRECTIONS,
  ENUM_VALUES,
  LINE_STYLES,
  SHAPES,
  SIZES,
  SPEEDS,
  STATEMENT_KEYWORDS,
  THEMES,
  lookupWord,
  spellingsOf,
  tokenize,
  type VocabularyEntry,
} from '../../../src/core/language';
import { foldForComparison } from '../../../src/core/fuzzy';
import { parse } from './helpers';

const TABLES: [string, readonly VocabularyEntry[]][] = [
  ['statements', STATEMENT_KEYWORDS],
  ['shapes', SHAPES],
  ['attributes', ATTRIBUTES],
  ['directions', DIRECTIONS],
  ['themes', THEMES],
  ['sizes', SIZES],
  ['animations', ANIMATIONS],
  ['speeds', SPEEDS],
  ['styles', LINE_STYLES],
];

test('every entry has both spellings and a description in both languages', () => {
  for (const [name, table] of TABLES) {
    for (const e of table) {
      assert.ok(e.pt.length > 0 && e.en.length > 0, `${name}.${e.value}`);
      assert.ok(e.description.en.length > 0 && e.description['pt-BR'].length > 0, `${name}.${e.value}`);
      assert.notEqual(e.description.en, e.description['pt-BR'], `${name}.${e.value} is translated`);
    }
  }
  for (const a of ARROWS) assert.ok(a.description.en && a.description['pt-BR']);
});

test('no spelling means two things within one table', () => {
  for (const [name, table] of TABLES) {
    const owner = new Map<string, string>();
    for (const e of table) {
      for (const s of spellingsOf(e)) {
        const f = foldForComparison(s);
        const before = owner.get(f);
        assert.ok(before === undefined || before === e.value, `${name}: '${s}' is both ${before} and ${e.value}`);
        owner.set(f, e.value);
      }
    }
  }
});

test('spellingsOf lists accented and accent-less forms', () => {
  const rect = SHAPES.find((s) => s.value === 'rectangle')!;
  assert.deepEqual(spellingsOf(rect), ['retângulo', 'retangulo', 'rectangle', 'rect']);
  const dir = STATEMENT_KEYWORDS.find((s) => s.value === 'direction')!;
  assert.deepEqual(spellingsOf(dir), ['direção', 'direcao', 'direction']);
});

test('every spelling of every shape is accepted by the parser', () => {
  for (const shape of SHAPES) {
    for (const s of spellingsOf(shape)) {
      const text = shape.value === 'icon' ? `n = ${s} lucide:server` : `n = ${s}`;
      const r = parse(text);
      assert.deepEqual(r.diagnostics, [], s);
      assert.equal(r.model.elements[0].kind === 'node' && r.model.elements[0].shape, shape.value, s);
    }
  }
});

test('every spelling of every enumerated value is accepted where it belongs', () => {
  const where: Record<string, (v: string) => string> = {
    size: (v) => `n = rect size=${v}`,
    anim: (v) => `a = rect\nb = rect\na -> b anim=${v}`,
    style: (v) => `a = rect\nb = rect\na -> b estilo=${v}`,
    direction: (v) => `direção ${v}`,
    theme: (v) => `tema ${v}`,
  };
  for (const [kind, entries] of Object.entries(ENUM_VALUES)) {
    for (const e of entries) for (const s of spellingsOf(e)) assert.deepEqual(parse(where[kind](s)).diagnostics, [], `${kind}=${s}`);
  }
  for (const e of SPEEDS) for (const s of spellingsOf(e)) assert.equal(parse(`a = rect\nb = rect\na -> b velocidade=${s}`).model.connections[0].speed, e.seconds);
});

test('every spelling of every attribute is accepted on the elements it applies to', () => {
  const sample: Record<string, string> = {
    icon: 'lucide:server',
    color: 'red',
    fill: '#fff',
    tooltip: '"t"',
    link: '"https://x.org"',
    size: 'small',
    anim: 'flow',
    speed: '2',
    style: 'dotted',
  };
  for (const a of ATTRIBUTES) {
    for (const s of spellingsOf(a)) {
      for (const ctx of a.appliesTo) {
        const text =
          ctx === 'node' ? `n = rect ${s}=${sample[a.value]}` : ctx === 'group' ? `g = group ${s}=${sample[a.value]} {\n}` : `a = rect\nb = rect\na -> b ${s}=${sample[a.value]}`;
        assert.deepEqual(parse(text).diagnostics, [], text);
      }
    }
  }
});

test('every arrow spelling lexes as one arrow token', () => {
  for (const a of ARROWS) {
    const toks = tokenize(`x ${a.text} y`);
    assert.deepEqual(
      toks.map((t) => t.kind),
      ['word', 'arrow', 'word'],
      a.text,
    );
  }
});

test('lookupWord finds every table a word belongs to, any case, accents optional', () => {
  assert.deepEqual(
    lookupWord('ICONE').map((m) => [m.category, m.entry.value]),
    [
      ['shape', 'icon'],
      ['attribute', 'icon'],
    ],
  );
  assert.deepEqual(
    lookupWord('Rápida').map((m) => [m.category, m.entry.value]),
    [['speed', 'fast']],
  );
  assert.deepEqual(
    lookupWord('td').map((m) => [m.category, m.entry.value]),
    [['direction', 'TB']],
  );
  assert.deepEqual(lookupWord('api'), []);
});
