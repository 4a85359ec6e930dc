// Fuzz target: diagram text through parse, layout and SVG. A bounded number of cases in the
// unit tests; before a release run longer: ARCHFLOW_FUZZ_RUNS=2000 node scripts/runTests.mjs test/core/render/fuzzPipeline.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDiagram } from '../../../src/core/language';
import { layoutDiagram } from '../../../src/core/layout';
import { renderSvg } from '../../../src/core/render';
import { checkXmlWellFormed } from '../../../src/core/render/xmlCheck';

const RUNS = Number(process.env.ARCHFLOW_FUZZ_RUNS ?? 25);

/** Whole statements and the characters that break them, so some inputs draw and some do not. */
const STATEMENT = fc.oneof(
  fc.constantFrom('a = rect "A"', 'b = cylinder "<DB & \'x\'>"', 'c = person "\u202eRTL"', 'g = group "G" {', '}', 'h = group {', 'direction TB', 'direction RL', 'theme dark', 'diagram "T\u0000"'),
  fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'x1'), fc.constantFrom('->', '<-', '<->', '--', '-->'), fc.constantFrom('a', 'b', 'c', 'd', 'e', 'x1'), fc.constantFrom('', ' "lbl"', ' anim=flow', ' "\ud800"', ' color=red', ' link="javascript:x"')).map((p) => p.join(' ')),
  fc.string({ maxLength: 12 }),
);
const TEXT = fc.array(STATEMENT, { maxLength: 25 }).chain((lines) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => lines.join(eol)));

test('every diagram without errors lays out and renders to well-formed SVG without NaN, unsafe links or duplicate ids', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(TEXT, async (text) => {
      const { model, diagnostics } = parseDiagram(text);
      if (diagnostics.some((d) => d.severity === 'error')) return;
      const scene = await layoutDiagram(model, {});
      const svg = renderSvg(scene, { animate: true });
      assert.equal(checkXmlWellFormed(svg), null, text);
      assert.doesNotMatch(svg, /NaN|Infinity|javascript:/, text);
      const ids = [...svg.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
      assert.equal(new Set(ids).size, ids.length, `duplicate id in ${JSON.stringify(text)}`);
    }),
    { numRuns: RUNS, seed: process.env.ARCHFLOW_FUZZ_SEED ? Number(process.env.ARCHFLOW_FUZZ_SEED) : undefined },
  );
});
