import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkXmlWellFormed, escapeXml, safeLink, sanitizeColor } from '../../../src/core/render/index';
import { fmt } from '../../../src/core/render/xml';

test('escapeXml neutralises markup, quotes and entities', () => {
  const table: [string, string][] = [
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"double" 'single'`, '&quot;double&quot; &apos;single&apos;'],
    ['Fish & Chips', 'Fish &amp; Chips'],
    ['already &amp; escaped', 'already &amp;amp; escaped'],
    [']]>', ']]&gt;'],
    ['tab\tnew\nline', 'tab\tnew\nline'],
    ['bell\u0007nul\u0000', 'bellnul'],
    ['lone \uD800 surrogate', 'lone  surrogate'],
    ['emoji 🚀 and ação', 'emoji 🚀 and ação'],
  ];
  for (const [input, expected] of table) assert.equal(escapeXml(input), expected, JSON.stringify(input));
  for (const [input] of table) assert.equal(checkXmlWellFormed(`<t a="${escapeXml(input)}">${escapeXml(input)}</t>`), null, input);
});

test('fmt rounds to two decimals with stable text', () => {
  assert.equal(fmt(1 / 3), '0.33');
  assert.equal(fmt(2.005), '2.01');
  assert.equal(fmt(10), '10');
  assert.equal(fmt(-0.001), '0');
  assert.equal(fmt(-1.5), '-1.5');
  assert.equal(fmt(Number.NaN), '0');
  assert.equal(fmt(Number.POSITIVE_INFINITY), '0');
});

test('safeLink keeps http, https and mailto only', () => {
  assert.equal(safeLink('https://example.com/a?b=1&c=2'), 'https://example.com/a?b=1&c=2');
  assert.equal(safeLink('  http://example.com  '), 'http://example.com');
  assert.equal(safeLink('MAILTO:ops@example.com'), 'MAILTO:ops@example.com');
  for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:x', 'data:text/html,x', '//evil.example', '/relative', 'https://', 'https://a b', 'vbscript:x', 'file:///etc/passwd', '']) {
    assert.equal(safeLink(bad), undefined, bad);
  }
  assert.equal(safeLink(undefined), undefined);
});

test('sanitizeColor accepts plain CSS colours and rejects references', () => {
  for (const ok of ['#fff', '#A1B2C3', '#a1b2c3d4', 'tomato', 'RebeccaPurple', 'rgb(1, 2, 3)', 'rgba(1,2,3,.5)', 'hsl(120 50% 50%)', 'transparent']) {
    assert.equal(sanitizeColor(ok), ok, ok);
  }
  for (const bad of ['url(#x)', 'url(http://evil)', 'red;stroke:blue', 'var(--x)', '#ggg', 'expression(alert(1))', 'notacolour', '"red"', '']) {
    assert.equal(sanitizeColor(bad), undefined, bad);
  }
});

test('checkXmlWellFormed accepts documents and rejects each kind of breakage', () => {
  assert.equal(checkXmlWellFormed('<?xml version="1.0"?><svg a="1" b=\'2\'><!-- c --><g><![CDATA[x < y]]></g>text &amp; &#169; &#xA9;</svg>'), null);
  assert.equal(checkXmlWellFormed('<a/><b/>', { fragment: true }), null);
  const bad = [
    '<a><b></a></b>',
    '<a>',
    '<a/><b/>',
    '<a b="1" b="2"/>',
    '<a b=1/>',
    '<a b="<"/>',
    '<a>&nbsp;</a>',
    '<a>& </a>',
    '<a>]]></a>',
    '<a><!-- x -- y --></a>',
    '<!DOCTYPE a><a/>',
    'text<a/>',
    '<a b="1"c="2"/>',
    '<a>\u0001</a>',
    '',
  ];
  for (const xml of bad) assert.notEqual(checkXmlWellFormed(xml), null, xml);
});
