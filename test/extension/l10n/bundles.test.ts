// Every user-visible string of the extension exists in English and Brazilian Portuguese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/**
 * The message of every `l10n.t('…')` call (single- or double-quoted literal): `vscode.l10n`
 * in the extension, and the language service's, which the extension passes `vscode.l10n`
 * and the language server a translator over the same bundle.
 */
function l10nMessages(): Set<string> {
  const out = new Set<string>();
  const re = /l10n\.t\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
  for (const file of [...sources(join(root, 'src/extension')), ...sources(join(root, 'src/languageService'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(re)) out.add((m[1] ?? m[2]!).replace(/\\(['"\\])/g, '$1'));
  }
  return out;
}

test('the pt-BR bundle translates every l10n.t message, and nothing else', () => {
  const messages = l10nMessages();
  assert.ok(messages.size > 20, `found only ${messages.size} messages: is the scanner broken?`);
  const bundle = JSON.parse(readFileSync(join(root, 'l10n/bundle.l10n.pt-br.json'), 'utf8')) as Record<string, string>;
  assert.deepEqual([...messages].filter((m) => !(m in bundle)), [], 'untranslated');
  assert.deepEqual(Object.keys(bundle).filter((k) => !messages.has(k)), [], 'stale translations');
  for (const [en, pt] of Object.entries(bundle)) {
    const placeholders = (s: string) => (s.match(/\{\d+\}/g) ?? []).sort().join();
    assert.equal(placeholders(pt), placeholders(en), `placeholders of "${en}"`);
  }
});

test('package.nls.json and package.nls.pt-br.json have the same keys, and package.json uses only those', () => {
  const en = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const pt = JSON.parse(readFileSync(join(root, 'package.nls.pt-br.json'), 'utf8')) as Record<string, string>;
  assert.deepEqual(Object.keys(pt).sort(), Object.keys(en).sort());
  const manifest = readFileSync(join(root, 'package.json'), 'utf8');
  const used = new Set([...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!));
  assert.deepEqual([...used].filter((k) => !(k in en)), [], 'placeholders without a string');
  assert.deepEqual(Object.keys(en).filter((k) => !used.has(k)), [], 'strings nobody uses');
});
