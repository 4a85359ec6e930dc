import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GroupDecl, NodeDecl, Shape } from '../../../src/core/model';
import { element, only, parse } from './helpers';

test('title in Portuguese and English, any case, escapes resolved', () => {
  for (const kw of ['diagrama', 'diagram', 'DIAGRAMA', 'Diagram']) {
    const r = parse(`${kw} "Minha \\"arquitetura\\"\\nv2"`);
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.model.title, 'Minha "arquitetura"\nv2');
  }
  assert.equal(parse('a = rect').model.title, undefined);
});

test('direction: every value, TD as TB, accents optional, LR by default', () => {
  assert.equal(parse('').model.direction, 'LR');
  const cases: [string, string][] = [
    ['direção LR', 'LR'],
    ['direcao RL', 'RL'],
    ['DIREÇÃO tb', 'TB'],
    ['direction TD', 'TB'],
    ['Direction bt', 'BT'],
    ['direc\u0327a\u0303o BT', 'BT'],
  ];
  for (const [text, want] of cases) {
    const r = parse(text);
    assert.deepEqual(r.diagnostics, [], text);
    assert.equal(r.model.direction, want, text);
  }
});

test('theme: auto by default, claro/light, escuro/dark', () => {
  assert.equal(parse('').model.theme, 'auto');
  const cases: [string, string][] = [
    ['tema auto', 'auto'],
    ['tema claro', 'light'],
    ['theme light', 'light'],
    ['tema escuro', 'dark'],
    ['THEME Dark', 'dark'],
  ];
  for (const [text, want] of cases) {
    const r = parse(text);
    assert.deepEqual(r.diagnostics, [], text);
    assert.equal(r.model.theme, want, text);
  }
});

const SHAPE_WORDS: [string, Shape][] = [
  ['retângulo', 'rectangle'],
  ['retangulo', 'rectangle'],
  ['rectangle', 'rectangle'],
  ['rect', 'rectangle'],
  ['arredondado', 'rounded'],
  ['rounded', 'rounded'],
  ['círculo', 'circle'],
  ['circulo', 'circle'],
  ['circle', 'circle'],
  ['losango', 'diamond'],
  ['diamond', 'diamond'],
  ['cilindro', 'cylinder'],
  ['banco', 'cylinder'],
  ['cylinder', 'cylinder'],
  ['database', 'cylinder'],
  ['nuvem', 'cloud'],
  ['cloud', 'cloud'],
  ['hexágono', 'hexagon'],
  ['hexagono', 'hexagon'],
  ['hexagon', 'hexagon'],
  ['pessoa', 'person'],
  ['person', 'person'],
  ['actor', 'person'],
  ['documento', 'document'],
  ['document', 'document'],
  ['fila', 'queue'],
  ['queue', 'queue'],
  ['nota', 'note'],
  ['note', 'note'],
  ['texto', 'text'],
  ['text', 'text'],
];

test('every shape word in both languages, accented or not, any case', () => {
  for (const [word, shape] of SHAPE_WORDS) {
    for (const spelling of [word, word.toUpperCase()]) {
      const r = parse(`n = ${spelling} "N"`);
      assert.deepEqual(r.diagnostics, [], spelling);
      const n = element(r.model, 'n') as NodeDecl;
      assert.equal(n.kind, 'node');
      assert.equal(n.shape, shape, spelling);
      assert.equal(n.label, 'N');
    }
  }
});

test('a node: label defaults to the id, size to medium, ranges cover id and statement', () => {
  const r = parse('  api = rect  # c');
  const n = element(r.model, 'api') as NodeDecl;
  assert.deepEqual(n, {
    kind: 'node',
    id: 'api',
    shape: 'rectangle',
    label: 'api',
    size: 'medium',
    range: { line: 1, column: 3, endLine: 1, endColumn: 13 },
    idRange: { line: 1, column: 3, endLine: 1, endColumn: 6 },
  });
  assert.deepEqual(r.model.roots, ['api']);
});

