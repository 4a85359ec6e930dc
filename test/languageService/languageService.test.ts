// The language service on its own: every feature in LSP terms, one parse per document
// version, UTF-16 columns, both locales, and Markdown fences mapped to their place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../src/core/analysis';
import { formatDiagram, formatMessage } from '../../src/core/language/index';
import type { Locale } from '../../src/core/model';
import {
  bundleL10n,
  createAnalysisCache,
  createLanguageService,
  decodeTokens,
  LanguageServiceError,
  SEMANTIC_TOKENS_LEGEND,
  textDocument,
  type AnalysisSource,
  type LanguageService,
} from '../../src/languageService/index';
import { getIconCatalog } from '../../src/node/iconStore';
import ptBundle from '../../l10n/bundle.l10n.pt-br.json';

function service(locale: Locale = 'en'): LanguageService {
  return createLanguageService({ source: createAnalysisCache(() => getIconCatalog()), locale: () => locale, ...(locale === 'pt-BR' ? { l10n: bundleL10n(ptBundle) } : {}) });
}

const doc = (text: string, version = 1, uri = 'file:///w/a.diagram') => textDocument(uri, text, version);
const pos = (line: number, character: number) => ({ line, character });
const labels = (items: { label: string }[]) => items.map((i) => i.label);

test('diagnostics carry the core code, LSP severity, 0-based range and the localised message', async () => {
  const text = 'diagram "Broken"\nweb = retangolo "Web"\napi = rounded "API"\nweb -> apii\n';
  await getIconCatalog();
  for (const locale of ['en', 'pt-BR'] as const) {
    const s = service(locale);
    await s.completion(doc(text), pos(0, 0)); // loads the catalog
    const diags = s.diagnostics(doc(text));
    const core = analyzeText(text, { catalog: await getIconCatalog() }).diagnostics;
    assert.deepEqual(
      diags.map((d) => [d.code, d.severity, d.message, d.source]),
      core.map((d) => [d.code, d.severity === 'error' ? 1 : 2, formatMessage(d, locale), 'archflow']),
    );
    const shape = diags.find((d) => d.code === 'unknown-shape')!;
    assert.deepEqual(shape.range, { start: pos(1, 6), end: pos(1, 15) });
  }
});

test('one parse per document version, shared by every feature', async () => {
  let parses = 0;
  const cache = createAnalysisCache(() => getIconCatalog());
  await cache.catalog();
  // Count real parses: the cache returns the same object for a version it has seen.
  const seen = new Set<object>();
  const counting: AnalysisSource = {
    ...cache,
    analyze: (d) => {
      const a = cache.analyze(d);
      if (!seen.has(a)) parses++;
      seen.add(a);
      return a;
    },
  };
  const s = createLanguageService({ source: counting, locale: () => 'en' });
  const v1 = doc('a = rect "A"\nb = rect "B"\na -> b\n', 1);
  s.diagnostics(v1);
  await s.completion(v1, pos(2, 5));
  await s.hover(v1, pos(2, 0));
  s.documentSymbols(v1);
  s.foldingRanges(v1);
  s.semanticTokens(v1);
  s.documentHighlights(v1, pos(0, 0));
  assert.equal(parses, 1);
  s.diagnostics(doc('a = rect "A"\nb = rect "B"\na -> b\nb -> a\n', 2));
  assert.equal(parses, 2);
});

test('quick fixes: one per suggestion, the first preferred, titled in the locale, editing the document', async () => {
  const text = 'web = retangolo "Web"\napi = rect "API"\nweb -> apii\n';
  for (const [locale, title] of [['en', "Change to 'retângulo'"], ['pt-BR', "Trocar por 'retângulo'"]] as const) {
    const s = service(locale);
    const d = doc(text);
    const diags = s.diagnostics(d);
    const shape = diags.find((x) => x.code === 'unknown-shape')!;
    const actions = s.codeActions(d, shape.range, { diagnostics: [shape] });
    const preferred = actions.find((a) => a.isPreferred && a.diagnostics?.[0] === shape)!;
    assert.equal(preferred.title, title);
    assert.deepEqual(preferred.edit!.changes!['file:///w/a.diagram'], [{ range: shape.range, newText: 'retângulo' }]);
    assert.deepEqual(s.codeActions(d, shape.range, { diagnostics: [], only: ['refactor'] }), []);
  }
  const missing = service().codeActions(doc(text), { start: pos(2, 7), end: pos(2, 7) }, { diagnostics: [] });
  assert.ok(missing.some((a) => a.title === "Change to 'api'"), JSON.stringify(missing.map((a) => a.title)));
});

