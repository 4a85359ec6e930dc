import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, DiagnosticCode, GroupDecl, NodeDecl } from '../../../src/core/model';
import {
  DIAGNOSTIC_CODES,
  DIAGNOSTIC_SEVERITY,
  MAX_CONNECTIONS_PER_STATEMENT,
  MAX_LABEL_LENGTH,
  formatDiagnosticLine,
  formatMessage,
  formatRelated,
  parseDiagram,
} from '../../../src/core/language';
import { assertRangesInside, element, only, parse } from './helpers';

const seen = new Set<DiagnosticCode>();

interface Case {
  text: string;
  code: DiagnosticCode;
  /** [line, column, endLine, endColumn] */
  range?: [number, number, number, number];
  args?: Record<string, string | number>;
  fixes?: string[];
  en?: string;
  pt?: string;
  icons?: Parameters<typeof parseDiagram>[1];
}

function check(c: Case): Diagnostic {
  const r = parseDiagram(c.text, c.icons);
  const found = r.diagnostics.filter((d) => d.code === c.code);
  assert.equal(found.length, 1, `${c.code}: ${JSON.stringify(r.diagnostics.map((d) => d.code))} for ${JSON.stringify(c.text)}`);
  const d = found[0];
  seen.add(c.code);
  assert.equal(d.severity, DIAGNOSTIC_SEVERITY[c.code]);
  if (c.range) assert.deepEqual([d.range.line, d.range.column, d.range.endLine, d.range.endColumn], c.range, c.code);
  if (c.args) for (const [k, v] of Object.entries(c.args)) assert.equal(d.args[k], v, `${c.code} arg ${k}`);
  if (c.fixes) assert.deepEqual(d.suggestions.map((s) => s.text), c.fixes, c.code);
  if (c.en !== undefined) assert.equal(formatMessage(d, 'en'), c.en);
  if (c.pt !== undefined) assert.equal(formatMessage(d, 'pt-BR'), c.pt);
  assert.notEqual(formatMessage(d, 'en'), formatMessage(d, 'pt-BR'), `${c.code} is translated`);
  assertRangesInside(c.text, r.diagnostics);
  return d;
}

const DECL = 'a = rect\nb = rect\n';