test('icon node: ícone/icone/icon followed by the icon id, then label and attributes', () => {
  for (const kw of ['ícone', 'icone', 'icon', 'ICON']) {
    const r = parse(`lb = ${kw} logos:aws-elb "Load Balancer" cor=red`);
    assert.deepEqual(r.diagnostics, [], kw);
    assert.deepEqual(
      { ...element(r.model, 'lb'), range: undefined, idRange: undefined },
      { kind: 'node', id: 'lb', shape: 'icon', icon: 'logos:aws-elb', label: 'Load Balancer', size: 'medium', color: 'red', range: undefined, idRange: undefined },
    );
  }
});

test('groups nest; children, parents and roots follow source order', () => {
  const text = [
    'a = rect',
    'app = grupo "App" {',
    '  api = rect',
    '  inner = group "Inner" {',
    '    worker = rect',
    '  }',
    '  db = cilindro',
    '}',
    'b = rect',
  ].join('\n');
  const r = parse(text);
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.model.roots, ['a', 'app', 'b']);
  const app = element(r.model, 'app') as GroupDecl;
  assert.equal(app.kind, 'group');
  assert.equal(app.label, 'App');
  assert.deepEqual(app.children, ['api', 'inner', 'db']);
  assert.equal(app.parent, undefined);
  assert.deepEqual(app.range, { line: 2, column: 1, endLine: 8, endColumn: 2 });
  assert.deepEqual(app.idRange, { line: 2, column: 1, endLine: 2, endColumn: 4 });
  const inner = element(r.model, 'inner') as GroupDecl;
  assert.equal(inner.parent, 'app');
  assert.deepEqual(inner.children, ['worker']);
  assert.equal(element(r.model, 'worker').parent, 'inner');
  assert.equal(element(r.model, 'db').parent, 'app');
  assert.deepEqual(
    r.model.elements.map((e) => e.id),
    ['a', 'app', 'api', 'inner', 'worker', 'db', 'b'],
  );
});

test('a direction inside a group body sets that group, not the diagram', () => {
  const r = parse('direção TB\ng = grupo {\n  direção LR\n  h = group {\n    direction BT\n  }\n}\n');
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.model.direction, 'TB');
  assert.equal((element(r.model, 'g') as GroupDecl).direction, 'LR');
  assert.equal((element(r.model, 'h') as GroupDecl).direction, 'BT');
  assert.equal((element(r.model, 'g') as GroupDecl).label, 'g');
});

test('a group with attributes; an empty group on one line', () => {
  const r = parse('g = group "G" icon=logos:aws-ec2 color=navy fill=#eee tooltip="t" link="https://x.org" {\n}\ne = grupo "E" { }');
  assert.deepEqual(r.diagnostics, []);
  const g = element(r.model, 'g') as GroupDecl;
  assert.deepEqual([g.icon, g.color, g.fill, g.tooltip, g.link], ['logos:aws-ec2', 'navy', '#eee', 't', 'https://x.org']);
  const e = element(r.model, 'e') as GroupDecl;
  assert.deepEqual(e.children, []);
  assert.deepEqual(e.range, { line: 3, column: 1, endLine: 3, endColumn: 18 });
});

test('the arrows: ->, -->, <-, <->, -- and their heads', () => {
  const r = parse('a = rect\nb = rect\na -> b\na --> b\na <- b\na <-> b\na -- b\na <-- b\na <--> b');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(
    r.model.connections.map((c) => [c.id, c.source, c.target, c.heads]),
    [
      ['c0', 'a', 'b', 'end'],
      ['c1', 'a', 'b', 'end'],
      ['c2', 'b', 'a', 'end'],
      ['c3', 'a', 'b', 'both'],
      ['c4', 'a', 'b', 'none'],
      ['c5', 'b', 'a', 'end'],
      ['c6', 'a', 'b', 'both'],
    ],
  );
});

test('<- swaps the ends, including their ranges', () => {
  const r = parse('a = rect\nb = rect\na <- b');
  const [c] = r.model.connections;
  assert.equal(c.source, 'b');
  assert.equal(c.target, 'a');
  assert.deepEqual(c.sourceRange, { line: 3, column: 6, endLine: 3, endColumn: 7 });
  assert.deepEqual(c.targetRange, { line: 3, column: 1, endLine: 3, endColumn: 2 });
  assert.deepEqual(c.range, { line: 3, column: 1, endLine: 3, endColumn: 7 });
});