test('completion: shapes in both languages, ids after an arrow, attribute names, nothing in strings', async () => {
  const s = service();
  const shapes = await s.completion(doc('x = '), pos(0, 4));
  for (const shape of ['retângulo', 'rectangle', 'cilindro', 'cylinder', 'grupo', 'group']) assert.ok(labels(shapes.items).includes(shape), shape);
  const rect = shapes.items.find((i) => i.label === 'rectangle')!;
  assert.equal(rect.insertTextFormat, 2, 'a snippet with the label placeholder');
  assert.deepEqual(rect.textEdit, { range: { start: pos(0, 4), end: pos(0, 4) }, newText: 'rectangle "${1}"' });
  const ids = await s.completion(doc('api = rect "API"\ndb = cylinder\napi -> d'), pos(2, 8));
  assert.deepEqual(labels(ids.items), ['api', 'db']);
  assert.deepEqual(ids.items[1]!.textEdit, { range: { start: pos(2, 7), end: pos(2, 8) }, newText: 'db' });
  const attrs = await s.completion(doc('a -> b '), pos(0, 7));
  assert.ok(labels(attrs.items).includes('anim'));
  assert.equal(attrs.items[0]!.command?.command, 'editor.action.triggerSuggest');
  assert.deepEqual((await s.completion(doc('a -> b '), pos(0, 7), { triggerCharacter: ' ' })).items, []);
  assert.deepEqual((await s.completion(doc('a = rect "x'), pos(0, 11))).items, []);
});

test('completion of icon ids is incomplete and resolves to a picture', async () => {
  const s = service();
  const list = await s.completion(doc('cache = rectangle "Cache" icon=redis'), pos(0, 36));
  assert.equal(list.isIncomplete, true);
  const redis = list.items.find((i) => i.label === 'logos:redis')!;
  assert.ok(redis, labels(list.items).slice(0, 10).join());
  assert.equal(redis.documentation, undefined, 'pictures come on resolve');
  const resolved = await s.resolveCompletion(redis);
  assert.equal(typeof resolved.documentation === 'object' && resolved.documentation.kind, 'markdown');
  assert.match(typeof resolved.documentation === 'object' ? resolved.documentation.value : '', /!\[logos:redis\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)/);
});

test('hover describes ids, explains keywords in the locale and shows icon pictures', async () => {
  const text = 'db = cylinder "DB" icon=logos:postgresql\napi -> db "SQL"\n';
  const en = await service().hover(doc(text), pos(1, 8));
  assert.match(typeof en?.contents === 'object' && 'value' in en.contents ? en.contents.value : '', /\*\*db\*\* — cylinder “DB”[\s\S]*← `api` “SQL”/);
  assert.deepEqual(en?.range, { start: pos(1, 7), end: pos(1, 9) });
  const pt = await service('pt-BR').hover(doc(text), pos(1, 1));
  assert.match(typeof pt?.contents === 'object' && 'value' in pt.contents ? pt.contents.value : '', /Não declarado/);
  const icon = await service().hover(doc(text), pos(0, 30));
  assert.match(typeof icon?.contents === 'object' && 'value' in icon.contents ? icon.contents.value : '', /data:image\/svg\+xml;base64,/);
  const keyword = await service('pt-BR').hover(doc(text), pos(0, 7));
  assert.ok(keyword && typeof keyword.contents === 'object' && 'value' in keyword.contents && keyword.contents.value.length > 0);
  assert.equal(await service().hover(doc(text), pos(1, 4)), null);
});

test('definition, references, highlights and rename of ids', () => {
  const s = service();
  const text = 'api = rectangle "API"\ndb = cylinder "DB"\napi -> db "SQL"\napi -> cache -> db\n';
  const d = doc(text);
  assert.deepEqual(s.definition(d, pos(3, 17)), { uri: d.uri, range: { start: pos(1, 0), end: pos(1, 2) } });
  assert.equal(s.definition(d, pos(3, 8)), null, 'an implicit node has no declaration');
  assert.deepEqual(s.references(d, pos(1, 0), true).map((l) => l.range.start.line), [1, 2, 3]);
  assert.deepEqual(s.references(d, pos(1, 0), false).map((l) => l.range.start.line), [2, 3]);
  assert.deepEqual(s.documentHighlights(d, pos(2, 0)).map((h) => [h.range.start.line, h.kind]), [[0, 3], [2, 2], [3, 2]]);
  assert.deepEqual(s.prepareRename(d, pos(1, 1)), { range: { start: pos(1, 0), end: pos(1, 2) }, placeholder: 'db' });
  const edit = s.rename(d, pos(1, 1), 'database');
  assert.deepEqual(edit.changes![d.uri]!.map((e) => [e.range.start.line, e.range.start.character, e.newText]), [[1, 0, 'database'], [2, 7, 'database'], [3, 16, 'database']]);
  assert.throws(() => s.rename(d, pos(1, 1), 'api'), (e: Error) => e instanceof LanguageServiceError && /already used/.test(e.message));
  assert.throws(() => s.rename(d, pos(1, 1), '9x'), LanguageServiceError);
  assert.throws(() => s.prepareRename(d, pos(0, 10)), /Only node and group ids/);
  assert.throws(() => service('pt-BR').prepareRename(d, pos(0, 10)), /Somente|Apenas|Só/);
});

