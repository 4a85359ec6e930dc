import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkXmlWellFormed, escapeXml, groupColors, nodeColors, renderSvg, THEMES } from '../../../src/core/render/index';
import { ELLIPSIS, MAX_LABEL_LENGTH } from '../../../src/core/labelLimit';
import type { Shape } from '../../../src/core/model';
import { parseDiagram } from '../../../src/core/language';
import { GROUP_METRICS, layoutDiagram } from '../../../src/core/layout';
import type { Scene } from '../../../src/core/scene';
import { idsOf, loadScene, makeEdge, makeNode, makeScene, referencesOf, textBlock } from './sceneFactory';

const ALL_SHAPES: Shape[] = ['rectangle', 'rounded', 'circle', 'diamond', 'cylinder', 'cloud', 'hexagon', 'person', 'document', 'queue', 'note', 'text', 'icon'];

function assertWellFormed(svg: string): void {
  assert.equal(checkXmlWellFormed(svg), null, 'SVG is not well-formed XML');
}

/** The `<g data-id="id" …>…</g>` of a node, up to the next node (nodes do not nest). */
function nodeMarkup(svg: string, id: string): string {
  const start = svg.indexOf(`data-id="${id}"`);
  assert.ok(start >= 0, `node ${id} not found`);
  const next = svg.indexOf('data-id=', start + 1);
  return svg.slice(start, next < 0 ? undefined : next);
}

/** Checks the safety guarantees every output must keep, whatever the input. */
function assertSafe(svg: string): void {
  assert.doesNotMatch(svg, /<script/i);
  assert.doesNotMatch(svg, /<foreignObject/i);
  assert.doesNotMatch(svg, /\son[a-z]+\s*=/i, 'event attribute');
  assert.doesNotMatch(svg, /@import/i);
  assert.doesNotMatch(svg, /javascript:/i);
  for (const m of svg.matchAll(/url\(([^)]*)\)/g)) assert.match(m[1]!, /^#/, `external url(${m[1]})`);
  for (const m of svg.matchAll(/<(\w+)[^>]*?\s(?:xlink:)?href="([^"]*)"/g)) {
    if (m[1] === 'a') assert.match(m[2]!, /^(https?:\/\/|mailto:)/, `link ${m[2]}`);
    else assert.match(m[2]!, /^#/, `external href on <${m[1]}>: ${m[2]}`);
  }
  assert.doesNotMatch(svg, /\ssrc=/i);
}

function assertIdsPrefixed(svg: string, prefix: string): void {
  const ids = idsOf(svg);
  assert.ok(ids.length > 0);
  for (const id of ids) assert.ok(id.startsWith(`${prefix}-`), `id ${id} lacks prefix ${prefix}`);
  assert.equal(new Set(ids).size, ids.length, 'ids are not unique');
  const known = new Set(ids);
  for (const ref of referencesOf(svg)) assert.ok(known.has(ref), `dangling reference #${ref}`);
  for (const m of svg.matchAll(/\sclass="([^"]*)"/g)) {
    for (const cls of m[1]!.split(/\s+/)) assert.ok(cls.startsWith(`${prefix}-`), `class ${cls} lacks prefix`);
  }
}

test('fixtures render as well-formed, safe SVG with prefixed unique ids', () => {
  for (const name of ['shapes', 'architecture']) {
    const scene = loadScene(name);
    for (const animate of [true, false]) {
      for (const theme of ['light', 'dark'] as const) {
        const svg = renderSvg(scene, { theme, animate, idPrefix: 'fx' });
        assertWellFormed(svg);
        assertSafe(svg);
        assertIdsPrefixed(svg, 'fx');
      }
    }
  }
});

test('the root is an accessible, sized svg titled by the scene title', () => {
  const scene = loadScene('architecture');
  const svg = renderSvg(scene, { idPrefix: 'a' });
  const root = /^<svg[^>]*>/.exec(svg)![0];
  assert.match(root, /role="img"/);
  assert.match(root, /aria-labelledby="a-title"/);
  assert.match(root, /xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(root, /font-family="Inter, 'Segoe UI', system-ui, sans-serif"/);
  assert.match(svg, /<title id="a-title">Load balancer<\/title>/);
  const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(root)!;
  assert.ok(Number(w) >= scene.width);
  assert.ok(Number(h) > scene.height, 'the title band adds height');
  // The title is also drawn as text.
  assert.equal((svg.match(/>Load balancer</g) ?? []).length, 2);

  const untitled = renderSvg(makeScene({ nodes: [makeNode('a', 10, 10)] }), { idPrefix: 'u' });
  assert.match(untitled, /<title id="u-title">Diagram<\/title>/);
  assert.match(untitled, /height="300"/, 'no title band without a title');
});

test('output is byte-identical for the same input, and the default prefix is a stable hash', () => {
  const scene = loadScene('architecture');
  const first = renderSvg(scene);
  assert.equal(renderSvg(structuredClone(scene)), first);
  const prefix = /aria-labelledby="([^"]+)-title"/.exec(first)![1]!;
  assert.match(prefix, /^[A-Za-z][\w-]*$/);
  assertIdsPrefixed(first, prefix);
  const other = renderSvg(loadScene('shapes'));
  const otherPrefix = /aria-labelledby="([^"]+)-title"/.exec(other)![1]!;
  assert.notEqual(otherPrefix, prefix);
  assert.equal(renderSvg(scene, { theme: 'dark' }), renderSvg(scene, { theme: 'dark' }));
});

