import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { join } from 'node:path';
import { layoutText, lineHeightFor, measureText } from '../../../src/core/layout';
import { interMetrics } from '../../../src/core/layout/fontMetrics.generated';

// opentype.js ships no type declarations; its CommonJS build is loaded as-is.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const opentype = require('opentype.js') as {
  parse(buffer: ArrayBuffer): OpenTypeFont;
};
interface OpenTypeGlyph {
  advanceWidth: number;
}
interface OpenTypeFont {
  unitsPerEm: number;
  hasChar(c: string): boolean;
  charToGlyph(c: string): OpenTypeGlyph;
  stringToGlyphs(s: string): OpenTypeGlyph[];
  getAdvanceWidth(text: string, fontSize: number, options?: object): number;
}

function loadFont(file: string): OpenTypeFont {
  const buf = readFileSync(join(__dirname, '../../../media/fonts', file));
  const font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  // opentype.js 2.0's shaping throws on one of Inter's ccmp lookups ("lookupType: 6 -
  // substFormat: 2 is not yet supported") for every string, so map characters to glyphs
  // one to one, as measureText does; getAdvanceWidth still applies the font's kerning.
  font.stringToGlyphs = (s: string) => Array.from(s, (ch) => font.charToGlyph(ch));
  return font;
}

const fonts = { 400: loadFont('Inter-Regular.ttf'), 600: loadFont('Inter-SemiBold.ttf') } as const;

const samples = [
  'Load Balancer',
  'API Gateway (v2)',
  'Postgres primary → replica',
  'Clientes móveis — São Paulo',
  'Ärger über Öl, Straße, œuvre, ŁÓDŹ',
  'AVATAR To Water, Type: "quoted" & 100%',
  'kubernetes-ingress-controller.example.com/path?q=1',
  '{ "json": [1, 2, 3] } <tag/> #hash @user ~tilde',
  'WWWWWWWWWW iiiiiiiiii',
  '€ 12,50 · “curly” ‘quotes’ … ⇄ ↑↓',
];

describe('measureText', () => {
  for (const weight of [400, 600] as const) {
    for (const size of [12, 14, 17]) {
      it(`matches opentype.js getAdvanceWidth within 1% (weight ${weight}, ${size}px)`, () => {
        for (const text of samples) {
          const expected = fonts[weight].getAdvanceWidth(text, size);
          const actual = measureText(text, size, weight);
          assert.ok(Math.abs(actual - expected) <= expected * 0.01, `${JSON.stringify(text)}: ${actual} vs ${expected}`);
        }
      });
    }
  }

  it('stores the exact advance of every glyph of the stored blocks', () => {
    for (const weight of [400, 600] as const) {
      const font = fonts[weight];
      assert.equal(interMetrics[weight].unitsPerEm, font.unitsPerEm);
      for (const { start, advances } of interMetrics[weight].ranges) {
        advances.forEach((advance, i) => {
          const ch = String.fromCodePoint(start + i);
          assert.equal(advance, font.hasChar(ch) ? font.charToGlyph(ch).advanceWidth : -1, `U+${(start + i).toString(16)}`);
        });
      }
    }
  });

  it('is zero for empty text and scales linearly with the font size', () => {
    assert.equal(measureText('', 14, 400), 0);
    const at10 = measureText('Gateway', 10, 400);
    assert.ok(Math.abs(measureText('Gateway', 20, 400) - 2 * at10) < 1e-9);
  });

  it('makes semibold wider than regular', () => {
    assert.ok(measureText('Message queue', 14, 600) > measureText('Message queue', 14, 400));
  });

  it('gives CJK characters one em and other unknown characters a letter-like width', () => {
    assert.equal(measureText('数据库', 14, 400), 3 * 14);
    assert.equal(measureText('한', 20, 600), 20);
    const cyrillic = measureText('б', 14, 400);
    assert.ok(cyrillic > 0.3 * 14 && cyrillic < 0.9 * 14, `fallback width ${cyrillic}`);
  });

  it('ignores combining marks and control characters, and counts a tab as a space', () => {
    assert.equal(measureText('e\u0301', 14, 400), measureText('e', 14, 400));
    assert.equal(measureText('a\u200bb', 14, 400), measureText('ab', 14, 400));
    assert.equal(measureText('a\tb', 14, 400), measureText('a b', 14, 400));
  });
});

