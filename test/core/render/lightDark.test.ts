import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../../../src/core/analysis';
import { layoutWithKept } from '../../../src/core/layout';
import { mergePalettes, renderLightDark, renderSvg } from '../../../src/core/render/index';
import type { Scene } from '../../../src/core/scene';
import { iconIdsOf } from '../../../src/node/diagramPipeline';
import { getIconCatalog } from '../../../src/node/iconStore';
import { benchDiagramText } from '../../../bench/markdownFences';
import { loadScene } from './sceneFactory';

const examples = join(import.meta.dirname, '../../../examples');

async function sceneOf(text: string): Promise<Scene> {
  const catalog = await getIconCatalog();
  const analysis = analyzeText(text, { catalog });
  assert.equal(analysis.counts.errors, 0);
  return layoutWithKept(analysis.model, await catalog.load(iconIdsOf(analysis.model)), undefined, {});
}

const TAG = /^<([A-Za-z][-\w:.]*)((?:\s+[A-Za-z_:][-\w:.]*="[^"]*")*)\s*(\/?)>$/;
const ATTR = /\s+([A-Za-z_:][-\w:.]*)="([^"]*)"/g;

function parse(tag: string): { name: string; attrs: Map<string, string>; selfClosing: boolean } | undefined {
  const m = TAG.exec(tag);
  if (!m) return undefined;
  return { name: m[1]!, attrs: new Map([...m[2]!.matchAll(ATTR)].map(([, k, v]) => [k!, v!] as [string, string])), selfClosing: m[3] === '/' };
}

/** `#rgb`/`#rrggbb`/`rgb(r g b / a)` with an opacity, as `r,g,b,a` (what a flood paints). */
function rgba(color: string, opacity: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(Number(opacity)).join(',');
  const fn = /^rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)$/.exec(color);
  assert.ok(fn, `a colour the test can read: ${color}`);
  return [Number(fn[1]), Number(fn[2]), Number(fn[3]), Number(fn[4]) * Number(opacity)].join(',');
}

/**
 * What an SVG draws, tag by tag: every tag with its attributes as a viewer resolves them
 * (a light-dark class's rule applied for `scheme`, the class and its <style> gone), a flood's
 * colour and opacity as one RGBA, and rectangles that paint nothing left out.
 */
function drawn(svg: string, scheme?: 'light' | 'dark'): string[] {
  const rules = new Map<string, Array<[string, string]>>();
  const style = /\n<style>((?:\.[-\w]+-ld\d+\{[^}]*\})+)<\/style>/.exec(svg);
  if (style) {
    for (const [, name, body] of style[1]!.matchAll(/\.([-\w]+)\{([^}]*)\}/g)) {
      rules.set(name!, body!.split(';').map((decl) => {
        const [prop, value] = [decl.slice(0, decl.indexOf(':')), decl.slice(decl.indexOf(':') + 1)];
        const ld = /^light-dark\(([^,]+(?:\([^)]*\))?),(.+)\)$/.exec(value);
        return [prop, ld ? (scheme === 'dark' ? ld[2]! : ld[1]!) : value] as [string, string];
      }));
    }
    svg = svg.replace(style[0], '');
  }
  const out: string[] = [];
  for (const part of svg.split(/(<[^>]*>)/)) {
    const t = part.startsWith('<') && !part.startsWith('</') ? parse(part) : undefined;
    if (!t) {
      out.push(part);
      continue;
    }
    const classes = (t.attrs.get('class') ?? '').split(' ').filter(Boolean);
    for (const c of classes) for (const [k, v] of rules.get(c) ?? []) t.attrs.set(k, v);
    const kept = classes.filter((c) => !rules.has(c));
    if (kept.length) t.attrs.set('class', kept.join(' '));
    else t.attrs.delete('class');
    if (t.name === 'feFlood') {
      t.attrs.set('flood-color', rgba(t.attrs.get('flood-color') ?? '#000000', t.attrs.get('flood-opacity') ?? '1'));
      t.attrs.delete('flood-opacity');
    }
    const fill = t.attrs.get('fill');
    if (t.name === 'rect' && (fill === 'none' || fill === 'transparent') && !t.attrs.has('stroke')) continue;
    out.push(`<${t.name}${[...t.attrs].map(([k, v]) => ` ${k}="${v}"`).join('')}${t.selfClosing ? '/' : ''}>`);
  }
  return out.join('').split(/(?=<)/);
}

