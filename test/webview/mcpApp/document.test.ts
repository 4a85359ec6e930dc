// The diagram view's HTML as `npm run build` writes it: one self-contained document under
// the size hosts accept, that loads nothing from anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../../mcpServer/helpers';

const file = join(repoRoot, 'dist', 'mcpApp', 'diagram.html');

function html(): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return readFileSync(file, 'utf8');
}

/**
 * URL-shaped strings the bundled libraries carry as identifiers or in messages, never
 * loaded: XML namespaces (React DOM, SVG), JSON Schema dialect ids (zod), the error
 * decoder links of React and React Flow, and React Flow's attribution link (hidden).
 */
const INERT = new Set([
  'http://www.w3.org/2000/svg',
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/2000/xmlns/',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/1998/Math/MathML',
  'https://json-schema.org/draft/2020-12/schema',
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-04/schema#',
  // The JSON Schema validator (@cfworker/json-schema) the v2 MCP client brings with ext-apps 2:
  // dialect ids it compares `$schema` against, and the base it resolves `$ref` ids on where the
  // page has no origin (a sandboxed frame). It fetches nothing.
  'http://json-schema.org/draft-06/schema',
  'http://json-schema.org/draft-07/schema',
  'http://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft-06/schema',
  'https://json-schema.org/draft-07/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'https://github.com/cfworker',
  'https://react.dev/errors/',
  'https://reactflow.dev/',
  'https://reactflow.dev?utm_source=attribution',
]);

test('one document under 1 MiB (hosts refuse larger ones); its gzip size is reported', (t) => {
  const bytes = Buffer.byteLength(html());
  const gzip = gzipSync(html(), { level: 9 }).length;
  t.diagnostic(`diagram.html: ${(bytes / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(0)} KB gzip`);
  assert.ok(bytes < 1024 * 1024, `${bytes} bytes`);
  assert.ok(gzip < bytes / 2, 'minified text compresses at least 2:1');
});

test('script and styles are inline, and the markup and styles load nothing', () => {
  const doc = html();
  assert.match(doc, /^<!DOCTYPE html>\n<html lang="en">/);
  const open = doc.indexOf('<script>');
  const close = doc.lastIndexOf('</script>');
  assert.ok(open > 0 && close > open, 'an inline script');
  assert.doesNotMatch(doc.slice(open + 8, close), /<\/script/i, 'nothing inside the script ends it early');
  const markup = doc.slice(0, open + 8) + doc.slice(close);
  assert.deepEqual(markup.match(/<script\b[^>]*>/gi), ['<script>']);
  assert.deepEqual(markup.match(/<style\b[^>]*>/gi), ['<style>']);
  assert.doesNotMatch(doc.slice(doc.indexOf('<style>') + 7, doc.indexOf('</style>')), /<\/style/i);
  assert.doesNotMatch(markup.replace(/<style>[\s\S]*<\/style>/, ''), /\b(src|href)\s*=|<link\b|<base\b|<iframe\b/i);
  const css = doc.slice(doc.indexOf('<style>'), doc.indexOf('</style>'));
  assert.doesNotMatch(css, /@import|@font-face/i);
  assert.deepEqual((css.match(/url\(\s*['"]?(?!data:)[^)]*\)/gi) ?? []).filter((u) => !/^url\(\s*['"]?#/.test(u)), [], 'styles reference only data: and #fragment URLs');
});

test('names no URL but the inert identifiers of its libraries', () => {
  const found = new Set(html().match(/\bhttps?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+[^\s"'`)<>\\]*/gi) ?? []);
  assert.deepEqual([...found].filter((u) => !INERT.has(u)).sort(), []);
  assert.ok(found.has('http://www.w3.org/2000/svg'), 'the scan sees the strings it is meant to see');
});