test('outline, folding, formatting and links', () => {
  const s = service();
  const text = 'diagrama "Loja"\n# one\n# two\napp = grupo "App" {\n  api = retângulo "API"\n  worker = retângulo\n}\napi -> worker link="https://example.com/x" \n';
  const d = doc(text);
  const symbols = s.documentSymbols(d);
  assert.deepEqual(symbols.map((x) => [x.name, x.kind, x.children?.map((c) => c.name)]), [['app — App', 3, ['api — API', 'worker']]]);
  assert.deepEqual(s.foldingRanges(d), [{ startLine: 3, endLine: 5 }, { startLine: 1, endLine: 2, kind: 'comment' }]);
  const edits = s.format(d);
  assert.equal(edits.length, 1);
  assert.equal(edits[0]!.newText, formatDiagram(text));
  assert.deepEqual(edits[0]!.range, { start: pos(0, 0), end: pos(8, 0) });
  assert.deepEqual(s.format(doc(formatDiagram(text))), []);
  const links = s.documentLinks(d);
  assert.deepEqual(links.map((l) => [l.target, l.range.start.character, l.range.end.character]), [['https://example.com/x', 20, 41]]);
});

test('semantic tokens: keywords, shapes, ids with their declarations, attributes, values, strings, comments, arrows', () => {
  const text = 'direction LR\n# c\napp = group "G" {\n  db = cylinder "DB" size=small\n}\napp -> db anim=packets\n';
  const { data } = service().semanticTokens(doc(text));
  const types = SEMANTIC_TOKENS_LEGEND.tokenTypes;
  const decoded = decodeTokens(data).map((t) => `${text.split('\n')[t.line]!.slice(t.char, t.char + t.length)}:${types[t.type]}${t.modifiers ? '+decl' : ''}`);
  assert.deepEqual(decoded, [
    'direction:keyword',
    'LR:enumMember',
    '# c:comment',
    'app:namespace+decl',
    'group:keyword',
    '"G":string',
    'db:variable+decl',
    'cylinder:type',
    '"DB":string',
    'size:property',
    'small:enumMember',
    'app:namespace',
    '->:operator',
    'db:variable',
    'anim:property',
    'packets:enumMember',
  ]);
});

test('UTF-16 columns after emoji and accents', async () => {
  const s = service();
  const line = 'nó = retângulo "😀 café 🚀" colr=red link="https://e.com/😀"';
  const d = doc(`${line}\nnó -> ñ\n`);
  const attr = s.diagnostics(d).find((x) => x.code === 'unknown-attribute')!;
  assert.deepEqual(attr.range, { start: pos(0, line.indexOf('colr')), end: pos(0, line.indexOf('colr') + 4) });
  const [link] = s.documentLinks(d);
  assert.equal(link?.range.start.character, line.indexOf('https'));
  assert.equal(link?.range.end.character, line.length - 1);
  const hover = await s.hover(d, pos(1, 6));
  assert.deepEqual(hover?.range, { start: pos(1, 6), end: pos(1, 7) });
  const completion = await s.completion(doc(`${line} `), pos(0, line.length + 1));
  assert.ok(labels(completion.items).includes('icon'));
  assert.deepEqual(completion.items[0]!.textEdit && 'range' in completion.items[0]!.textEdit ? completion.items[0]!.textEdit.range.start : undefined, pos(0, line.length + 1));
});

test('Markdown: fence diagnostics at their place, completion and hover inside fences mapped through the fence', async () => {
  const md = '# T\n\n- item:\n  ```diagram\n  a = retangolo "A"\n  a -> b\n  ```\n\ntext a -> \n';
  const s = service();
  const d = textDocument('file:///w/readme.md', md, 1, 'markdown');
  const diags = s.diagnostics(d);
  const shape = diags.find((x) => x.code === 'unknown-shape')!;
  assert.deepEqual(shape.range, { start: pos(4, 6), end: pos(4, 15) });
  const fix = s.codeActions(d, shape.range, { diagnostics: [shape] })[0]!;
  assert.deepEqual(fix.edit!.changes![d.uri], [{ range: shape.range, newText: 'retângulo' }]);
  const hover = await s.hover(d, pos(5, 2));
  assert.deepEqual(hover?.range, { start: pos(5, 2), end: pos(5, 3) });
  const ids = await s.completion(textDocument(d.uri, md.replace('  a -> b', '  a -> '), 2, 'markdown'), pos(5, 7));
  assert.deepEqual(labels(ids.items), ['a']);
  assert.deepEqual(ids.items[0]!.textEdit && 'range' in ids.items[0]!.textEdit ? ids.items[0]!.textEdit.range : undefined, { start: pos(5, 7), end: pos(5, 7) });
  assert.deepEqual((await s.completion(d, pos(8, 10))).items, [], 'outside fences nothing is offered');
  assert.equal(await s.hover(d, pos(3, 3)), null, 'the fence line itself is Markdown');
  assert.deepEqual(s.documentSymbols(d), []);
});
