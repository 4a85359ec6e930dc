/**
 * Over-long labels (a pasted base64 blob, a minified URL): one unbroken word of 20k, 50k and
 * 200k characters against the same characters with a space every eighth, measured in turn
 * in the same run. Two figures per length: the whole render (parse, layout and SVG: what the
 * CLI, the preview and the MCP server pay; past MAX_LABEL_LENGTH the label is drawn
 * shortened), and wrapping alone on the whole text (layoutText, no shortening), which must
 * stay linear in the label's length.
 */
import { parseDiagram } from '../src/core/language';
import { layoutDiagram, layoutText, NODE_FONT_WEIGHT, NODE_METRICS } from '../src/core/layout';
import { renderSvg } from '../src/core/render';
import { rng } from '../test/core/layout/builders';
import { timePair, type BenchRow } from './measure';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** `length` characters of base64, the same every run. */
function blob(length: number): string {
  const rand = rng(length);
  let out = '';
  for (let i = 0; i < length; i++) out += BASE64[Math.floor(rand() * BASE64.length)];
  return out;
}

export async function benchLongLabels(options: { lengths: number[] }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const m = NODE_METRICS.medium;
  for (const length of options.lengths) {
    const unbroken = blob(length);
    const spaced = unbroken.replace(/(.{7})./g, '$1 ');
    const diagram = (label: string) => `a = rect "${label}"\nb = rect "B"\na -> b "${label}"\n`;
    const render = (text: string) => async () => {
      const { model } = parseDiagram(text);
      renderSvg(await layoutDiagram(model, {}));
    };
    const runs = length >= 200_000 ? 5 : 9;
    const whole = await timePair(render(diagram(unbroken)), render(diagram(spaced)), runs);
    rows.push({
      name: `${length / 1000}k-char word: parse+layout+svg`,
      medianMs: whole.a.medianMs,
      baselineMs: whole.b.medianMs,
      ratio: whole.ratio,
      note: 'vs the same length with spaces, interleaved',
    });
    const wrap = (label: string) => () => layoutText(label, { fontSize: m.fontSize, weight: NODE_FONT_WEIGHT, maxWidth: m.maxLabelWidth });
    // A few milliseconds each: more pairs, so the median ratio settles.
    const wrapped = await timePair(wrap(unbroken), wrap(spaced), 25);
    rows.push({
      name: `${length / 1000}k-char word: wrap whole text`,
      medianMs: wrapped.a.medianMs,
      baselineMs: wrapped.b.medianMs,
      ratio: wrapped.ratio,
      note: 'layoutText without shortening, vs the same length with spaces',
    });
  }
  return rows;
}