test('numbers are printed with at most two decimals', () => {
  const scene = makeScene({
    nodes: [makeNode('a', 10.123456, 20.987654, { width: 100.33333, height: 50.55555 })],
    edges: [makeEdge('c0', 'a', 'b', [{ x: 1 / 3, y: 2 / 3 }, { x: 200.1234, y: 2 / 3 }, { x: 200.1234, y: 99.9999 }])],
  });
  const svg = renderSvg(scene, { idPrefix: 'n' });
  assert.doesNotMatch(svg, /\d\.\d{3,}/);
  assert.doesNotMatch(svg, /NaN|Infinity|[\s",(MLHVQCAZ]-0(?![.\d])/);
});

test('every shape renders: outlined shapes draw a path, text and icon draw none', () => {
  const nodes = ALL_SHAPES.map((shape, i) =>
    makeNode(`n_${shape}`, 20 + (i % 5) * 170, 20 + Math.floor(i / 5) * 120, { shape, ...(shape === 'icon' ? { icon: 'x:y', iconBox: { x: 0, y: 0, size: 40 } } : {}) }),
  );
  const svg = renderSvg(makeScene({ width: 900, height: 400, nodes, icons: { 'x:y': null } }), { idPrefix: 's' });
  assertWellFormed(svg);
  for (const shape of ALL_SHAPES) {
    const markup = nodeMarkup(svg, `n_${shape}`);
    assert.match(markup, new RegExp(`>n_${shape}<`), `${shape} has its label`);
    const outlined = /<path d="M[^"]+"[^>]*filter="url\(#s-shadow\)"/.test(markup);
    assert.equal(outlined, shape !== 'text' && shape !== 'icon', `${shape} outline`);
  }
  // Decorated shapes carry their extra strokes (rim, folded corner, curl).
  for (const shape of ['cylinder', 'queue', 'document', 'note']) {
    assert.equal((nodeMarkup(svg, `n_${shape}`).match(/<path /g) ?? []).length, 2, `${shape} decoration`);
  }
  assert.match(nodeMarkup(svg, 'n_icon'), /<use href="#s-icon-missing"/);
});

test('notes use the sticky-note palette and implicit nodes a dashed border', () => {
  const scene = makeScene({ nodes: [makeNode('memo', 10, 10, { shape: 'note' }), makeNode('ghost', 200, 10, { implicit: true })] });
  const svg = renderSvg(scene, { idPrefix: 'x' });
  assert.match(nodeMarkup(svg, 'memo'), new RegExp(`fill="${THEMES.light.note.fill}"`));
  assert.match(nodeMarkup(svg, 'ghost'), /stroke-dasharray="5 4"/);
  assert.doesNotMatch(nodeMarkup(svg, 'memo'), /stroke-dasharray/);
});

test('each icon is inlined once as a symbol however often it is used', () => {
  const body = '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><path fill="url(#g)" d="M0 0h24v24H0z"/>';
  const nodes = Array.from({ length: 6 }, (_, i) =>
    makeNode(`n${i}`, 10 + i * 150, 10, { icon: i % 2 ? 'logos:a' : 'lucide:b', iconBox: { x: 20 + i * 150, y: 20, size: 24 } }),
  );
  const scene = makeScene({
    width: 1000,
    nodes,
    groups: [{ id: 'g', size: 'medium', x: 0, y: 0, width: 1000, height: 100, label: textBlock('G'), labelPosition: { x: 30, y: 4 }, icon: 'logos:a', iconBox: { x: 4, y: 4, size: 16 }, depth: 0, line: 1 }],
    icons: { 'logos:a': { body, width: 24, height: 24 }, 'lucide:b': { body: '<path fill="currentColor" d="M1 1h2v2H1z"/>', width: 24, height: 24 }, 'unused:c': { body: '<path d="M0 0"/>', width: 24, height: 24 } },
  });
  const svg = renderSvg(scene, { idPrefix: 'i' });
  assertWellFormed(svg);
  assertIdsPrefixed(svg, 'i');
  assert.equal((svg.match(/<symbol /g) ?? []).length, 2, 'one symbol per used icon, unused ones left out');
  assert.equal((svg.match(/<use /g) ?? []).length, 7);
  assert.equal((svg.match(/linearGradient id=/g) ?? []).length, 1);
  // Ids inside icon bodies are renamed, and references follow.
  assert.match(svg, /<linearGradient id="i-icon-0-0">/);
  assert.match(svg, /fill="url\(#i-icon-0-0\)"/);
  assert.doesNotMatch(svg, /missing/, 'no placeholder when every icon resolves');
});

test('an unknown icon draws one shared placeholder symbol', () => {
  const scene = makeScene({
    nodes: [
      makeNode('a', 10, 10, { icon: 'nope:one', iconBox: { x: 20, y: 20, size: 24 } }),
      makeNode('b', 200, 10, { icon: 'nope:two', iconBox: { x: 210, y: 20, size: 24 } }),
      makeNode('c', 400, 10, { icon: 'not:listed', iconBox: { x: 410, y: 20, size: 24 } }),
    ],
    icons: { 'nope:one': null, 'nope:two': null },
  });
  const svg = renderSvg(scene, { idPrefix: 'q' });
  assertWellFormed(svg);
  assert.equal((svg.match(/<symbol id="q-icon-missing"/g) ?? []).length, 1);
  assert.equal((svg.match(/<use href="#q-icon-missing"/g) ?? []).length, 3);
});

const HOSTILE = [`<script>alert("x")</script>`, `"double" & 'single'`, `]]> & <![CDATA[`, `a\u0000b\u0007c`];

function hostileScene(): Scene {
  const evilBody =
    '<script>alert(1)</script><g onload="alert(2)" onclick=\'x()\'><image href="http://evil.example/x.png" width="4" height="4"/>' +
    '<use xlink:href="https://evil.example/s.svg#a"/><path style="fill:url(http://evil.example/p)" d="M0 0h4v4z"/><style>@import url(https://evil.example/c.css);</style></g>';
  return makeScene({
    title: HOSTILE[0],
    nodes: HOSTILE.map((text, i) =>
      makeNode(`n${i}`, 10 + i * 150, 10, {
        label: textBlock(text),
        tooltip: text,
        link: i === 0 ? 'javascript:alert(1)' : i === 1 ? `https://example.com/?a=1&b="2"<x>` : i === 2 ? ' JavaScript:alert(1)' : 'mailto:ops@example.com',
        color: i === 0 ? 'url(http://evil.example/c)' : undefined,
        fill: i === 1 ? 'red;stroke:url(http://evil.example/f)' : undefined,
        icon: 'evil:icon',
        iconBox: { x: 20 + i * 150, y: 20, size: 16 },
      }),
    ),
    groups: [{ id: 'g"<&', size: 'medium', x: 0, y: 0, width: 600, height: 100, label: textBlock(HOSTILE[1]!), labelPosition: { x: 10, y: 4 }, tooltip: HOSTILE[2], link: 'data:text/html,<script>', depth: 0, line: 1 }],
    edges: [makeEdge('c"0', 'n0', 'n1', [{ x: 150, y: 40 }, { x: 160, y: 40 }], { label: textBlock(HOSTILE[0]!), labelPosition: { x: 100, y: 60 }, color: 'expression(alert(1))', anim: 'packets' })],
    icons: { 'evil:icon': { body: evilBody, width: 4, height: 4 } },
  });
}

test('labels, tooltips, titles and ids are escaped; unsafe links, colours and icon content are dropped', () => {
  const svg = renderSvg(hostileScene(), { idPrefix: 'h' });
  assertWellFormed(svg);
  assertSafe(svg);
  assertIdsPrefixed(svg, 'h');
  assert.match(svg, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
  assert.match(svg, /&quot;double&quot; &amp; &apos;single&apos;/);
  assert.match(svg, /\]\]&gt; &amp; &lt;!\[CDATA\[/);
  assert.match(svg, />abc</, 'characters XML forbids are dropped');
  assert.match(svg, /data-id="g&quot;&lt;&amp;"/);
  assert.match(svg, /<title>\]\]&gt; &amp; &lt;!\[CDATA\[<\/title>/, 'tooltip as <title>');
  // Safe links survive (escaped); javascript: and data: never appear.
  assert.match(svg, /<a href="https:\/\/example\.com\/\?a=1&amp;b=&quot;2&quot;&lt;x&gt;" target="_blank">/);
  assert.match(svg, /<a href="mailto:ops@example\.com"/);
  assert.equal((svg.match(/<a /g) ?? []).length, 2);
  assert.doesNotMatch(svg, /data:text/);
  assert.doesNotMatch(svg, /evil\.example/);
  assert.doesNotMatch(svg, /expression\(/);
});

test('two prefixes give disjoint ids, so SVGs can share one page', () => {
  const scene = loadScene('architecture');
  const a = new Set(idsOf(renderSvg(scene, { idPrefix: 'one' })));
  const b = idsOf(renderSvg(scene, { idPrefix: 'two' }));
  assert.ok(b.length > 10);
  for (const id of b) assert.ok(!a.has(id), `${id} in both`);
  // Unsafe characters in a prefix are replaced rather than breaking ids or CSS.
  const odd = renderSvg(scene, { idPrefix: '9 "x"' });
  assertWellFormed(odd);
  for (const id of idsOf(odd)) assert.match(id, /^[A-Za-z_][\w-]*$/);
});

test('animations: packets ride the path, flow and pulse use prefixed CSS, all stop under reduced motion', () => {
  const pts = [{ x: 10, y: 10 }, { x: 300, y: 10 }, { x: 300, y: 200 }];
  const scene = makeScene({
    edges: [
      makeEdge('p', 'a', 'b', pts, { anim: 'packets', speed: 3 }),
      makeEdge('f', 'a', 'b', pts, { anim: 'flow', speed: 0.75 }),
      makeEdge('u', 'a', 'b', pts, { anim: 'pulse', speed: 2 }),
    ],
  });
  const svg = renderSvg(scene, { idPrefix: 'm' });
  assertWellFormed(svg);
  const style = /<style>([^<]*)<\/style>/.exec(svg)![1]!;
  assert.match(style, /@media \(prefers-reduced-motion: reduce\)\{\.m-flow,\.m-pulse\{animation:none!important\}\.m-packets\{display:none\}\}/);
  assert.match(style, /@keyframes m-flow/);
  assert.match(style, /@keyframes m-pulse/);
  const motions = [...svg.matchAll(/<animateMotion ([^>]*)\/>/g)].map((m) => m[1]!);
  assert.ok(motions.length >= 2, 'several packets');
  for (const m of motions) {
    assert.match(m, /dur="3s"/);
    assert.match(m, /repeatCount="indefinite"/);
    assert.match(m, /path="M10 10L/);
  }
  assert.equal(new Set(motions.map((m) => /begin="([^"]+)"/.exec(m)![1])).size, motions.length, 'packets are spaced along the path');
  assert.match(svg, /<g class="m-packets">/);
  assert.match(svg, /class="m-pulse" style="animation-duration:2s"/);
  // Flow dashes cross the whole edge once per trip: period 12px over ~480px in 0.75 s.
  const flow = Number(/class="m-flow" style="animation-duration:([\d.]+)s"/.exec(svg)![1]);
  assert.ok(flow > 0 && flow < 0.75, `flow period ${flow}`);
  const slower = renderSvg(makeScene({ edges: [makeEdge('f', 'a', 'b', pts, { anim: 'flow', speed: 3 })] }), { idPrefix: 'm' });
  assert.ok(Number(/animation-duration:([\d.]+)s/.exec(slower)![1]) > flow, 'a slower speed gives a longer period');
});

test('animate:false emits no animation at all and leaves packets out', () => {
  const svg = renderSvg(loadScene('architecture'), { animate: false, idPrefix: 's' });
  assertWellFormed(svg);
  assert.doesNotMatch(svg, /animateMotion|<animate|<set|<style|animation|@keyframes|-packets|-pulse"/);
  // The static frame of a flow edge still shows its dashes.
  assert.match(svg, /stroke-dasharray="6 6"/);
  // No animated edge, no style sheet, even when animating.
  assert.doesNotMatch(renderSvg(makeScene({ edges: [makeEdge('e', 'a', 'b', [{ x: 0, y: 0 }, { x: 50, y: 0 }])] })), /<style/);
});

test('arrowheads follow heads, as markers in the colour of their edge', () => {
  const line = [{ x: 10, y: 10 }, { x: 200, y: 10 }];
  const scene = makeScene({
    edges: [
      makeEdge('e', 'a', 'b', line, { heads: 'end' }),
      makeEdge('b', 'a', 'b', line, { heads: 'both', color: '#e11d48' }),
      makeEdge('n', 'a', 'b', line, { heads: 'none' }),
    ],
  });
  const svg = renderSvg(scene, { idPrefix: 'k' });
  const edge = (id: string): string => /<g data-id="(?:[^"]*)">(.*?)<\/g>/.exec(svg.slice(svg.indexOf(`<g data-id="${id}"`)))![1]!;
  assert.match(edge('e'), /marker-end="url\(#k-arrow-0\)"/);
  assert.doesNotMatch(edge('e'), /marker-start/);
  assert.match(edge('b'), /marker-start="url\(#k-arrow-1-start\)" marker-end="url\(#k-arrow-1\)"/);
  assert.doesNotMatch(edge('n'), /marker/);
  const marker = (id: string): string => new RegExp(`<marker id="${id}"[^>]*>(.*?)</marker>`).exec(svg)![1]!;
  assert.match(marker('k-arrow-0'), new RegExp(`fill="${THEMES.light.edge.stroke}"`));
  assert.match(marker('k-arrow-1'), /fill="#e11d48"/);
  assert.match(marker('k-arrow-1-start'), /fill="#e11d48"/);
});

test('line styles map to dash patterns', () => {
  const line = [{ x: 10, y: 10 }, { x: 200, y: 10 }];
  const svg = renderSvg(
    makeScene({ edges: (['solid', 'dashed', 'dotted'] as const).map((style) => makeEdge(style, 'a', 'b', line, { style })) }),
    { idPrefix: 'l' },
  );
  const dash = (id: string): string | undefined => /stroke-dasharray="([^"]+)"/.exec(svg.slice(svg.indexOf(`data-id="${id}"`)).split('</g>')[0]!)?.[1];
  assert.equal(dash('solid'), undefined);
  assert.equal(dash('dashed'), '6 5');
  assert.equal(dash('dotted'), '0.5 4.5');
});

test('edge labels get a background box around their text', () => {
  const label = textBlock('SQL', 12, 400);
  const svg = renderSvg(makeScene({ edges: [makeEdge('c0', 'a', 'b', [{ x: 0, y: 50 }, { x: 300, y: 50 }], { label, labelPosition: { x: 100, y: 40 } })] }), { idPrefix: 'e' });
  const labels = /<g class="e-edge-labels">(.*?)<\/g>\n?<\/svg>|<g class="e-edge-labels">(.*)$/s.exec(svg)![0];
  assert.match(labels, new RegExp(`<rect x="100" y="40" width="${label.width + 12}" height="${Math.round((label.height + 6) * 100) / 100}" rx="5" fill="${THEMES.light.label.fill}"`));
  assert.match(labels, /<text [^>]*text-anchor="middle"[^>]*>SQL<\/text>/);
});

test('multi-line labels get one tspan per line at the given positions', () => {
  const label = textBlock('first\nsecond', 14);
  const svg = renderSvg(makeScene({ nodes: [makeNode('a', 100, 100, { label, labelPosition: { x: 120, y: 110 } })] }), { idPrefix: 't' });
  const spans = [...svg.matchAll(/<tspan x="([\d.]+)" y="([\d.]+)">(\w+)<\/tspan>/g)];
  assert.deepEqual(
    spans.map((s) => s[3]),
    ['first', 'second'],
  );
  // Relative to the node's translate(100 100): centred on the block, one line height apart.
  assert.equal(Number(spans[0]![1]), 20 + label.width / 2);
  assert.ok(Math.abs(Number(spans[1]![2]) - Number(spans[0]![2]) - label.lineHeight) < 0.011);
  assert.match(svg, /translate\(100 100\)/);
  assert.match(svg, /font-size="14" font-weight="600"/);
  assert.doesNotMatch(svg, /foreignObject/);
});

test('themes differ and the background option overrides the canvas', () => {
  const scene = loadScene('architecture');
  const light = renderSvg(scene, { theme: 'light', idPrefix: 'p' });
  const dark = renderSvg(scene, { theme: 'dark', idPrefix: 'p' });
  assert.notEqual(light, dark);
  assert.match(light, new RegExp(`<rect width="\\d+" height="\\d+" fill="${THEMES.light.canvas}"/>`));
  assert.match(dark, new RegExp(`<rect width="\\d+" height="\\d+" fill="${THEMES.dark.canvas}"/>`));
  assert.match(dark, new RegExp(`fill="${THEMES.dark.node.fill}"`));
  assert.notEqual(THEMES.light.node.fill, THEMES.dark.node.fill);
  // `auto` exports light; an explicit dark scene theme is honoured.
  assert.equal(renderSvg({ ...scene, theme: 'auto' }, { idPrefix: 'p' }), light);
  assert.equal(renderSvg({ ...scene, theme: 'dark' }, { idPrefix: 'p' }), dark);
  const transparent = renderSvg(scene, { background: 'transparent', idPrefix: 'p' });
  assert.doesNotMatch(transparent, new RegExp(`fill="${THEMES.light.canvas}"`));
  assert.match(renderSvg(scene, { background: '#123456', idPrefix: 'p' }), /<rect width="\d+" height="\d+" fill="#123456"\/>/);
  assert.match(renderSvg(scene, { background: 'url(http://x)', idPrefix: 'p' }), new RegExp(`fill="${THEMES.light.canvas}"`));
});

test('group frames are tinted by depth and show their title and icon', () => {
  const groups = [0, 1, 2].map((depth) => ({
    id: `g${depth}`,
    size: 'medium' as const,
    x: depth * 20,
    y: depth * 30,
    width: 400 - depth * 40,
    height: 200 - depth * 40,
    label: textBlock(`Tier ${depth}`, 13),
    labelPosition: { x: depth * 20 + 30, y: depth * 30 + 8 },
    depth,
    line: 1,
    ...(depth === 1 ? { icon: 'lucide:box', iconBox: { x: 30, y: 38, size: 16 } } : {}),
  }));
  const svg = renderSvg(makeScene({ groups, icons: { 'lucide:box': { body: '<path d="M0 0h1v1z"/>', width: 24, height: 24 } } }), { idPrefix: 'g' });
  const fills = groups.map((g) => new RegExp(`data-id="${g.id}"><rect [^>]*fill="([^"]+)"`).exec(svg)![1]);
  assert.deepEqual(fills, THEMES.light.groups.slice(0, 3).map((p) => p.fill));
  assert.equal(new Set(fills).size, 3);
  assert.match(svg, /<text x="50" y="[\d.]+" font-size="13" font-weight="600" fill="#4338ca">Tier 1<\/text>/);
  assert.match(svg, /<use href="#g-icon-0" x="30" y="38" width="16" height="16"/);
});

test('color and fill attributes override the palette for nodes, groups and edges', () => {
  const scene = makeScene({
    nodes: [makeNode('a', 10, 10, { color: '#16a34a', icon: 'i:x', iconBox: { x: 20, y: 20, size: 20 } }), makeNode('b', 200, 10, { fill: '#1e293b' }), makeNode('c', 400, 10, { color: 'tomato', fill: 'gold' })],
    groups: [{ id: 'g', size: 'medium', x: 0, y: 0, width: 600, height: 100, label: textBlock('G'), labelPosition: { x: 10, y: 4 }, color: '#9333ea', fill: '#faf5ff', depth: 0, line: 1 }],
    edges: [makeEdge('e', 'a', 'b', [{ x: 150, y: 40 }, { x: 200, y: 40 }], { color: '#0ea5e9', anim: 'packets' })],
    icons: { 'i:x': { body: '<path fill="currentColor" d="M0 0h1v1z"/>', width: 24, height: 24 } },
  });
  const svg = renderSvg(scene, { idPrefix: 'c' });
  const a = nodeMarkup(svg, 'a');
  assert.match(a, /stroke="#16a34a"/);
  assert.match(a, /<use [^>]*color="#16a34a"/, 'monochrome icons take the accent colour');
  assert.doesNotMatch(a, new RegExp(`stroke="${THEMES.light.node.stroke}"`));
  const b = nodeMarkup(svg, 'b');
  assert.match(b, /fill="#1e293b"/);
  assert.match(b, new RegExp(`<text [^>]*fill="${THEMES.dark.node.text}"`), 'text stays readable on a dark fill');
  const c = nodeMarkup(svg, 'c');
  assert.match(c, /fill="gold" stroke="tomato"/);
  assert.match(svg, /data-id="g"><rect [^>]*fill="#faf5ff" stroke="#9333ea"/);
  // A light group fill in the dark theme keeps a dark, readable title.
  const lightFrame = renderSvg(makeScene({ groups: [{ id: 'k', size: 'medium', x: 0, y: 0, width: 300, height: 100, label: textBlock('Kafka'), labelPosition: { x: 10, y: 4 }, fill: '#f5f5f5', depth: 0, line: 1 }] }), { theme: 'dark', idPrefix: 'k' });
  assert.match(lightFrame, new RegExp(`fill="${THEMES.light.groups[0]!.text}">Kafka</text>`));
  const edge = svg.slice(svg.indexOf('<g data-id="e"'));
  assert.match(edge, /<path d="M150 40[^"]*" fill="none" stroke="#0ea5e9"/);
  assert.match(edge, /<circle r="3.5" fill="#0ea5e9"/);
  assert.match(svg, /<marker id="c-arrow-0"[^>]*><path [^>]*fill="#0ea5e9"/);
});

test('a scene with nothing in it still renders a valid document', () => {
  const svg = renderSvg(makeScene({ width: 0, height: 0 }));
  assertWellFormed(svg);
  assert.match(svg, /width="1" height="1"/);
  const degenerate = renderSvg(makeScene({ edges: [makeEdge('e', 'a', 'b', [{ x: 5, y: 5 }])], nodes: [makeNode('z', 0, 0, { width: 0, height: 0, shape: 'cloud' })] }));
  assertWellFormed(degenerate);
  assert.doesNotMatch(degenerate, /NaN/);
});

test('logos that would vanish on the background sit on a contrasting plate', () => {
  const icons = {
    'logos:dark': { body: '<path fill="#111111" d="M0 0h24v24H0z"/>', width: 24, height: 24 },
    'logos:white': { body: '<path fill="#fff" d="M0 0h24v24H0z"/><path fill="#ffffff" d="M1 1h2v2H1z"/>', width: 24, height: 24 },
    'logos:mixed': { body: '<path fill="#000" d="M0 0h24v24H0z"/><path fill="#fff" d="M1 1h2v2H1z"/><path fill="#fff" d="M3 3h2v2H3z"/>', width: 24, height: 24 },
    'lucide:mono': { body: '<path fill="none" stroke="currentColor" d="M0 0h24v24H0z"/>', width: 24, height: 24 },
  };
  const ids = Object.keys(icons);
  const scene = makeScene({ width: 800, nodes: ids.map((icon, i) => makeNode(`n${i}`, 10 + i * 180, 10, { icon, iconBox: { x: 20 + i * 180, y: 20, size: 24 } })), icons });
  const plated = (svg: string): boolean[] => ids.map((_, i) => /<rect [^>]*\/><use /.test(nodeMarkup(svg, `n${i}`)));
  const dark = renderSvg(scene, { theme: 'dark', idPrefix: 'd' });
  assertWellFormed(dark);
  assert.deepEqual(plated(dark), [true, false, false, false]);
  assert.match(nodeMarkup(dark, 'n0'), new RegExp(`<rect [^>]*fill="${THEMES.dark.node.iconPlate}"/><use `));
  assert.deepEqual(plated(renderSvg(scene, { theme: 'light', idPrefix: 'l' })), [false, true, false, false]);
});

test('nodes and icons lying outside the scene are left out (resvg aborts on far-away filtered or clipped elements)', () => {
  const icons = { 'i:x': { body: '<path fill="currentColor" d="M0 0h1v1z"/>', width: 24, height: 24 } };
  const scene = makeScene({
    width: 300,
    height: 200,
    nodes: [
      makeNode('in', 10, 10, { icon: 'i:x', iconBox: { x: 20, y: 20, size: 24 } }),
      makeNode('stray', 10, 100, { icon: 'i:x', iconBox: { x: 2000, y: 3000, size: 24 } }),
      makeNode('away', 5000, 5000),
    ],
    groups: [{ id: 'g', size: 'medium', x: 0, y: 0, width: 300, height: 200, label: textBlock('G'), labelPosition: { x: 30, y: 4 }, icon: 'i:x', iconBox: { x: -900, y: 4, size: 16 }, depth: 0, line: 1 }],
    icons,
  });
  const svg = renderSvg(scene, { idPrefix: 'o' });
  assert.equal((svg.match(/<use /g) ?? []).length, 1);
  assert.match(nodeMarkup(svg, 'in'), /<use /);
  assert.match(nodeMarkup(svg, 'stray'), /<path /, 'the node itself is inside and drawn');
  assert.doesNotMatch(svg, /data-id="away"/);
  // Markers and symbols never clip (the other resvg abort).
  for (const m of svg.matchAll(/<(marker|symbol) [^>]*>/g)) assert.match(m[0], /overflow="visible"/);
});

test('nodeColors and groupColors are the rules renderSvg paints with', () => {
  const red = makeNode('red', 10, 10, { shape: 'text', color: '#b91c1c' });
  const pale = makeNode('pale', 200, 10, { shape: 'text', color: 'yellow' });
  const card = makeNode('card', 400, 10, { fill: 'rgba(255, 0, 0, 0.5)' });
  const svg = renderSvg(makeScene({ nodes: [red, pale, card] }), { idPrefix: 'r' });
  const palette = THEMES.light;
  assert.equal(nodeColors(red, palette).text, '#b91c1c');
  assert.equal(nodeColors(pale, palette).text, palette.node.text, 'a colour that would not read falls back');
  assert.match(nodeMarkup(svg, 'red'), /fill="#b91c1c"[^>]*>red</);
  assert.match(nodeMarkup(svg, 'pale'), new RegExp(`fill="${palette.node.text}"[^>]*>pale<`));
  assert.equal(nodeColors(card, palette).shadow, false, 'see-through fills cast no shadow');
  assert.doesNotMatch(nodeMarkup(svg, 'card'), /filter=/);
  const group = { id: 'g', size: 'medium' as const, x: 0, y: 0, width: 10, height: 10, label: textBlock('g'), labelPosition: { x: 0, y: 0 }, depth: 1, line: 1 };
  assert.deepEqual(groupColors(group, palette), { fill: palette.groups[1]!.fill, stroke: palette.groups[1]!.stroke, title: palette.groups[1]!.text, icon: palette.groups[1]!.text });
});

test("a group's title and icon are drawn at the sizes its scene gives (a large group end to end)", async () => {
  const { model, diagnostics } = parseDiagram('big = grupo "Big tier" tamanho=grande ícone=mdi:cash {\n  a = rect\n}\nsmall = group "Small tier" size=small icon=mdi:cash {\n  b = rect\n}\n');
  assert.deepEqual(diagnostics, []);
  const scene = await layoutDiagram(model, { 'mdi:cash': { body: '<path d="M1 1h2v2H1z"/>', width: 24, height: 24 } });
  const svg = renderSvg(scene, { idPrefix: 'gs' });
  assertWellFormed(svg);
  for (const [id, title, size] of [['big', 'Big tier', 'large'], ['small', 'Small tier', 'small']] as const) {
    const g = scene.groups.find((x) => x.id === id)!;
    assert.equal(g.size, size);
    assert.equal(g.label.fontSize, GROUP_METRICS[size].fontSize);
    const markup = nodeMarkup(svg, id);
    assert.match(markup, new RegExp(`<text [^>]*font-size="${g.label.fontSize}"[^>]*>${title}</text>`), id);
    assert.match(markup, new RegExp(`<use [^>]*width="${g.iconBox!.size}" height="${g.iconBox!.size}"`), id);
  }
  assert.notEqual(GROUP_METRICS.large.fontSize, GROUP_METRICS.medium.fontSize);
});

test('a group title follows its text block, whatever the size constants say', () => {
  const svg = renderSvg(
    makeScene({ groups: [{ id: 'g', size: 'large', x: 0, y: 0, width: 400, height: 120, label: textBlock('Huge', 37), labelPosition: { x: 10, y: 4 }, depth: 0, line: 1 }] }),
    { idPrefix: 't' },
  );
  assert.match(nodeMarkup(svg, 'g'), /<text [^>]*font-size="37"[^>]*>Huge<\/text>/);
});

test('a label past the limit is drawn shortened, the whole of it in the <title> tooltip', async () => {
  const blob = 'data:image/png;base64,' + 'iVBORw0KGgo'.repeat(20_000);
  const title = 'A title that goes on '.repeat(40);
  const { model } = parseDiagram(`diagram "${title}"\na = rect "${blob}" tooltip="the logo"\nb = rect\na -> b "${blob}"`);
  const scene = await layoutDiagram(model, {});
  const svg = renderSvg(scene, { idPrefix: 'long' });
  assertWellFormed(svg);
  const node = nodeMarkup(svg, 'a');
  assert.ok(node.includes(`<title>${escapeXml(blob)}\n\nthe logo</title>`), 'the node tooltip holds the whole label, then its own');
  const drawn = [...node.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join('');
  assert.ok(drawn.endsWith(ELLIPSIS) && drawn.length === MAX_LABEL_LENGTH, `drawn: ${drawn.length} characters`);
  const edgeLabel = svg.slice(svg.indexOf('class="long-edge-labels"'));
  assert.ok(edgeLabel.includes(`<title>${escapeXml(blob)}</title>`), 'the connection label has the whole label as tooltip');
  // The title: drawn shortened (the canvas does not grow for it), whole as the accessible name.
  const whole = title.trim();
  assert.ok(svg.includes(`<title id="long-title">${whole}</title>`));
  const drawnTitle = /<text[^>]*font-size="18"[^>]*>([^<]*)<\/text>/.exec(svg)![1]!;
  assert.equal(drawnTitle, whole.slice(0, MAX_LABEL_LENGTH - 1).trimEnd() + ELLIPSIS);
  assert.ok(Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]) < 10_000);
});
