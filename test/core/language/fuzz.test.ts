import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SYNTAX_EXAMPLE_EN, SYNTAX_EXAMPLE_PT, formatDiagram, formatMessage, parseDiagram } from '../../../src/core/language';
import { ANIMATIONS, ATTRIBUTES, LINE_STYLES, SHAPES, SIZES, SPEEDS } from '../../../src/core/language';
import { EXAMPLES, assertRangesInside, diagramFiles, withoutRanges } from './helpers';

const SEEDS = [...diagramFiles(EXAMPLES).map(([, t]) => t), SYNTAX_EXAMPLE_EN, SYNTAX_EXAMPLE_PT];

/** Characters that matter to the lexer, plus some that do not. */
const PIECES = [
  'a', 'b', 'z', 'A', '_', '1', '9', 'ç', 'ã', '\u0301', '🚀', '\ud800', ' ', '\t', '\u00a0', '\n', '\r', '\r\n',
  '=', '-', '>', '<', ',', '{', '}', '"', '\\', '#', '/', ':', '.', '@', ';',
  '->', '<-', '<->', '--', '-->', '//', '#fff', 'rect', 'grupo', 'group', 'ícone', 'icon', 'logos:aws-elb',
  'diagrama', 'direção', 'tema', 'anim=', 'cor=', 'link="', 'https://x', '"label"', '\\n', '\\"',
];

const noisy = fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }).map((parts) => parts.join(''));

function checkParse(text: string): void {
  const r = parseDiagram(text);
  assertRangesInside(text, r.diagnostics);
  for (const d of r.diagnostics) {
    assert.equal(typeof formatMessage(d, 'en'), 'string');
    assert.equal(typeof formatMessage(d, 'pt-BR'), 'string');
  }
  for (const e of r.model.elements) {
    if (e.parent !== undefined) assert.ok(r.model.elements.some((p) => p.id === e.parent && p.kind === 'group'), `parent of ${e.id}`);
  }
  const ids = new Set(r.model.elements.map((e) => e.id));
  assert.equal(ids.size, r.model.elements.length, 'ids are unique');
  for (const c of r.model.connections) assert.ok(ids.has(c.source) && ids.has(c.target), `${c.id} ends exist`);
}

function checkFormat(text: string): void {
  const once = formatDiagram(text);
  assert.equal(formatDiagram(once), once, `not idempotent for ${JSON.stringify(text)}`);
  assert.deepEqual(withoutRanges(parseDiagram(once).model), withoutRanges(parseDiagram(text).model), `meaning changed for ${JSON.stringify(text)}`);
}

test('random text: the parser never throws and every range lies inside the text', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(fc.oneof(noisy, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
      checkParse(text);
    }),
    { numRuns: 400 },
  );
});

test('random text: the formatter never throws, is idempotent and keeps the model', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(fc.oneof(noisy, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
      checkFormat(text);
    }),
    { numRuns: 400 },
  );
});

type Edit = { kind: 'delete' | 'insert' | 'duplicate' | 'deleteLine' | 'duplicateLine' | 'swapLines'; at: number; piece: string };

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('delete', 'insert', 'duplicate', 'deleteLine', 'duplicateLine', 'swapLines'),
  at: fc.nat(),
  piece: fc.constantFrom(...PIECES),
});

