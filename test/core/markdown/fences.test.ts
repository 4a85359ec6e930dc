import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { extractDiagramFences, fenceNames, isDiagramInfo, mayHoldDiagramFence, parseFenceInfo, slugify, toMarkdownRange } from '../../../src/core/markdown/index';

/** The Markdown text at a 1-based range (single line). */
function at(markdown: string, r: { line: number; column: number; endLine: number; endColumn: number }): string {
  assert.equal(r.line, r.endLine, 'single-line range');
  return markdown.split(/\r\n|\n/)[r.line - 1]!.slice(r.column - 1, r.endColumn - 1);
}

test('backtick and tilde fences, with either language and any case', () => {
  const md = '# Doc\n\n```diagram\na = rect\n```\n\ntext\n\n~~~ArchFlow\nb = rect\n~~~\n\n```ts\nnot = a diagram\n```\n';
  const fences = extractDiagramFences(md);
  assert.deepEqual(
    fences.map((f) => [f.index, f.lang, f.markup, f.text, f.line, f.lastLine, f.closed]),
    [
      [0, 'diagram', '```', 'a = rect\n', 3, 5, true],
      [1, 'archflow', '~~~', 'b = rect\n', 9, 11, true],
    ],
  );
});

test('longer fences hold shorter ones; a fence in an indented code block or HTML block is not a fence', () => {
  const md = '````diagram\na = rect "```"\n```\n````\n\n    ```diagram\n    x = rect\n    ```\n\n<div>\n```diagram\n</div>\n';
  const fences = extractDiagramFences(md);
  assert.equal(fences.length, 1);
  assert.equal(fences[0]!.text, 'a = rect "```"\n```\n');
  assert.equal(fences[0]!.lastLine, 4);
});

test('indented fences, fences in list items and block quotes: text without the container, columns mapped back', () => {
  const md = [
    '1. step',
    '',
    '   ```diagram',
    '   a = retangolo',
    '   ```',
    '- ```diagram',
    '  b = rect',
    '  ```',
    '> quoted:',
    '> ```diagram',
    '> c = rect',
    '> ```',
    '  ```diagram',
    '  d = rect',
    '  ```',
  ].join('\n');
  const fences = extractDiagramFences(md);
  assert.deepEqual(
    fences.map((f) => [f.text, f.line, f.columnOffsets]),
    [
      ['a = retangolo\n', 3, [3]],
      ['b = rect\n', 6, [2]],
      ['c = rect\n', 10, [2]],
      ['d = rect\n', 13, [2]],
    ],
  );
  // `retangolo` is at column 5 of the diagram text; in the Markdown it is at column 8 of line 4.
  const r = toMarkdownRange(fences[0]!, { line: 1, column: 5, endLine: 1, endColumn: 14 });
  assert.deepEqual(r, { line: 4, column: 8, endLine: 4, endColumn: 17 });
  assert.equal(at(md, r), 'retangolo');
  assert.equal(at(md, fences[1]!.openRange), '```diagram');
});

test('a tab the parser expands still maps the text after it to the right column', () => {
  const md = '- item\n  ```diagram\n\t b = rect\n  ```\n';
  const [fence] = extractDiagramFences(md);
  // markdown-it turns the tab into spaces: the diagram text starts `   b`.
  assert.equal(fence!.text, '   b = rect\n');
  const r = toMarkdownRange(fence!, { line: 1, column: 4, endLine: 1, endColumn: 5 });
  assert.equal(at(md, r), 'b');
});

test('CRLF and lone CR line ends: the same fences, lines and columns as LF', () => {
  const lf = 'intro\n\n```diagram id=a\nx = rect "X"\ny = rect\n```\n';
  for (const eol of ['\r\n', '\r']) {
    const text = lf.replace(/\n/g, eol);
    const [fence] = extractDiagramFences(text);
    const [expected] = extractDiagramFences(lf);
    assert.deepEqual(fence, expected, JSON.stringify(eol));
  }
});

test('a fence that is never closed runs to the end of its container and says so', () => {
  const doc = extractDiagramFences('text\n\n```diagram\na = rect\nb = rect\n');
  assert.deepEqual(
    doc.map((f) => [f.closed, f.text, f.line, f.lastLine]),
    [[false, 'a = rect\nb = rect\n', 3, 5]],
  );
  const list = extractDiagramFences('- ```diagram\n  a = rect\n\nparagraph after the list\n');
  assert.deepEqual(
    list.map((f) => [f.closed, f.text]),
    [[false, 'a = rect\n\n']],
  );
  const empty = extractDiagramFences('```diagram');
  assert.deepEqual(
    empty.map((f) => [f.closed, f.text, f.line, f.lastLine]),
    [[false, '', 1, 1]],
  );
});