const CASES: Case[] = [
  { text: '"x" = rect', code: 'expected-id', range: [1, 1, 1, 4], en: 'expected an id', pt: 'esperava um id' },
  { text: 'grupo "App" {\n}', code: 'expected-id', range: [1, 1, 1, 6] },
  { text: 'my-api = rect', code: 'invalid-id', range: [1, 1, 1, 7], fixes: ['my_api'], en: "'my-api' is not a valid id: use letters, digits and _, starting with a letter or _" },
  { text: '1a = rect', code: 'invalid-id', fixes: ['_1a'] },
  { text: 'api rect', code: 'expected-equals', range: [1, 1, 1, 4], fixes: [' ='], en: "expected '=' or an arrow after 'api'", pt: "esperava '=' ou uma seta depois de 'api'" },
  { text: 'a =', code: 'expected-shape', range: [1, 3, 1, 4] },
  { text: 'a = "A"', code: 'expected-shape', range: [1, 5, 1, 8] },
  {
    text: 'a = logos:aws-elb "ELB"',
    code: 'expected-shape',
    fixes: ['ícone logos:aws-elb'],
    en: "expected a shape before the icon id 'logos:aws-elb': write 'icon logos:aws-elb'",
    pt: "esperava uma forma antes do id de ícone 'logos:aws-elb': escreva 'ícone logos:aws-elb'",
  },
  { text: DECL + 'a, b', code: 'expected-arrow', range: [3, 1, 3, 5], en: 'expected an arrow: ->, <-, <-> or --', pt: 'esperava uma seta: ->, <-, <-> ou --' },
  { text: DECL + 'a ->', code: 'expected-target', range: [3, 3, 3, 5], args: { arrow: '->' }, en: "expected an id after '->'", pt: "esperava um id depois de '->'" },
  { text: DECL + 'a -> "b"', code: 'expected-target', range: [3, 6, 3, 9] },
  { text: 'diagram My big title', code: 'expected-string', range: [1, 9, 1, 21], fixes: ['"My big title"'], en: 'expected the title in double quotes', pt: 'esperava o título entre aspas duplas' },
  { text: 'a = rect API server', code: 'expected-string', range: [1, 10, 1, 20], fixes: ['"API server"'], en: 'expected the label in double quotes' },
  { text: 'a = rect dica=oi', code: 'expected-string', fixes: ['"oi"'], pt: 'esperava a dica entre aspas duplas' },
  { text: 'a = ícone "x"', code: 'expected-icon-id', range: [1, 5, 1, 10], en: "expected an icon id such as 'logos:aws-elb' (prefix:name)" },
  { text: 'a = icon Logos:AWS-Elb', code: 'expected-icon-id', range: [1, 10, 1, 23], fixes: ['logos:aws-elb'], args: { found: 'Logos:AWS-Elb' } },
  { text: 'a = rect icon=server', code: 'expected-icon-id', fixes: [] },
  {
    text: 'a = rect cor=',
    code: 'expected-value',
    range: [1, 10, 1, 14],
    en: "expected a value for 'cor'; accepted: #rgb, #rrggbb or a CSS colour name such as red or steelblue",
    pt: "esperava um valor para 'cor'; aceitos: #rgb, #rrggbb ou um nome de cor CSS como red ou steelblue",
  },
  { text: 'direção', code: 'expected-value', en: "expected a value for 'direção'; accepted: LR, RL, TB (TD), BT" },
  { text: 'g = group "G"\na = rect', code: 'expected-open-brace', range: [1, 11, 1, 14], fixes: [' {'], en: "expected '{' at the end of the line of group 'g'" },
  { text: 'a = rect "x" "y"', code: 'unexpected-token', range: [1, 14, 1, 17], en: "unexpected '\"y\"'", pt: "'\"y\"' inesperado" },
  { text: 'a = rect @', code: 'unexpected-token', range: [1, 10, 1, 11] },
  {
    text: 'diagrma "x"',
    code: 'unknown-keyword',
    range: [1, 1, 1, 8],
    fixes: ['diagrama', 'diagram'],
    en: "unknown keyword 'diagrma'; did you mean 'diagrama'?",
    pt: "palavra-chave desconhecida 'diagrma'; você quis dizer 'diagrama'?",
  },
  { text: 'diagram "x"\nthme dark', code: 'unknown-keyword', fixes: ['theme'] },
  {
    text: 'x = retangolo "a"',
    code: 'unknown-shape',
    range: [1, 5, 1, 14],
    fixes: ['retângulo', 'rectangle'],
    en: "unknown shape 'retangolo'; did you mean 'retângulo'?",
    pt: "forma desconhecida 'retangolo'; você quis dizer 'retângulo'?",
  },
  {
    text: 'a = rect\nb = rect\nc = rect\napi = rect\nd = rect\napi = circle',
    code: 'duplicate-id',
    range: [6, 1, 6, 4],
    args: { id: 'api', line: 4 },
    en: "'api' is already declared on line 4",
    pt: "'api' já foi declarado na linha 4",
  },
  { text: 'a = rect "abc  ', code: 'unterminated-string', range: [1, 10, 1, 16], fixes: ['"'], en: 'unterminated string: the closing " is missing' },
  { text: 'a = rect "x\\ty"', code: 'invalid-escape', range: [1, 12, 1, 14], fixes: ['\\\\t'], args: { escape: '\\t' } },
  { text: 'a = rect {\n}', code: 'unexpected-open-brace', range: [1, 10, 1, 11] },
  { text: '{\n}', code: 'unexpected-open-brace', range: [1, 1, 1, 2] },
  { text: 'a = rect\n}', code: 'unexpected-close-brace', range: [2, 1, 2, 2], fixes: [''], en: "'}' has no open group to close", pt: "'}' não fecha nenhum grupo aberto" },
  {
    text: 'g = grupo "G" {\n  a = rect',
    code: 'unclosed-group',
    range: [1, 15, 1, 16],
    en: "group 'g' is never closed: add '}' on a line of its own",
    pt: "o grupo 'g' nunca é fechado: adicione '}' numa linha própria",
  },
  {
    text: DECL + 'a -> b anim=pacotez',
    code: 'invalid-value',
    range: [3, 13, 3, 20],
    fixes: ['pacotes'],
    en: "invalid value 'pacotez' for 'anim'; did you mean 'pacotes'? Accepted: packets (pacotes), flow (fluxo), pulse (pulso), none (nenhuma)",
    pt: "valor inválido 'pacotez' para 'anim'; você quis dizer 'pacotes'? Aceitos: pacotes (packets), fluxo (flow), pulso (pulse), nenhuma (none)",
  },
  { text: 'direção XY', code: 'invalid-value', range: [1, 9, 1, 11], en: "invalid value 'XY' for 'direção'; accepted: LR, RL, TB (TD), BT" },
  { text: 'theme grey', code: 'invalid-value', pt: "valor inválido 'grey' para 'theme'; aceitos: auto, claro (light), escuro (dark)" },
  { text: 'a = rect cor=vermelho', code: 'invalid-value', fixes: ['red'] },
  { text: 'a = rect fill="#12345"', code: 'invalid-value', fixes: [] },
  { text: 'a = rect color=blu', code: 'invalid-value', fixes: ['blue'] },
  { text: 'a = rect size=huge', code: 'invalid-value', args: { kind: 'size', value: 'huge' } },
  { text: DECL + 'a -> b style=dased', code: 'invalid-value', fixes: ['dashed'] },
  { text: DECL + 'a -> b anim="fluxx"', code: 'invalid-value', fixes: ['"fluxo"'] },
  { text: DECL + 'a -> b speed=1,5', code: 'invalid-value', fixes: ['1.5'] },
  {
    text: 'a = rect link="ftp://x.org"',
    code: 'invalid-value',
    en: "invalid link 'ftp://x.org': only https:, http: and mailto: links are accepted",
    pt: "link inválido 'ftp://x.org': só são aceitos links https:, http: e mailto:",
  },
  {
    text: DECL + 'a -> b anima=fluxo',
    code: 'unknown-attribute',
    range: [3, 8, 3, 13],
    fixes: ['anim'],
    en: "unknown attribute 'anima'; did you mean 'anim'?",
    pt: "atributo desconhecido 'anima'; você quis dizer 'anim'?",
  },
  { text: 'a = rect zzz=1', code: 'unknown-attribute', en: "unknown attribute 'zzz'; attributes of nodes: icon (colour, ícone), color (colour, cor), fill (fundo), tooltip (dica), link, size (tamanho)".replace('icon (colour, ícone)', 'icon (ícone)') },
  {
    text: 'a = rect velocidade=rápida',
    code: 'inapplicable-attribute',
    en: "'velocidade' does not apply to nodes; it applies to connections",
    pt: "'velocidade' não se aplica a nós; vale para conexões",
  },
  { text: 'a = rect cor=red cor=blue', code: 'duplicate-attribute', range: [1, 18, 1, 21], en: "'cor' is given twice; the last one wins" },
  {
    text: 'db = cilindro\napi = rect\napi -> bd',
    code: 'undeclared-id',
    range: [3, 8, 3, 10],
    fixes: ['db'],
    en: "'bd' is not declared; did you mean 'db'?",
    pt: "'bd' não foi declarado; você quis dizer 'db'?",
  },
  { text: 'a = rect\na -> zebra', code: 'undeclared-id', range: [2, 6, 2, 11], fixes: [], en: "'zebra' is not declared; it is drawn as a rectangle" },
  {
    text: 'k = icon logos:kafak "Kafka"',
    code: 'unknown-icon',
    range: [1, 10, 1, 21],
    fixes: ['logos:kafka', 'logos:kafka-icon'],
    en: "unknown icon 'logos:kafak'; did you mean 'logos:kafka'?",
    pt: "ícone desconhecido 'logos:kafak'; você quis dizer 'logos:kafka'?",
    icons: { icons: { has: (id) => id === 'logos:kafka', suggest: () => ['logos:kafka', 'logos:kafka-icon'] } },
  },
  {
    text: 'a = rect icon="mdi:nothing-like-it"',
    code: 'unknown-icon',
    fixes: [],
    en: "unknown icon 'mdi:nothing-like-it'; a placeholder is drawn",
    icons: { icons: { has: () => false, suggest: () => [] } },
  },
  { text: 'diagram "a"\ndiagrama "b"', code: 'repeated-title', range: [2, 1, 2, 13], args: { line: 1 }, en: 'the title is already set on line 1; this later one wins' },
  { text: 'direção LR\ndirection TB', code: 'repeated-direction', args: { line: 1 }, pt: 'a direção já foi definida na linha 1; vale esta, a última' },
  { text: 'g = group {\n  direction TB\n  direction LR\n}', code: 'repeated-direction', args: { line: 2 } },
  { text: 'tema claro\ntheme dark', code: 'repeated-theme', args: { line: 1 }, en: 'the theme is already set on line 1; this later one wins' },
  { text: 'a = rect\na -> a', code: 'self-connection', range: [2, 1, 2, 7], en: "'a' is connected to itself", pt: "'a' está conectado a si mesmo" },
  {
    text: `${Array.from({ length: 101 }, (_, i) => `a${i}`).join(', ')} -> ${Array.from({ length: 101 }, (_, i) => `b${i}`).join(', ')}`,
    code: 'too-many-connections',
    args: { limit: MAX_CONNECTIONS_PER_STATEMENT },
  },
  {
    text: `a = rect "${'x'.repeat(200_000)}"`,
    code: 'label-too-long',
    range: [1, 10, 1, 200_012],
    args: { context: 'label', length: 200_000, limit: MAX_LABEL_LENGTH },
    fixes: [],
    en: 'the label is 200,000 characters long, over the limit of 500: it is drawn shortened with an ellipsis, the full text in its tooltip',
    pt: 'o rótulo tem 200.000 caracteres, acima do limite de 500: é desenhado encurtado com reticências, o texto completo na dica',
  },
  {
    text: `diagrama "${'T'.repeat(501)}"`,
    code: 'label-too-long',
    range: [1, 10, 1, 513],
    args: { context: 'title', length: 501 },
    en: 'the title is 501 characters long, over the limit of 500: it is drawn shortened with an ellipsis, the full text in its tooltip',
    pt: 'o título tem 501 caracteres, acima do limite de 500: é desenhado encurtado com reticências, o texto completo na dica',
  },
  { text: `a = rect\nb = rect\na -> b "${'😀'.repeat(501)}"`, code: 'label-too-long', args: { length: 501 } },
  { text: `g = group "${'g'.repeat(600)}" {\n}`, code: 'label-too-long', args: { length: 600 } },
  { text: `${'n'.repeat(501)} = rect`, code: 'label-too-long', range: [1, 1, 1, 502], args: { context: 'label', length: 501 } },
  {
    text: `${Array.from({ length: 101 }, (_, i) => `g${i} = group {`).join('\n')}\n${'}\n'.repeat(101)}`,
    code: 'nesting-too-deep',
    range: [101, 1, 101, 5],
    args: { limit: 100 },
    en: 'groups are nested more than 100 deep here, too deep to lay out; flatten the nesting',
    pt: 'os grupos estão aninhados com mais de 100 níveis aqui, fundo demais para o layout; reduza o aninhamento',
  },
  {
    text: Array.from({ length: 2501 }, (_, i) => `a${i} -> b${i}`).join('\n'),
    code: 'too-many-elements',
    range: [2501, 1, 2501, 6],
    args: { limit: 5000, count: 5002 },
    en: 'the diagram has 5,002 elements, over the limit of 5,000 that can be laid out; split it into several diagrams',
    pt: 'o diagrama tem 5.002 elementos, acima do limite de 5.000 que o layout aceita; divida-o em vários diagramas',
  },
  {
    text: `${Array.from({ length: 20 }, (_, i) => `a${i}`).join(', ')} -> ${Array.from({ length: 20 }, (_, i) => `b${i}`).join(', ')}`,
    code: 'too-dense',
    args: { limit: 290, count: 400, elements: 40 },
    en: 'the diagram has 400 connections for 40 elements, over the limit of 290 that can be laid out in time; this one is the first past it: split the diagram or connect fewer pairs',
    pt: 'o diagrama tem 400 conexões para 40 elementos, acima do limite de 290 que o layout desenha a tempo; esta é a primeira além dele: divida o diagrama ou conecte menos pares',
  },
];

for (const c of CASES) {
  test(`${c.code}: ${c.text.replace(/\n/g, '⏎').slice(0, 60)}`, () => {
    check(c);
  });
}

// Raised for Markdown fences (see test/core/markdown) and for layout files (test/bin/layoutFileCli.test.ts), not by the parser.
const MARKDOWN_ONLY: DiagnosticCode[] = ['unclosed-fence', 'layout-file-invalid', 'layout-stale-id'];

test('every diagnostic code is exercised above', () => {
  assert.deepEqual(
    DIAGNOSTIC_CODES.filter((c) => !seen.has(c) && !MARKDOWN_ONLY.includes(c)),
    [],
  );
});

test('labels up to the limit draw whole and get no warning; emoji count once', () => {
  const atLimit = 'x'.repeat(MAX_LABEL_LENGTH);
  const emoji = '😀'.repeat(MAX_LABEL_LENGTH);
  const r = parse(`diagram "${atLimit}"\na = rect "${atLimit}"\nb = rect "${emoji}"\na -> b "${atLimit}"\n${'i'.repeat(MAX_LABEL_LENGTH)} = rect "short"`);
  assert.deepEqual(r.diagnostics, []);
});

test('a duplicate id points at both declarations', () => {
  const d = only('api = rect\napi = rect', 'duplicate-id');
  assert.deepEqual(d.related, [{ range: { line: 1, column: 1, endLine: 1, endColumn: 4 }, messageKey: 'first-declaration' }]);
  assert.equal(formatRelated(d, d.related![0], 'en'), "'api' is first declared here");
  assert.equal(formatRelated(d, d.related![0], 'pt-BR'), "'api' é declarado primeiro aqui");
});

test('repeated title, direction, theme: the later one wins and the first is related', () => {
  const r = parse('diagram "A"\ndireção LR\ntema claro\ndiagram "B"\ndireção TB\ntema escuro');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['repeated-title', 'repeated-direction', 'repeated-theme'],
  );
  assert.deepEqual([r.model.title, r.model.direction, r.model.theme], ['B', 'TB', 'dark']);
  assert.deepEqual(
    r.diagnostics.map((d) => formatRelated(d, d.related![0], 'en')),
    ['the title was first set here', 'the direction was first set here', 'the theme was first set here'],
  );
  assert.deepEqual(
    r.diagnostics.map((d) => d.related![0].range.line),
    [1, 2, 3],
  );
});

