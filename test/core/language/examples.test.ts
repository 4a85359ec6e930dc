import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DiagramModel } from '../../../src/core/model';
import { ANIMATIONS, ATTRIBUTES, LINE_STYLES, SHAPES, SIZES, SPEEDS, STATEMENT_KEYWORDS, formatMessage, parseDiagram, tokenize } from '../../../src/core/language';
import { EXAMPLES, diagramFiles, installedIcons } from './helpers';

const FILES = diagramFiles(EXAMPLES);

test('the six examples exist', () => {
  assert.deepEqual(
    FILES.map(([n]) => n),
    ['ci-pipeline.diagram', 'event-streaming.diagram', 'load-balancer.diagram', 'microservices.diagram', 'serverless.diagram', 'shapes.diagram'],
  );
});

for (const [name, text] of FILES) {
  test(`example ${name} parses with zero diagnostics`, () => {
    const r = parseDiagram(text);
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.range.line}:${d.range.column} ${formatMessage(d, 'en')}`),
      [],
    );
    assert.ok(r.model.title, 'has a title');
    assert.ok(r.model.connections.length >= 5, 'has connections');
  });

  test(`example ${name} uses only icons that exist in the bundled sets`, () => {
    const r = parseDiagram(text, { icons: installedIcons() });
    assert.deepEqual(
      r.diagnostics.map((d) => formatMessage(d, 'en')),
      [],
    );
  });
}

test('load-balancer.diagram is the spec example', () => {
  const text = FILES.find(([n]) => n === 'load-balancer.diagram')![1];
  assert.ok(text.startsWith('diagrama "Load balancer"\ndireção LR\n'));
  const { model } = parseDiagram(text);
  assert.deepEqual(
    model.connections.map((c) => `${c.source}>${c.target}`),
    ['cliente>lb', 'lb>api1', 'lb>api2', 'api1>db', 'api2>db'],
  );
});

/** Every keyword spelling written in the examples (folded words of the source). */
function spellingsUsed(): Set<string> {
  const words = new Set<string>();
  for (const [, text] of FILES) for (const t of tokenize(text)) if (t.kind === 'word') words.add(t.text.toLowerCase());
  return words;
}

test('together the examples show every shape, attribute and value in both languages', () => {
  const used = spellingsUsed();
  const missing: string[] = [];
  for (const e of [...SHAPES, ...ATTRIBUTES, ...STATEMENT_KEYWORDS, ...SIZES, ...ANIMATIONS, ...LINE_STYLES, ...SPEEDS]) {
    const pt = e.pt.map((w) => w.toLowerCase());
    const en = e.en.map((w) => w.toLowerCase());
    if (!pt.some((w) => used.has(w) || used.has(w.normalize('NFD').replace(/\p{M}/gu, '')))) missing.push(`pt ${e.pt[0]}`);
    if (!en.some((w) => used.has(w))) missing.push(`en ${e.en[0]}`);
  }
  assert.deepEqual(missing, []);
});

test('together the examples set every group attribute on some group, size included', () => {
  const groups = FILES.flatMap(([, t]) => parseDiagram(t).model.elements.filter((e) => e.kind === 'group'));
  for (const a of ATTRIBUTES.filter((x) => x.appliesTo.includes('group'))) {
    const shown = a.value === 'size' ? groups.some((g) => g.size !== 'medium') : groups.some((g) => g[a.value as 'icon' | 'color' | 'fill' | 'tooltip' | 'link'] !== undefined);
    assert.ok(shown, a.value);
  }
});

test('together the examples show every arrow, direction, theme, accent-less keywords and numeric speeds', () => {
  const models: DiagramModel[] = FILES.map(([, t]) => parseDiagram(t).model);
  const arrows = new Set(FILES.flatMap(([, t]) => tokenize(t).filter((k) => k.kind === 'arrow').map((k) => k.text)));
  for (const a of ['->', '<-', '<->', '--', '-->']) assert.ok(arrows.has(a), a);
  const directions = new Set(models.flatMap((m) => [m.direction, ...m.elements.flatMap((e) => (e.kind === 'group' && e.direction ? [e.direction] : []))]));
  assert.deepEqual([...directions].sort(), ['BT', 'LR', 'RL', 'TB']);
  assert.deepEqual(new Set(models.map((m) => m.theme)), new Set(['auto', 'light', 'dark']));
  const used = spellingsUsed();
  for (const plain of ['direcao', 'retangulo', 'icone', 'hexagono', 'circulo', 'rapida', 'medio', 'solido']) assert.ok(used.has(plain), plain);
  const speeds = new Set(models.flatMap((m) => m.connections.map((c) => c.speed)));
  for (const s of [3, 1.5, 0.75]) assert.ok(speeds.has(s), String(s));
  assert.ok([...speeds].some((s) => ![3, 1.5, 0.75].includes(s)), 'a numeric speed');
  assert.ok(models.some((m) => m.elements.some((e) => e.kind === 'group' && e.parent)), 'nested groups');
  assert.ok(models.some((m) => m.elements.some((e) => e.kind === 'node' && e.label.includes('\n'))), 'a multi-line label');
  assert.ok(models.some((m) => m.elements.some((e) => e.link?.startsWith('mailto:'))), 'a mailto link');
  assert.ok(FILES.some(([, t]) => tokenize(t).some((k) => k.kind === 'comment' && k.text.startsWith('//'))), 'a // comment');
});
