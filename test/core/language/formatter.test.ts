import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SYNTAX_EXAMPLE_EN, SYNTAX_EXAMPLE_PT, formatDiagram, tokenize } from '../../../src/core/language';
import { EXAMPLES, FIXTURES, diagramFiles, parse, withoutRanges } from './helpers';

/** Every diagram text the tests own, valid or not. */
const INPUTS: [string, string][] = [
  ...diagramFiles(join(FIXTURES, 'parse')),
  ...diagramFiles(join(FIXTURES, 'format')),
  ...diagramFiles(EXAMPLES),
  ['syntax example en', SYNTAX_EXAMPLE_EN],
  ['syntax example pt', SYNTAX_EXAMPLE_PT],
  ['crlf', 'diagram "x"\r\na=rect\r\n\r\n\r\nb = rect\r\na->b\r\n'],
  ['lone cr', 'a = rect\rb = rect\ra -> b'],
  ['unclosed', 'g = group {\n  a = rect "open\n'],
  ['stray braces', '}\n{\na = rect {\n}\n}'],
  ['allman', 'g = group "G"\n{\n  a = rect\n}'],
  ['colour after declaration =', 'a =#fff\nb = rect cor= #fff'],
  ['unicode', 'serviço = retângulo "Ação 🚀"\nfila_ç = fila\nserviço -> fila_ç'],
];

for (const [name, text] of INPUTS) {
  test(`format is idempotent and keeps the meaning: ${name}`, () => {
    const once = formatDiagram(text);
    assert.equal(formatDiagram(once), once);
    const before = parse(text);
    const after = parse(once);
    assert.deepEqual(withoutRanges(after.model), withoutRanges(before.model));
    // Line numbers in args move when blank lines collapse; everything else stays.
    const summary = (r: typeof before) => r.diagnostics.map((d) => ({ code: d.code, args: { ...d.args, line: undefined } }));
    assert.deepEqual(summary(after), summary(before));
  });
}

test('the examples are already formatted', () => {
  for (const [name, text] of diagramFiles(EXAMPLES)) assert.equal(formatDiagram(text), text, name);
  assert.equal(formatDiagram(SYNTAX_EXAMPLE_EN), SYNTAX_EXAMPLE_EN);
  assert.equal(formatDiagram(SYNTAX_EXAMPLE_PT), SYNTAX_EXAMPLE_PT);
});

test('every token survives formatting, in order', () => {
  for (const [name, text] of INPUTS) {
    const words = (t: string) => tokenize(t).filter((k) => k.kind !== 'newline').map((k) => (k.kind === 'comment' ? k.text.trimEnd() : k.text));
    assert.deepEqual(words(formatDiagram(text)), words(text), name);
  }
});

test('empty and blank texts stay empty; otherwise one final line break', () => {
  assert.equal(formatDiagram(''), '');
  assert.equal(formatDiagram('\n\n  \n'), '');
  assert.equal(formatDiagram('a = rect'), 'a = rect\n');
  assert.equal(formatDiagram('# only a comment   '), '# only a comment\n');
});

test('the text’s line break style is kept', () => {
  assert.equal(formatDiagram('a=rect\r\nb=rect\r\n'), 'a = rect\r\nb = rect\r\n');
  assert.equal(formatDiagram('a=rect\rb=rect'), 'a = rect\nb = rect\n');
});

test('a line with a syntax error is kept as written, only re-indented', () => {
  assert.equal(formatDiagram('g = group {\n        a   =   rect "x"   "y"\n}'), 'g = group {\n  a   =   rect "x"   "y"\n}\n');
  assert.equal(formatDiagram('a ,  , b'), 'a ,  , b\n');
});

test('the = of consecutive node lines align; group lines, blank lines and comments break a run', () => {
  assert.equal(formatDiagram('a = rect\nlonger = rect\n# c\nb = rect\nxy = rect'), 'a      = rect\nlonger = rect\n# c\nb  = rect\nxy = rect\n');
  assert.equal(formatDiagram('a = rect\nlong_id = group {\n}'), 'a = rect\nlong_id = group {\n}\n');
  assert.equal(formatDiagram('ação = rect\nab = rect'), 'ação = rect\nab   = rect\n');
});

test('formatting is deep nesting safe: indentation stops growing past 32 levels', () => {
  const depth = 40;
  const text = Array.from({ length: depth }, (_, i) => `g${i} = group {`).join('\n') + '\n' + '}\n'.repeat(depth);
  const out = formatDiagram(text);
  const widest = Math.max(...out.split('\n').map((l) => l.length - l.trimStart().length));
  assert.equal(widest, 64);
  assert.equal(formatDiagram(out), out);
  assert.deepEqual(withoutRanges(parse(out).model), withoutRanges(parse(text).model));
});
