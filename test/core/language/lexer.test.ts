import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize, type StringToken, type Token } from '../../../src/core/language';

const kinds = (text: string) => tokenize(text).map((t) => `${t.kind}:${t.text}`);

test('a declaration lexes into words, equals, string, attributes and a colour', () => {
  assert.deepEqual(kinds('api = retângulo "API" cor=#ff0000 icon=logos:aws-ec2'), [
    'word:api',
    'equals:=',
    'word:retângulo',
    'string:"API"',
    'word:cor',
    'equals:=',
    'color:#ff0000',
    'word:icon',
    'equals:=',
    'word:logos:aws-ec2',
  ]);
});

test('# is a colour only directly after =, a comment everywhere else', () => {
  assert.deepEqual(kinds('a = rect fill=#abc # note'), ['word:a', 'equals:=', 'word:rect', 'word:fill', 'equals:=', 'color:#abc', 'comment:# note']);
  assert.deepEqual(kinds('a = rect cor= #abc'), ['word:a', 'equals:=', 'word:rect', 'word:cor', 'equals:=', 'comment:#abc']);
  assert.deepEqual(kinds('# whole line'), ['comment:# whole line']);
  assert.deepEqual(kinds('a -> b // slashes'), ['word:a', 'arrow:->', 'word:b', 'comment:// slashes']);
  assert.deepEqual(kinds('a = rect "# not a comment"'), ['word:a', 'equals:=', 'word:rect', 'string:"# not a comment"']);
});

test('every arrow spelling is one token, with or without spaces', () => {
  for (const arrow of ['->', '-->', '<-', '<--', '<->', '<-->', '--']) {
    assert.deepEqual(kinds(`a${arrow}b`), ['word:a', `arrow:${arrow}`, 'word:b'], arrow);
    assert.deepEqual(kinds(`a ${arrow} b`), ['word:a', `arrow:${arrow}`, 'word:b'], arrow);
  }
});

test('-, : and . join words only between word characters', () => {
  assert.deepEqual(kinds('fa6-solid:server mdi:numeric-1-box 1.5 my-api'), ['word:fa6-solid:server', 'word:mdi:numeric-1-box', 'word:1.5', 'word:my-api']);
  assert.deepEqual(kinds('a- b'), ['word:a', 'unknown:-', 'word:b']);
  assert.deepEqual(kinds('a:'), ['word:a', 'unknown::']);
});

test('strings resolve \\", \\\\ and \\n and report other escapes', () => {
  const [t] = tokenize(String.raw`"say \"hi\"\\ \n next \t"`) as StringToken[];
  assert.equal(t.kind, 'string');
  assert.equal(t.value, 'say "hi"\\ \n next \\t');
  assert.equal(t.terminated, true);
  assert.equal(t.invalidEscapes.length, 1);
  assert.deepEqual(t.invalidEscapes[0], { line: 1, column: 23, endLine: 1, endColumn: 25 });
});

test('an unterminated string runs to the end of its line only', () => {
  const toks = tokenize('a = rect "open\nb = rect');
  const s = toks[3] as StringToken;
  assert.equal(s.kind, 'string');
  assert.equal(s.terminated, false);
  assert.equal(s.value, 'open');
  assert.deepEqual(s.range, { line: 1, column: 10, endLine: 1, endColumn: 15 });
  assert.deepEqual(
    toks.slice(4).map((t) => t.kind),
    ['newline', 'word', 'equals', 'word'],
  );
});

test('ranges are 1-based, end-exclusive and count UTF-16 units', () => {
  const toks = tokenize('  ícone = x "🚀 go" y');
  const byText = (s: string) => toks.find((t) => t.text === s) as Token;
  assert.deepEqual(byText('ícone').range, { line: 1, column: 3, endLine: 1, endColumn: 8 });
  assert.deepEqual(byText('"🚀 go"').range, { line: 1, column: 13, endLine: 1, endColumn: 20 });
  assert.deepEqual(byText('y').range, { line: 1, column: 21, endLine: 1, endColumn: 22 });
  assert.equal(byText('y').offset, 20);
});

test('\\n, \\r\\n and a lone \\r each end a line', () => {
  const toks = tokenize('a\r\nb\rc\nd');
  const words = toks.filter((t) => t.kind === 'word');
  assert.deepEqual(
    words.map((t) => [t.text, t.range.line, t.range.column]),
    [
      ['a', 1, 1],
      ['b', 2, 1],
      ['c', 3, 1],
      ['d', 4, 1],
    ],
  );
  const nl = toks.filter((t) => t.kind === 'newline');
  assert.deepEqual(
    nl.map((t) => t.text),
    ['\r\n', '\r', '\n'],
  );
  assert.deepEqual(nl[0].range, { line: 1, column: 2, endLine: 2, endColumn: 1 });
});

test('Unicode letters, combining accents and Unicode spaces', () => {
  assert.deepEqual(kinds('direc\u0327a\u0303o\u00a0LR'), ['word:direc\u0327a\u0303o', 'word:LR']);
  assert.deepEqual(kinds('\ufeffserviço_1 = nó'), ['word:serviço_1', 'equals:=', 'word:nó']);
  assert.deepEqual(kinds('𝒜 = rect'), ['word:𝒜', 'equals:=', 'word:rect']);
});

test('characters that start no token merge into one unknown token', () => {
  assert.deepEqual(kinds('a @@; b'), ['word:a', 'unknown:@@;', 'word:b']);
  assert.deepEqual(kinds('{ } , ='), ['openBrace:{', 'closeBrace:}', 'comma:,', 'equals:=']);
});

test('tokens cover the text: concatenating them and the whitespace gives it back', () => {
  const text = 'g = grupo "G" {\r\n  a -> b, c "x" anim=fluxo # c\n}\n';
  const toks = tokenize(text);
  let rebuilt = '';
  let at = 0;
  for (const t of toks) {
    assert.match(text.slice(at, t.offset), /^[ \t]*$/);
    rebuilt += text.slice(at, t.offset) + t.text;
    at = t.offset + t.text.length;
  }
  assert.equal(rebuilt + text.slice(at), text);
});

test('tokens serialise to plain JSON with their range', () => {
  const [word, str] = tokenize('api "x"');
  assert.deepEqual(JSON.parse(JSON.stringify(word)), { kind: 'word', text: 'api', offset: 0, range: { line: 1, column: 1, endLine: 1, endColumn: 4 } });
  assert.deepEqual(JSON.parse(JSON.stringify(str)), {
    kind: 'string',
    text: '"x"',
    offset: 4,
    range: { line: 1, column: 5, endLine: 1, endColumn: 8 },
    value: 'x',
    terminated: true,
    invalidEscapes: [],
  });
});
