import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createIconCatalog, iconToSvg } from '../../../src/core/icons';
import { builtSource } from './iconSources';

/** Checks that tags nest and close properly and attributes are quoted: enough for our SVG strings. */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let last = 0;
  for (const m of svg.matchAll(tag)) {
    assert.ok(!/[<>]/.test(svg.slice(last, m.index)), `stray markup before ${m[0].slice(0, 40)}`);
    last = (m.index ?? 0) + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (closing) assert.equal(stack.pop(), name, `</${name}> closes the wrong element`);
    else if (!selfClosing) stack.push(name);
  }
  assert.ok(!/[<>]/.test(svg.slice(last)), 'stray markup at the end');
  assert.deepEqual(stack, [], 'unclosed elements');
  assert.match(svg, /^<svg\s/);
}

function assertSafe(svg: string): void {
  assert.doesNotMatch(svg, /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i);
  assert.doesNotMatch(svg, /(?:href|src)\s*=\s*["'](?!#)/i, 'only in-document references');
  assert.doesNotMatch(svg, /url\(\s*["']?(?!#)/i);
}

test('real icons become well-formed, self-contained SVG documents', async () => {
  const catalog = createIconCatalog(await builtSource());
  const ids = ['logos:kafka', 'logos:aws-lambda', 'logos:google-cloud', 'lucide:server', 'mdi:database', 'fa6-brands:github', 'tabler:brand-figma'];
  const icons = await catalog.load(ids);
  for (const id of ids) {
    const icon = icons[id];
    assert.ok(icon, id);
    const svg = iconToSvg(icon);
    assertWellFormed(svg);
    assertSafe(svg);
    assert.ok(svg.includes(`viewBox="0 0 ${icon.width} ${icon.height}"`), id);
    assert.ok(svg.includes('xmlns="http://www.w3.org/2000/svg"'));
    if (svg.includes('xlink:')) assert.ok(svg.includes('xmlns:xlink="http://www.w3.org/1999/xlink"'), id);
  }
});

test('ids are renamed so two copies of an icon can share a page', () => {
  const icon = { body: '<defs><linearGradient id="a"><stop offset="0"/></linearGradient></defs><path fill="url(#a)" d="M0 0h4v4H0z"/>', width: 4, height: 4 };
  const idsOf = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  const first = iconToSvg(icon);
  const second = iconToSvg(icon);
  const [a] = idsOf(first);
  const [b] = idsOf(second);
  assert.ok(a && b && a !== b);
  assert.ok(first.includes(`url(#${a})`) && second.includes(`url(#${b})`), 'references follow the renamed ids');
});

test('size sets the height and keeps the aspect ratio; color replaces currentColor', () => {
  const icon = { body: '<path fill="currentColor" d="M0 0h48v24H0z"/>', width: 48, height: 24 };
  const svg = iconToSvg(icon, { size: 16, color: '#ff0000' });
  assert.match(svg, /^<svg [^>]*width="32" height="16" viewBox="0 0 48 24"/);
  assert.ok(svg.includes('fill="#ff0000"') && !svg.includes('currentColor'));
  assert.ok(iconToSvg(icon).includes('width="48" height="24"'));
  assert.ok(iconToSvg(icon, { color: 'rgb(1, 2, 3)' }).includes('fill="rgb(1, 2, 3)"'));
  const sneaky = iconToSvg(icon, { color: 'red"/><script>alert(1)</script>' });
  assert.ok(sneaky.includes('currentColor'), 'an unsafe colour is ignored');
  assertSafe(sneaky);
  assert.throws(() => iconToSvg(icon, { size: 0 }), RangeError);
  assert.throws(() => iconToSvg({ ...icon, width: Number.NaN }), RangeError);
});

test('scripts, handlers and outside references are removed from any body', () => {
  const body = [
    '<script>alert(1)</script>',
    '<foreignObject><div>x</div></foreignObject>',
    '<path onload="alert(1)" onclick=\'x()\' d="M0 0"/>',
    '<image href="https://example.com/a.png" width="1" height="1"/>',
    '<use xlink:href="http://example.com/s.svg#x"/>',
    '<a href="javascript:alert(1)"><path d="M1 1"/></a>',
    '<rect fill="url(https://example.com/p.svg#p)" width="1" height="1"/>',
    '<style>@import "https://example.com/x.css"; .a{fill:url(\'http://e.com/i\')}</style>',
    '<a href="#ok"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="xlink:href" values="javascript:x()"></animate></a>',
    '<use href="#ok"/>',
  ].join('');
  const svg = iconToSvg({ body, width: 10, height: 10 });
  assertSafe(svg);
  assertWellFormed(svg);
  assert.ok(svg.includes('href="#ok"'), 'in-document references stay');
  assert.ok(!svg.includes('@import'));
});
