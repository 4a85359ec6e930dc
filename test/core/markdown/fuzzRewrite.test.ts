// Fuzz target: Markdown rewriting (the `render -o OUT.md` copy). A bounded number of cases in
// the unit tests; before a release run longer: ARCHFLOW_FUZZ_RUNS=5000 node scripts/runTests.mjs test/core/markdown/fuzzRewrite.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { extractDiagramFences, replaceFences } from '../../../src/core/markdown';

const RUNS = Number(process.env.ARCHFLOW_FUZZ_RUNS ?? 300);

const PIECE = fc.constantFrom(
  '```diagram id=a', '~~~diagram', '```', '~~~', '````diagram', '````', 'a -> b', '  c -> d', '',
  '- ', '* ', '1. ', '> ', '>> ', '  ', '    ', 'Some **bold** text', '<div>', '</div>', '# Title', 'para', '\t',
);
const LINE = fc.array(PIECE, { minLength: 1, maxLength: 3 }).map((p) => p.join(''));
const DOC = fc
  .tuple(fc.array(fc.tuple(LINE, fc.constantFrom('\n', '\n', '\n', '\r\n', '\r')), { maxLength: 30 }), fc.boolean())
  .map(([lines, finalBreak]) => {
    const text = lines.map(([l, eol]) => l + eol).join('');
    return finalBreak ? text : text.replace(/(\r\n|\r|\n)$/, '');
  });

const md = new MarkdownIt('commonmark');
/** The document's blocks other than its diagram fences, as CommonMark reads them. */
function otherBlocks(text: string): string[] {
  return md
    .parse(text, {})
    .filter((t) => t.type === 'inline' || t.type === 'html_block' || (t.type === 'fence' && !/^(diagram|archflow)\b/i.test(t.info)) || t.type === 'code_block')
    .map((t) => `${t.type}:${t.content}`);
}

test('the copy keeps every diagram fence and every other block; inserted lines add only the images and <details>', () => {
  fc.assert(
    fc.property(DOC, (doc) => {
      const fences = extractDiagramFences(doc).filter((f) => f.closed);
      const copy = replaceFences(doc, fences, (f) => ({ before: [`![d${f.index}](d/${f.index}.svg)`, '', '<details>', '<summary>Diagram source</summary>', ''], after: ['', '</details>', ''] }));
      const after = extractDiagramFences(copy);
      assert.deepEqual(
        after.map((f) => f.text),
        extractDiagramFences(doc).map((f) => f.text),
        JSON.stringify(doc),
      );
      const added = new Set(['<details>', '<summary>Diagram source</summary>', ...fences.map((f) => `![d${f.index}](d/${f.index}.svg)`)]);
      const others = otherBlocks(copy).filter((b) => ![...added].some((a) => b.includes(a)) && !/^html_block:\s*<\/details>\s*$/.test(b));
      assert.deepEqual(others, otherBlocks(doc), JSON.stringify(doc));
    }),
    { numRuns: RUNS, seed: process.env.ARCHFLOW_FUZZ_SEED ? Number(process.env.ARCHFLOW_FUZZ_SEED) : undefined },
  );
});