test('info strings: attributes bare, quoted, in braces, #id shorthand', () => {
  assert.deepEqual(parseFenceInfo('diagram id=checkout title="Checkout flow" animate'), {
    lang: 'diagram',
    attributes: { id: 'checkout', title: 'Checkout flow', animate: true },
    id: 'checkout',
    title: 'Checkout flow',
  });
  assert.deepEqual(parseFenceInfo("archflow {#pay .wide title='Pay'}"), {
    lang: 'archflow',
    attributes: { id: 'pay', title: 'Pay' },
    id: 'pay',
    title: 'Pay',
  });
  assert.deepEqual(parseFenceInfo('{.diagram}'), { lang: 'diagram', attributes: {} });
  assert.deepEqual(parseFenceInfo(''), { lang: '', attributes: {} });
  assert.deepEqual(parseFenceInfo('diagram title="unterminated'), { lang: 'diagram', attributes: { title: 'unterminated' }, title: 'unterminated' });
  assert.equal(isDiagramInfo('Diagram id=1'), true);
  assert.equal(isDiagramInfo('diagrams'), false);
  assert.equal(isDiagramInfo('mermaid'), false);
});

test('names: id as written, else the title slugged, else the stem and position; never two alike', () => {
  const md = [
    '```diagram id=Checkout.v2',
    '```',
    '```diagram title="Ação & Reação"',
    '```',
    '```diagram',
    '```',
    '```diagram id="../../etc/passwd"',
    '```',
    '```diagram id=Checkout.v2',
    '```',
    '```diagram title="!!!"',
    '```',
  ].join('\n');
  assert.deepEqual(fenceNames(extractDiagramFences(md), 'Design Notes'), ['Checkout.v2', 'acao-reacao', 'design-notes-3', 'etc-passwd', 'Checkout.v2-2', 'design-notes-6']);
  assert.equal(slugify('   '), '');
});

test('200 fences: all found, in order, each with its own lines', () => {
  const parts: string[] = [];
  for (let i = 0; i < 200; i++) parts.push(`## Diagram ${i}`, '', `\`\`\`diagram id=d${i}`, `n${i} = rect "Node ${i}"`, '```', '');
  const fences = extractDiagramFences(parts.join('\n'));
  assert.equal(fences.length, 200);
  fences.forEach((f, i) => {
    assert.equal(f.id, `d${i}`);
    assert.equal(f.line, i * 6 + 3);
    assert.equal(f.text, `n${i} = rect "Node ${i}"\n`);
  });
  assert.equal(new Set(fenceNames(fences, 'x')).size, 200);
});

test('never throws on odd input', () => {
  for (const md of ['', '\u0000```diagram\n\u0000', '```diagram\n'.repeat(50), '>'.repeat(500) + ' ```diagram\na\n', '\uFFFD\uD800```diagram\nx\n```']) {
    assert.doesNotThrow(() => extractDiagramFences(md));
  }
});

test('a Markdown text with no diagram fence is told apart without the parser; one that may hold one is parsed', () => {
  const plain = '# Notes\n\nSome text, a list:\n\n- one\n- two\n\n```ts\nconst x = 1;\n```\n';
  assert.equal(mayHoldDiagramFence(plain), false);
  assert.equal(mayHoldDiagramFence('# Diagrams\n\nNo diagram fence here, only the word diagram.\n\n```sh\narchflow render a.diagram\n```\n'), false);
  assert.equal(mayHoldDiagramFence('> - ```Diagram id=a\n>   a = rect\n>   ```\n'), true);
  assert.equal(mayHoldDiagramFence('```diagram\na = rect\n```\n'), true);
  // The parser reads the info string as written: a character reference spells no language.
  const entity = '```&#100;iagram\na = rect\n```\n';
  assert.equal(mayHoldDiagramFence(entity), false);
  assert.equal(extractDiagramFences(entity, ['&#100;iagram']).length, 1, 'the parser finds it under the name as written');
});

test('the scan never hides a fence the parser finds: any case, containers, marker lengths, attributes', () => {
  const spelled = fc.tuple(fc.constantFrom('diagram', 'archflow'), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 })).map(([lang, upper]) =>
    [...lang].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''),
  );
  const doc = fc.record({
    lang: spelled,
    marker: fc.constantFrom('`', '~'),
    length: fc.integer({ min: 3, max: 5 }),
    container: fc.constantFrom('', '  ', '- ', '* ', '> ', '1. ', '2) ', '> - ', '- > '),
    attrs: fc.constantFrom('', ' id=a', ' title="T"'),
    before: fc.constantFrom('', '# Title\n\n', 'Some text & more.\n\n'),
  });
  fc.assert(
    fc.property(doc, ({ lang, marker, length, container, attrs, before }) => {
      const fence = marker.repeat(length);
      const inside = container.replace(/[-*\d.)]/g, ' ');
      const md = `${before}${container}${fence}${lang}${attrs}\n${inside}a = rect\n${inside}${fence}\n`;
      assert.equal(mayHoldDiagramFence(md), true, md);
      assert.equal(extractDiagramFences(md).length, 1, md);
    }),
    { numRuns: 300 },
  );
});