function assertMergesBoth(scene: Scene, animate: boolean): string {
  const svgs = renderLightDark(scene, { animate });
  const prefix = /aria-labelledby="([^"]+)-title"/.exec(svgs.light)![1]!;
  assert.equal(svgs.light, renderSvg(scene, { theme: 'light', animate }), 'the light drawing is the one renderSvg makes');
  assert.equal(svgs.dark, renderSvg(scene, { theme: 'dark', animate, idPrefix: prefix }));
  assert.ok(svgs.both, 'the two palettes merge');
  assert.deepEqual(drawn(svgs.both, 'light'), drawn(svgs.light));
  assert.deepEqual(drawn(svgs.both, 'dark'), drawn(svgs.dark));
  // Rules, never inline styles (the renderer's own animation timings aside): the preview's high-contrast rules must keep winning.
  assert.equal(svgs.both.match(/ style="/g)?.length, svgs.light.match(/ style="/g)?.length);
  // The layers keep the class ending the high-contrast selectors match.
  for (const layer of ['groups', 'edges', 'nodes']) assert.match(svgs.both, new RegExp(`<g class="${prefix}-${layer}"/?>`));
  assert.equal(svgs.both.match(/<svg /g)?.length, 1);
  return svgs.both;
}

describe('renderLightDark: one drawing for both palettes', () => {
  for (const file of readdirSync(examples).filter((f) => f.endsWith('.diagram')).sort()) {
    it(`draws examples/${file} as renderSvg does in each palette`, async () => {
      const scene = await sceneOf(readFileSync(join(examples, file), 'utf8'));
      for (const animate of [true, false]) assertMergesBoth(scene, animate);
    });
  }

  it("draws the Markdown benchmark's fences as renderSvg does in each palette, in about half the bytes of two", async () => {
    for (let seed = 0; seed < 10; seed++) {
      const scene = await sceneOf(benchDiagramText(100 + seed, 20));
      const both = assertMergesBoth(scene, true);
      const { light, dark } = renderLightDark(scene, { animate: true });
      assert.ok(both.length < 0.6 * (light.length + dark.length), `${both.length} bytes against ${light.length} + ${dark.length}`);
    }
  });

  it('draws the fixture scenes (icons without a catalog, custom colours) as renderSvg does', () => {
    for (const name of ['architecture', 'shapes']) assertMergesBoth(loadScene(name), true);
  });

  it('keeps a plate only one palette draws, transparent in the other', () => {
    const light = '<svg aria-labelledby="p-title"><title id="p-title">D</title>\n<g><use href="#i" color="#334155"/></g></svg>';
    const dark = '<svg aria-labelledby="p-title"><title id="p-title">D</title>\n<g><rect x="1" y="2" width="3" height="4" rx="1" fill="#e2e8f0"/><use href="#i" color="#cbd5e1"/></g></svg>';
    const both = mergePalettes(light, dark, 'p')!;
    assert.match(both, /<rect x="1" y="2" width="3" height="4" rx="1" fill="none" class="p-ld0"\/>/);
    assert.match(both, /\.p-ld0\{fill:light-dark\(transparent,#e2e8f0\)\}/);
    assert.deepEqual(drawn(both, 'light'), drawn(light));
    assert.deepEqual(drawn(both, 'dark'), drawn(dark));
  });

  it('gives up when the palettes differ in more than colours', () => {
    const svg = (text: string, fill: string, extra = '') => `<svg aria-labelledby="p-title"><title id="p-title">D</title>\n<text fill="${fill}"${extra}>${text}</text></svg>`;
    assert.equal(mergePalettes(svg('a', '#000'), svg('b', '#fff'), 'p'), undefined, 'a different text');
    assert.equal(mergePalettes(svg('a', '#000', ' x="1"'), svg('a', '#fff', ' x="2"'), 'p'), undefined, 'a different position');
    assert.equal(mergePalettes(svg('a', '#000'), svg('a', 'none'), 'p'), undefined, 'a paint that is no colour');
    assert.equal(mergePalettes(svg('a', '#000'), svg('a', '#000', ' opacity="0.5"'), 'p'), undefined, 'an attribute only one has');
    const styled = (c: string) => `<svg aria-labelledby="p-title"><title id="p-title">D</title><style>.p-x{fill:${c}}</style></svg>`;
    assert.equal(mergePalettes(styled('#000'), styled('#fff'), 'p'), undefined, 'a colour inside a <style>');
  });

  it('adds its class first, before a class the tag has, and one rule per distinct pair of colours', () => {
    const svg = (a: string, b: string) =>
      `<svg aria-labelledby="p-title"><title id="p-title">D</title>\n<path class="p-flow" stroke="${a}"/><path stroke="${a}"/><rect fill="${b}" stroke="${a}"/></svg>`;
    const both = mergePalettes(svg('#111111', '#222222'), svg('#eeeeee', '#dddddd'), 'p')!;
    assert.match(both, /<path class="p-ld0 p-flow" stroke="#111111"\/><path stroke="#111111" class="p-ld0"\/><rect fill="#222222" stroke="#111111" class="p-ld1"\/>/);
    assert.match(both, /<style>\.p-ld0\{stroke:light-dark\(#111111,#eeeeee\)\}\.p-ld1\{fill:light-dark\(#222222,#dddddd\);stroke:light-dark\(#111111,#eeeeee\)\}<\/style>/);
  });
});