test('the plain-text line form, in both locales', () => {
  const d = only('"x"', 'expected-id');
  assert.equal(formatDiagnosticLine('diagrama', d, 'pt-BR'), 'diagrama:1:1: error: esperava um id');
  assert.equal(formatDiagnosticLine('docs/a.diagram', d, 'en'), 'docs/a.diagram:1:1: error: expected an id');
  const w = only('a = rect zzz=1', 'unknown-attribute');
  assert.match(formatDiagnosticLine('f', w, 'en'), /^f:1:10: warning: unknown attribute 'zzz'/);
});

test('formatMessage and formatRelated never throw on foreign data', () => {
  const d = { code: 'from-the-future', severity: 'error', range: { line: 1, column: 1, endLine: 1, endColumn: 1 }, args: {}, suggestions: [] } as unknown as Diagnostic;
  assert.equal(formatMessage(d, 'en'), 'from-the-future');
  assert.equal(formatRelated(d, { range: d.range, messageKey: 'nope' }, 'pt-BR'), 'nope');
  for (const code of DIAGNOSTIC_CODES) {
    const bare = { ...d, code } as Diagnostic;
    assert.equal(typeof formatMessage(bare, 'en'), 'string');
    assert.equal(typeof formatMessage(bare, 'pt-BR'), 'string');
  }
});