function mutate(text: string, edits: Edit[]): string {
  for (const e of edits) {
    if (e.kind === 'delete' || e.kind === 'insert' || e.kind === 'duplicate') {
      const i = text.length ? e.at % text.length : 0;
      if (e.kind === 'delete') text = text.slice(0, i) + text.slice(i + 1);
      else if (e.kind === 'insert') text = text.slice(0, i) + e.piece + text.slice(i);
      else text = text.slice(0, i) + text.charAt(i) + text.slice(i);
    } else {
      const lines = text.split('\n');
      const i = e.at % lines.length;
      if (e.kind === 'deleteLine') lines.splice(i, 1);
      else if (e.kind === 'duplicateLine') lines.splice(i, 0, lines[i]);
      else {
        const j = (i + 1) % lines.length;
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
      text = lines.join('\n');
    }
  }
  return text;
}

const mutated = fc.tuple(fc.constantFrom(...SEEDS), fc.array(edit, { minLength: 1, maxLength: 8 })).map(([seed, edits]) => mutate(seed, edits));

test('mutated valid diagrams: parse never throws, ranges inside, format idempotent and faithful', { timeout: 180_000 }, () => {
  fc.assert(
    fc.property(mutated, (text) => {
      checkParse(text);
      checkFormat(text);
    }),
    { numRuns: 300 },
  );
});

/** Pieces of a label's source text, escapes included. */
const LABEL_PIECES = ['a', 'Z', ' ', 'ção', '🚀', '\\"', '\\n', '\\\\', '#', '//', '->', '{', '}', '=', ','];

/** Random valid diagrams straight from the grammar, in any mix of keyword spellings. */
const validDiagram: fc.Arbitrary<string> = fc
  .record({
    ids: fc.uniqueArray(fc.stringMatching(/^[a-z_][a-z0-9_]{0,7}$/), { minLength: 2, maxLength: 12 }),
    shapes: fc.array(fc.constantFrom(...SHAPES.filter((s) => s.value !== 'icon').flatMap((s) => [...s.pt, ...s.en])), { minLength: 12, maxLength: 12 }),
    labels: fc.array(fc.option(fc.array(fc.constantFrom(...LABEL_PIECES), { maxLength: 6 }).map((p) => `"${p.join('')}"`)), { minLength: 12, maxLength: 12 }),
    sizes: fc.array(fc.option(fc.constantFrom(...SIZES.flatMap((s) => [...s.pt, ...s.en]))), { minLength: 12, maxLength: 12 }),
    grouped: fc.nat({ max: 12 }),
    spacing: fc.array(fc.constantFrom(' ', '  ', '\t'), { minLength: 12, maxLength: 12 }),
    links: fc.array(
      fc.record({
        a: fc.nat(),
        b: fc.nat(),
        arrow: fc.constantFrom('->', '<-', '<->', '--', '-->'),
        anim: fc.option(fc.constantFrom(...ANIMATIONS.flatMap((s) => [...s.pt, ...s.en]))),
        speed: fc.option(fc.constantFrom(...SPEEDS.flatMap((s) => [...s.pt, ...s.en]), '2', '0.5')),
        style: fc.option(fc.constantFrom(...LINE_STYLES.flatMap((s) => [...s.pt, ...s.en]))),
      }),
      { maxLength: 10 },
    ),
  })
  .map(({ ids, shapes, labels, sizes, grouped, spacing, links }) => {
    const size = ATTRIBUTES.find((a) => a.value === 'size')!;
    const lines = ['diagram "Random"'];
    const inGroup = ids.slice(0, Math.min(grouped, ids.length - 1));
    const rest = ids.slice(inGroup.length);
    const decl = (id: string, i: number, indent: string) =>
      `${indent}${id}${spacing[i]}=${spacing[i]}${shapes[i]}${labels[i] ? ' ' + labels[i] : ''}${sizes[i] ? ` ${size.pt[0]}=${sizes[i]}` : ''}`;
    if (inGroup.length) {
      lines.push('grp_0 = grupo "G" {', '  direção TB');
      inGroup.forEach((id, i) => lines.push(decl(id, i, '    ')));
      lines.push('}', '');
    }
    rest.forEach((id, i) => lines.push(decl(id, i + inGroup.length, '')));
    for (const l of links) {
      const attrs = [l.anim && `anim=${l.anim}`, l.speed && `velocidade=${l.speed}`, l.style && `style=${l.style}`].filter(Boolean).join(' ');
      lines.push(`${ids[l.a % ids.length]}${l.arrow}${ids[(l.a + 1 + (l.b % (ids.length - 1))) % ids.length]} ${attrs}`);
    }
    return lines.join('\n');
  });

test('generated valid diagrams: no diagnostics; formatting is idempotent and keeps the model', { timeout: 180_000 }, () => {
  fc.assert(
    fc.property(validDiagram, (text) => {
      const r = parseDiagram(text);
      assert.deepEqual(
        r.diagnostics.map((d) => formatMessage(d, 'en')),
        [],
        text,
      );
      checkFormat(text);
      assert.equal(parseDiagram(formatDiagram(text)).diagnostics.length, 0);
    }),
    { numRuns: 200 },
  );
});