describe('layoutText', () => {
  const opts = { fontSize: 14, weight: 400 as const, maxWidth: 160 };

  it('breaks at every explicit \\n', () => {
    const block = layoutText('API\nGateway\nv2', opts);
    assert.deepEqual(block.lines, ['API', 'Gateway', 'v2']);
    assert.equal(block.lineHeight, lineHeightFor(14));
    assert.equal(block.height, 3 * block.lineHeight);
    const widest = Math.max(...block.lines.map((l) => measureText(l, 14, 400)));
    assert.ok(block.width >= widest && block.width - widest < 0.011);
  });

  it('keeps an empty paragraph as an empty line', () => {
    assert.deepEqual(layoutText('a\n\nb', opts).lines, ['a', '', 'b']);
  });

  it('wraps a long label on word boundaries within maxWidth', () => {
    const text = 'The quick brown fox jumps over the lazy dog while the load balancer spreads requests';
    const block = layoutText(text, opts);
    assert.ok(block.lines.length >= 3, `${block.lines.length} lines`);
    for (const line of block.lines) assert.ok(measureText(line, 14, 400) <= 160, line);
    assert.equal(block.lines.join(' '), text);
    // Greedy: the next line's first word would not have fitted on the previous line.
    for (let i = 1; i < block.lines.length; i++) {
      const firstWord = block.lines[i]!.split(' ')[0]!;
      assert.ok(measureText(`${block.lines[i - 1]} ${firstWord}`, 14, 400) > 160);
    }
  });

  it('collapses runs of spaces and trims lines', () => {
    assert.deepEqual(layoutText('  a    b  ', opts).lines, ['a b']);
  });

  it('breaks a word longer than maxWidth, preferring a break after - or /', () => {
    const word = 'averyveryverylongidentifierwithoutanyspacesinsideitatall';
    const block = layoutText(word, { ...opts, maxWidth: 100 });
    assert.ok(block.lines.length > 1);
    for (const line of block.lines) assert.ok(measureText(line, 14, 400) <= 100, line);
    assert.equal(block.lines.join(''), word);

    const dashed = layoutText('payments-service-primary-replica', { ...opts, maxWidth: 120 });
    assert.ok(dashed.lines.length > 1);
    for (const line of dashed.lines.slice(0, -1)) assert.ok(line.endsWith('-'), line);
    assert.equal(dashed.lines.join(''), 'payments-service-primary-replica');
  });

  it('gives an empty label no lines and no size', () => {
    const block = layoutText('', opts);
    assert.deepEqual(block.lines, []);
    assert.equal(block.width, 0);
    assert.equal(block.height, 0);
  });

  it('never splits a surrogate pair', () => {
    const block = layoutText('😀😀😀😀😀😀', { ...opts, maxWidth: 30 });
    assert.ok(block.lines.length > 1);
    for (const line of block.lines) assert.ok(!/[\ud800-\udbff]$/.test(line) && !/^[\udc00-\udfff]/.test(line));
  });
});

/**
 * The wrapping rule written the obvious (quadratic) way: greedy on spaces; a word wider than
 * the line gives the longest head that fits (at least one character), cut after the last
 * soft break character in it when there is one.
 */
function referenceLayout(label: string, maxWidth: number): string[] {
  const fits = (s: string) => measureText(s, 14, 400) <= maxWidth;
  const soft = new Set(Array.from('-/_.:\\@&?='));
  const lines: string[] = [];
  if (label === '') return lines;
  for (const paragraph of label.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (let word of paragraph.split(/[ \t]+/).filter((w) => w.length > 0)) {
      if (line && fits(`${line} ${word}`)) {
        line = `${line} ${word}`;
        continue;
      }
      if (line) lines.push(line);
      while (!fits(word) && Array.from(word).length > 1) {
        const chars = Array.from(word);
        let end = 1;
        while (end < chars.length && fits(chars.slice(0, end + 1).join(''))) end++;
        for (let i = end; i > 0; i--) {
          if (soft.has(chars[i - 1]!)) {
            end = i;
            break;
          }
        }
        lines.push(chars.slice(0, end).join(''));
        word = chars.slice(end).join('');
      }
      line = word;
    }
    lines.push(line);
  }
  return lines;
}

describe('layoutText against the reference rule', () => {
  const pieces = ['a', 'W', 'i', 'ç', '-', '/', '.', '=', ' ', '  ', '\t', '\n', '😀', '数', 'e\u0301', '\u200b', 'abc', 'longword', 'kubernetes-ingress'];
  const labels = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((p) => p.join(''));

  it('gives the same lines and the width of the widest, for any label and width', () => {
    fc.assert(
      fc.property(labels, fc.integer({ min: 1, max: 200 }), (label, maxWidth) => {
        const block = layoutText(label, { fontSize: 14, weight: 400, maxWidth });
        assert.deepEqual(block.lines, referenceLayout(label, maxWidth));
        const widest = Math.max(0, ...block.lines.map((l) => measureText(l, 14, 400)));
        assert.ok(block.width >= widest && block.width - widest < 0.011, `${block.width} vs ${widest}`);
      }),
      { numRuns: 400 },
    );
  });

  // A hang guard, not a timing assertion: the quadratic break took minutes at this length.
  it('breaks a 200,000-character word into full lines in one pass', { timeout: 60_000 }, () => {
    const word = 'a'.repeat(200_000);
    const block = layoutText(word, { fontSize: 14, weight: 400, maxWidth: 160 });
    let perLine = 1;
    while (measureText('a'.repeat(perLine + 1), 14, 400) <= 160) perLine++;
    assert.equal(block.lines.length, Math.ceil(200_000 / perLine));
    assert.ok(block.lines.slice(0, -1).every((l) => l.length === perLine));
    assert.equal(block.lines.join(''), word);
  });

  it('breaks after a soft break character that ends the fitting head', () => {
    // The head "aa-aa-" fits exactly: it ends at its last `-`, not at the earlier one.
    const maxWidth = measureText('aa-aa-', 14, 400);
    assert.deepEqual(layoutText('aa-aa-bbbbbbbbbbbb', { fontSize: 14, weight: 400, maxWidth }).lines[0], 'aa-aa-');
  });
});