test('an unknown shape still declares a rectangle, so connections to it do not warn', () => {
  const r = parse('a = retangolo "A"\nb = rect\na -> b');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['unknown-shape'],
  );
  const a = element(r.model, 'a') as NodeDecl;
  assert.deepEqual([a.shape, a.label, a.implicit], ['rectangle', 'A', undefined]);
});

test('an unknown attribute is skipped and the rest of the statement kept', () => {
  const r = parse('a = rect "A" anima=x cor=red tamanho=grande');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['unknown-attribute'],
  );
  const a = element(r.model, 'a') as NodeDecl;
  assert.deepEqual([a.label, a.color, a.size], ['A', 'red', 'large']);
});

test('one typo per line gives one diagnostic per line, and everything else is modelled', () => {
  const text = [
    'diagrama "Sistema"',
    'direção XY', // invalid-value
    'web = retangolo "Web"', // unknown-shape
    'api = rect "API" anima=fluxo cor=blue', // unknown-attribute
    'db = cilindro "DB" cor=#12', // invalid-value
    'app = grupo "App" {',
    '  worker = rect "Worker" "again"', // unexpected-token
    '  cache = rect "Cache',
    '}',
    'web -> api "HTTP" anim=pacotes',
    'api -> bd', // undeclared-id
    'api -> cache, worker anim=fluxo velocidade=rapidissima', // invalid-value
    '}', // unexpected-close-brace
  ].join('\n');
  const r = parse(text);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.range.line, d.code]),
    [
      [2, 'invalid-value'],
      [3, 'unknown-shape'],
      [4, 'unknown-attribute'],
      [5, 'invalid-value'],
      [7, 'unexpected-token'],
      [8, 'unterminated-string'],
      [11, 'undeclared-id'],
      [12, 'invalid-value'],
      [13, 'unexpected-close-brace'],
    ],
  );
  assert.equal(r.model.title, 'Sistema');
  assert.equal(r.model.direction, 'LR');
  assert.deepEqual(
    r.model.elements.map((e) => e.id),
    ['web', 'api', 'db', 'app', 'worker', 'cache', 'bd'],
  );
  assert.deepEqual((element(r.model, 'app') as GroupDecl).children, ['worker', 'cache']);
  assert.equal((element(r.model, 'cache') as NodeDecl).label, 'Cache');
  assert.equal((element(r.model, 'api') as NodeDecl).color, 'blue');
  assert.deepEqual(
    r.model.connections.map((c) => `${c.source}>${c.target}:${c.anim}:${c.speed}`),
    ['web>api:packets:1.5', 'api>bd:none:1.5', 'api>cache:flow:1.5', 'api>worker:flow:1.5'],
  );
});

