import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIAGRAM_LIMITS, MAX_CONNECTIONS_PER_STATEMENT, MAX_ICON_SUGGESTION_QUERIES, formatDiagram, parseDiagram, tokenize } from '../../../src/core/language';
import { assertRangesInside } from './helpers';

// These bound nothing but termination: the timeouts are hang guards, never timing assertions.
const GUARD = { timeout: 60_000 };

function survive(text: string): ReturnType<typeof parseDiagram> {
  const r = parseDiagram(text);
  assertRangesInside(text, r.diagnostics);
  const formatted = formatDiagram(text);
  assert.equal(formatDiagram(formatted), formatted);
  return r;
}

test('a 100k-character word', GUARD, () => {
  const r = survive('a'.repeat(100_000));
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['expected-equals'],
  );
});

test('a 100k-character label, attribute value and comment', GUARD, () => {
  const long = 'x'.repeat(100_000);
  const r = survive(`n = rect "${long}" dica="${long}" # ${long}`);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.args.length]),
    [['label-too-long', 100_000]],
  );
  assert.equal(r.model.elements[0].label.length, 100_000);
});

test('a 100k-character line of quotes, braces, arrows and garbage', GUARD, () => {
  for (const unit of ['"', '{', '}', '-', '->', '<-', '=', ',', '#', '\\', '@', 'a ', 'a=', 'a -> ', 'a, ', '"a" ']) {
    survive(unit.repeat(Math.ceil(100_000 / unit.length)));
  }
});

test('a huge fan-out is capped with an error instead of exploding', GUARD, () => {
  const side = (p: string) => Array.from({ length: 20_000 }, (_, i) => `${p}${i}`).join(', ');
  const r = parseDiagram(`${side('a')} -> ${side('b')}`);
  assert.equal(r.model.connections.length, MAX_CONNECTIONS_PER_STATEMENT);
  assert.equal(r.diagnostics.filter((d) => d.code === 'too-many-connections').length, 1);
  assert.equal(r.model.elements.length, 40_000);
});

test('a chain of 5k links on one line, and one past the cap', GUARD, () => {
  const chain = (n: number) => Array.from({ length: n + 1 }, (_, i) => `n${i}`).join(' -> ');
  const r = survive(chain(5000));
  assert.equal(r.model.connections.length, 5000);
  const capped = parseDiagram(chain(MAX_CONNECTIONS_PER_STATEMENT + 1));
  assert.equal(capped.model.connections.length, MAX_CONNECTIONS_PER_STATEMENT);
  assert.equal(capped.diagnostics.filter((d) => d.code === 'too-many-connections').length, 1);
});

test('10k nested groups, closed and unclosed', GUARD, () => {
  const n = 10_000;
  const open = Array.from({ length: n }, (_, i) => `g${i} = group {`).join('\n');
  const closed = survive(open + '\n' + '}\n'.repeat(n));
  // Parsed whole, but past what can be laid out: one error per limit, at the first element past it.
  assert.deepEqual(
    closed.diagnostics.map((d) => [d.code, d.range.line]),
    [
      ['nesting-too-deep', DIAGRAM_LIMITS.depth + 1],
      ['too-many-elements', DIAGRAM_LIMITS.elements + 1],
    ],
  );
  assert.equal(closed.model.elements.at(-1)!.parent, `g${n - 2}`);
  const unclosed = survive(open);
  assert.equal(unclosed.diagnostics.filter((d) => d.code === 'unclosed-group').length, n);
  assert.equal(unclosed.diagnostics.length, n + 2);
});

test('10k lines of {, and 10k { on one line', GUARD, () => {
  const lines = survive('{\n'.repeat(10_000));
  assert.equal(lines.diagnostics.length, 10_000);
  const oneLine = survive('{'.repeat(10_000));
  assert.deepEqual(
    oneLine.diagnostics.map((d) => d.code),
    ['unexpected-open-brace'],
  );
});

test('unterminated strings everywhere', GUARD, () => {
  const text = Array.from({ length: 10_000 }, (_, i) => `n${i} = rect "open ${i} -> x { } # not a comment`).join('\n');
  const r = survive(text);
  assert.equal(r.diagnostics.filter((d) => d.code === 'unterminated-string').length, 10_000);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code !== 'unterminated-string').map((d) => d.code),
    ['too-many-elements'],
  );
  assert.equal(r.model.elements.length, 10_000);
  assert.equal(r.model.connections.length, 0);
  survive('"'.repeat(1) + '\n"'.repeat(10_000));
  survive(`a = rect "${' '.repeat(100_000)}x${' \t'.repeat(50_000)}`);
  survive(`a = rect "${' x'.repeat(50_000)}`);
});

test('many undeclared ids near many declared ones', GUARD, () => {
  const decl = Array.from({ length: 2000 }, (_, i) => `node_${i} = rect`).join('\n');
  const refs = Array.from({ length: 2000 }, (_, i) => `nod_${i} -> node_${i}`).join('\n');
  const r = survive(`${decl}\n${refs}`);
  assert.equal(r.diagnostics.filter((d) => d.code === 'undeclared-id').length, 2000);
  assert.ok(r.diagnostics.some((d) => d.suggestions.length > 0));
});

test('the lexer handles a megabyte of mixed input', GUARD, () => {
  const chunk = 'svc_1 = retângulo "Serviço \\"A\\"" cor=#ff0000 # c\nsvc_1 -> svc_2, svc_3 anim=fluxo\n';
  const text = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
  const tokens = tokenize(text);
  assert.equal(tokens.filter((t) => t.kind === 'newline').length, text.split('\n').length - 1);
  const r = parseDiagram(text);
  assert.ok(r.diagnostics.every((d) => d.code === 'duplicate-id' || d.code === 'undeclared-id' || d.code === 'too-dense'));
});

test('unknown icons ask the icon index once per id and at most MAX_ICON_SUGGESTION_QUERIES times', GUARD, () => {
  const asked: string[] = [];
  const icons = { has: () => false, suggest: (id: string) => (asked.push(id), ['logos:aws-lambda']) };
  const distinct = Array.from({ length: 600 }, (_, i) => `n${i} = rectangle "N" icon=logos:zzqq${i}-awz-lamda`).join('\n');
  const r = parseDiagram(distinct, { icons });
  assert.equal(asked.length, MAX_ICON_SUGGESTION_QUERIES);
  assert.equal(new Set(asked).size, asked.length, 'no id is asked twice');
  const warnings = r.diagnostics.filter((d) => d.code === 'unknown-icon');
  assert.equal(warnings.length, 600, 'every occurrence is still reported');
  assert.equal(warnings.filter((d) => d.suggestions.length > 0).length, MAX_ICON_SUGGESTION_QUERIES);

  asked.length = 0;
  const same = Array.from({ length: 3000 }, (_, i) => `n${i} = rectangle "N" icon=logos:zzqq-awz-lamda`).join('\n');
  const r2 = parseDiagram(same, { icons });
  assert.deepEqual(asked, ['logos:zzqq-awz-lamda']);
  assert.ok(r2.diagnostics.filter((d) => d.code === 'unknown-icon').every((d) => d.suggestions[0]?.text === 'logos:aws-lambda'), 'the cached answer serves every occurrence');
});