test('a connection has defaults: no label, no animation, 1.5 s, solid', () => {
  const r = parse('a = rect\nb = rect\na -> b');
  const c = r.model.connections[0];
  assert.deepEqual(
    { ...c, range: undefined, sourceRange: undefined, targetRange: undefined },
    { id: 'c0', source: 'a', target: 'b', heads: 'end', anim: 'none', speed: 1.5, style: 'solid', range: undefined, sourceRange: undefined, targetRange: undefined },
  );
});

test('chains expand in order; the label and attributes apply to every link', () => {
  const r = parse('a = rect\nb = rect\nc = rect\na -> b -> c "x" anim=fluxo');
  assert.deepEqual(
    r.model.connections.map((c) => [c.id, c.source, c.target, c.label, c.anim]),
    [
      ['c0', 'a', 'b', 'x', 'flow'],
      ['c1', 'b', 'c', 'x', 'flow'],
    ],
  );
});

test('lists fan out and fan in, and combine with chains', () => {
  const decl = 'a = rect\nb = rect\nc = rect\nd = rect\n';
  const pairs = (text: string) => parse(decl + text).model.connections.map((c) => `${c.source}>${c.target}`);
  assert.deepEqual(pairs('a -> b, c'), ['a>b', 'a>c']);
  assert.deepEqual(pairs('a, b -> c'), ['a>c', 'b>c']);
  assert.deepEqual(pairs('a, b -> c, d'), ['a>c', 'a>d', 'b>c', 'b>d']);
  assert.deepEqual(pairs('a -> b, c -> d'), ['a>b', 'a>c', 'b>d', 'c>d']);
  assert.deepEqual(pairs('a, b <- c'), ['c>a', 'c>b']);
  assert.deepEqual(pairs('a -> b <- c'), ['a>b', 'c>b']);
});

test('either end of a connection may be a group', () => {
  const r = parse('g = grupo {\n  a = rect\n}\nh = group {\n}\ng -> h\na -> h');
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(
    r.model.connections.map((c) => [c.source, c.target]),
    [
      ['g', 'h'],
      ['a', 'h'],
    ],
  );
});

test('connections may come before the declarations they name', () => {
  const r = parse('a -> b\na = rect\nb = rect');
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.model.elements.some((e) => e.kind === 'node' && e.implicit), false);
});

test('an undeclared id becomes one implicit rectangle at the top level', () => {
  const r = parse('g = group {\n  a = rect\n  a -> x\n}\nx <- a');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['undeclared-id', 'undeclared-id'],
  );
  const x = element(r.model, 'x') as NodeDecl;
  assert.deepEqual(x, {
    kind: 'node',
    id: 'x',
    shape: 'rectangle',
    label: 'x',
    size: 'medium',
    implicit: true,
    range: { line: 3, column: 8, endLine: 3, endColumn: 9 },
    idRange: { line: 3, column: 8, endLine: 3, endColumn: 9 },
  });
  assert.equal(x.parent, undefined);
  assert.deepEqual(r.model.roots, ['g', 'x']);
});

test('keywords mix languages freely and keep ids case-sensitive', () => {
  const r = parse('diagram "Misto"\ndireção TB\ntheme escuro\nApi = retangulo "A" color=red\napi = rect "a" cor=blue\nApi -> api estilo=dashed anim=packets velocidade=fast');
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.model.theme, 'dark');
  assert.deepEqual(
    r.model.elements.map((e) => e.id),
    ['Api', 'api'],
  );
  assert.deepEqual(
    r.model.connections.map((c) => [c.style, c.anim, c.speed]),
    [['dashed', 'packets', 0.75]],
  );
});

test('ids are not reserved: a keyword can be an id', () => {
  const r = parse('diagrama = rect\ntema = grupo {\n  grupo = cilindro\n}\ndiagrama -> grupo');
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.model.title, undefined);
  assert.deepEqual(
    r.model.elements.map((e) => e.id),
    ['diagrama', 'tema', 'grupo'],
  );
  assert.equal(r.model.connections.length, 1);
});

test('a { on the line after a group (with a missing brace error) still opens its body', () => {
  const d = only('g = group "G"\n{\n  a = rect\n}', 'expected-open-brace');
  assert.equal(d.range.line, 1);
  const r = parse('g = group "G"\n{\n  a = rect\n}');
  assert.equal(element(r.model, 'a').parent, 'g');
});