test('a stray { absorbs its } so one mistake gives one error', () => {
  const r = parse('a = rect {\n  b = rect\n}\nc = rect');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['unexpected-open-brace'],
  );
  assert.deepEqual(r.model.roots, ['a', 'b', 'c']);
});

test('children of a duplicate group stay in the enclosing group', () => {
  const r = parse('g = group {\n  x = rect\n}\nouter = group {\n  g = group {\n    y = rect\n  }\n}');
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['duplicate-id'],
  );
  assert.equal(element(r.model, 'y').parent, 'outer');
  assert.deepEqual((element(r.model, 'outer') as GroupDecl).children, ['y']);
});

test('did-you-mean prefers the language the document is written in', () => {
  const pt = only('diagrama "x"\ndireção LR\nn = noto', 'unknown-shape');
  assert.deepEqual(
    pt.suggestions.map((s) => s.text),
    ['nota', 'note'],
  );
  const en = only('diagram "x"\ndirection LR\nn = noto', 'unknown-shape');
  assert.deepEqual(
    en.suggestions.map((s) => s.text),
    ['note', 'nota'],
  );
  assert.equal(formatMessage(en, 'en'), "unknown shape 'noto'; did you mean 'note'?");
  const accented = only('diagram "x"\ndirection LR\nn = nôto', 'unknown-shape');
  assert.equal(accented.suggestions[0].text, 'nota');
});

