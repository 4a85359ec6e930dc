import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../../src/core/analysis';
import { extractDiagramFences } from '../../../src/core/markdown';
import { TextLayouts } from '../../../src/extension/documents/textLayouts';

/** A Markdown document of `count` diagram fences of a few nodes each, with prose between them. */
function markdown(count: number, edit?: { fence: number; line: string }): string {
  const parts = ['# Architecture', ''];
  for (let f = 0; f < count; f++) {
    parts.push(`Section ${f} explains the part below.`, '', '```diagram');
    for (let k = 0; k < 5; k++) parts.push(`f${f}n${k} = rect "Service ${k}"`);
    for (let k = 1; k < 5; k++) parts.push(`f${f}n${k - 1} -> f${f}n${k}`);
    if (edit?.fence === f) parts.push(edit.line);
    parts.push('```', '');
  }
  return parts.join('\n');
}

function counting() {
  const laidOut: string[] = [];
  const layouts = new TextLayouts(
    400,
    (text) => analyzeText(text),
    async (text, analysis) => {
      laidOut.push(text);
      return analysis.model.elements.length;
    },
  );
  const drawAll = (md: string) => Promise.all(extractDiagramFences(md).map((f) => layouts.scene(f.text)));
  return { laidOut, drawAll, layouts };
}

describe('TextLayouts (Markdown fences)', () => {
  it('an edit inside one fence re-lays out that fence only', async () => {
    const { laidOut, drawAll } = counting();
    await drawAll(markdown(10));
    assert.equal(laidOut.length, 10);
    laidOut.length = 0;
    const scenes = await drawAll(markdown(10, { fence: 3, line: 'f3n9 = rect "New"' }));
    assert.equal(laidOut.length, 1, 'one layout for one edited fence');
    assert.match(laidOut[0]!, /f3n9/);
    assert.equal(scenes[3], 6, 'the edited fence is drawn from its new text');
    assert.equal(scenes[4], 5);
  });

  it('prose edited around the fences and a fence moved elsewhere lay nothing out again', async () => {
    const { laidOut, drawAll } = counting();
    const md = markdown(4);
    await drawAll(md);
    laidOut.length = 0;
    const fences = md.split('```diagram');
    await drawAll(['# A new title\n\nMore prose.', ...fences.slice(1).reverse()].join('```diagram'));
    await drawAll(md.replace('Section 2 explains', 'Section two explains'));
    assert.equal(laidOut.length, 0);
  });

  it('a text is parsed once and parsed again only after resetAnalyses; its drawing is kept', async () => {
    let parses = 0;
    let draws = 0;
    const layouts = new TextLayouts(
      10,
      (text) => (parses++, analyzeText(text)),
      async () => draws++,
    );
    const text = 'a -> b\n';
    layouts.analysis(text);
    await layouts.scene(text);
    assert.deepEqual([parses, draws], [1, 1]);
    layouts.resetAnalyses();
    layouts.analysis(text);
    await layouts.scene(text);
    assert.deepEqual([parses, draws], [2, 1]);
  });

  it('past its size the least recently used text is dropped and laid out again when it returns', async () => {
    let draws = 0;
    const layouts = new TextLayouts(2, (text) => analyzeText(text), async () => ++draws);
    await layouts.scene('a -> b\n');
    await layouts.scene('c -> d\n');
    await layouts.scene('a -> b\n'); // most recent again: c -> d is now the oldest
    await layouts.scene('e -> f\n');
    assert.equal(draws, 3);
    await layouts.scene('a -> b\n');
    assert.equal(draws, 3, 'kept');
    await layouts.scene('c -> d\n');
    assert.equal(draws, 4, 'dropped, so laid out again');
  });

  it('a text drawn as a fence and as a diagram file is laid out once for each, told which', async () => {
    const asked: boolean[] = [];
    const layouts = new TextLayouts(10, (text) => analyzeText(text), async (_text, _analysis, _kept, fence) => (asked.push(fence), fence ? 'fence' : 'file'));
    assert.equal(await layouts.scene('a -> b\n', undefined, true), 'fence');
    assert.equal(await layouts.scene('a -> b\n'), 'file');
    assert.equal(await layouts.scene('a -> b\n', undefined, true), 'fence');
    assert.deepEqual(asked, [true, false]);
  });
});