test('an undeclared id suggests the closest declared one, never an implicit one', () => {
  const r = parse('database = rect\nx -> databse\ny -> databse\nz -> q');
  const undeclared = r.diagnostics.filter((d) => d.code === 'undeclared-id');
  assert.deepEqual(
    undeclared.map((d) => [d.args.id, d.suggestions.map((s) => s.text)]),
    [
      ['x', []],
      ['databse', ['database']],
      ['y', []],
      ['databse', ['database']],
      ['z', []],
      ['q', []],
    ],
  );
});

test('every quick fix turns its diagnostic away when applied', () => {
  const texts = [
    'x = retangolo "a"',
    'a = rect anim=fluxo\nb = rect\na -> b anima=fluxo',
    'diagrma "x"',
    'my-api = rect',
    'api rect',
    'diagram My title',
    'a = rect cor=vermelho',
    'db = rect\nb = rect\nb -> bd',
    'g = group "G"\n}',
    'a = rect "abc',
    'a = rect\n}',
    'a = icon Logos:AWS-Elb',
  ];
  for (const text of texts) {
    const before = parse(text).diagnostics.filter((d) => d.severity === 'error' || d.code === 'unknown-attribute' || d.code === 'undeclared-id');
    const target = before.find((d) => d.suggestions.length > 0);
    assert.ok(target, `no fix for ${text}`);
    const fixed = applyFix(text, target.suggestions[0]);
    const after = parse(fixed).diagnostics;
    assert.ok(!after.some((d) => d.code === target.code && d.range.line === target.range.line), `${text} -> ${fixed}: ${after.map((d) => d.code)}`);
  }
});

function applyFix(text: string, s: Diagnostic['suggestions'][number]): string {
  const lines = text.split('\n');
  const offset = (line: number, col: number) => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + col - 1;
  return text.slice(0, offset(s.range.line, s.range.column)) + s.text + text.slice(offset(s.range.endLine, s.range.endColumn));
}

test('a failing icon catalog never breaks parsing', () => {
  const r = parseDiagram('a = icon logos:aws-elb', {
    icons: {
      has: () => {
        throw new Error('index not loaded');
      },
      suggest: () => {
        throw new Error('index not loaded');
      },
    },
  });
  assert.deepEqual(r.diagnostics, []);
  assert.equal((r.model.elements[0] as NodeDecl).icon, 'logos:aws-elb');
  const r2 = parseDiagram('a = icon logos:aws-elbb', {
    icons: {
      has: () => false,
      suggest: () => {
        throw new Error('no index');
      },
    },
  });
  assert.deepEqual(
    r2.diagnostics.map((d) => [d.code, d.suggestions.length]),
    [['unknown-icon', 0]],
  );
});
