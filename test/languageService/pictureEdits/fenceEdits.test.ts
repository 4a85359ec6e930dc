// A picture edit of a Markdown fence: made on the fence's text, shifted into the document;
// only the fence's lines change, new lines stay inside the fence's container.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDiagramFences } from '../../../src/core/markdown/index';
import { addElement, applyEdits, connectElements, containerPrefix, deleteElements, fenceEditsToMarkdown, renameLabel, type PictureEditResult } from '../../../src/languageService/pictureEdits/index';

/** The Markdown after `edit` runs on fence `index`'s text and its edits are shifted into the document. */
function editFence(markdown: string, index: number, edit: (text: string) => PictureEditResult): string {
  const fence = extractDiagramFences(markdown)[index]!;
  const result = edit(fence.text);
  assert.ok(result.ok, result.ok ? '' : result.reason);
  const eol = markdown.includes('\r\n') ? '\r\n' : '\n';
  const edits = fenceEditsToMarkdown(fence, markdown.split(/\r\n|\r|\n/), result.edits, eol);
  const after = applyEdits(markdown, edits);
  // The fence read again holds exactly the edited text.
  assert.equal(extractDiagramFences(after)[index]!.text, result.text);
  return after;
}

const DOC = `# Shop

Intro.

\`\`\`diagram id=shop
web = rectangle "Web"
api = rounded "API"
web -> api "HTTPS"
\`\`\`

Text after.
`;

test('a rename changes the one line of the fence, at its place in the document', () => {
  const after = editFence(DOC, 0, (t) => renameLabel(t, { element: 'api' }, 'Gateway'));
  assert.equal(after, DOC.replace('api = rounded "API"', 'api = rounded "Gateway"'));
});

test('a connection is inserted inside the fence, before its closing line', () => {
  const after = editFence(DOC, 0, (t) => connectElements(t, { source: 'api', target: 'web' }));
  assert.equal(after, DOC.replace('web -> api "HTTPS"\n', 'web -> api "HTTPS"\napi -> web\n'));
});

test('in a list item, new and changed lines get the item’s indentation', () => {
  const md = '- Step one:\n\n  ```diagram\n  a = rectangle "A"\n  b = rectangle "B"\n  ```\n- Step two\n';
  assert.equal(containerPrefix(extractDiagramFences(md)[0]!, md.split('\n')), '  ');
  const renamed = editFence(md, 0, (t) => renameLabel(t, { element: 'b' }, 'Bee'));
  assert.equal(renamed, md.replace('  b = rectangle "B"', '  b = rectangle "Bee"'));
  const connected = editFence(md, 0, (t) => connectElements(t, { source: 'a', target: 'b' }));
  assert.equal(connected, md.replace('  b = rectangle "B"\n', '  b = rectangle "B"\n  a -> b\n'));
});

test('in a block quote, new lines get `> ` and blank ones `>`; a deletion removes whole quoted lines', () => {
  const md = '> ```diagram\n> a = rectangle "A"\n> b = rectangle "B"\n> ```\n';
  const connected = editFence(md, 0, (t) => connectElements(t, { source: 'a', target: 'b' }));
  assert.equal(connected, '> ```diagram\n> a = rectangle "A"\n> b = rectangle "B"\n> a -> b\n> ```\n');
  // A blank line written into the quote carries the bare marker, no trailing space.
  const blank = fenceEditsToMarkdown(extractDiagramFences(md)[0]!, md.split('\n'), [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: '\nc = rectangle\n' }], '\n');
  assert.equal(applyEdits(md, blank), '> ```diagram\n> a = rectangle "A"\n>\n> c = rectangle\n> b = rectangle "B"\n> ```\n');
  const deleted = editFence(md, 0, (t) => deleteElements(t, { elements: ['a'] }));
  assert.equal(deleted, '> ```diagram\n> b = rectangle "B"\n> ```\n');
});

test('a CRLF document keeps CRLF on the lines the edit writes; the second of two fences is found by index', () => {
  const md = DOC.replace(/\n/g, '\r\n') + '\r\n~~~archflow\r\nx = rectangle "X"\r\n~~~\r\n';
  const after = editFence(md, 1, (t) => addElement(t, { kind: 'node', label: 'Y' }));
  assert.ok(after.startsWith(DOC.replace(/\n/g, '\r\n')), 'the first fence and the text around it are untouched');
  assert.doesNotMatch(after.replace(/\r\n/g, ''), /\n/, 'no bare LF written');
  assert.match(after, /~~~archflow\r\nx = rectangle "X"\r\n.*"Y"\r\n~~~\r\n$/);
});

test('an empty fence at the top level and inside a list item gets its first line with the right prefix', () => {
  const md = '- item\n  ```diagram\n  ```\n';
  assert.equal(containerPrefix(extractDiagramFences(md)[0]!, md.split('\n')), '  ');
  const after = editFence(md, 0, (t) => addElement(t, { kind: 'node', label: 'A' }));
  assert.match(after, /^- item\n {2}```diagram\n {2}\S.*"A"\n {2}```\n$/);
});

test('the keywords of a new line are the fence’s own language, whatever the editor’s', () => {
  const md = '# Loja\n\n```diagram\na = retângulo "A"\nb = cilindro "B"\n```\n';
  const after = editFence(md, 0, (t) => addElement(t, { kind: 'node', shape: 'cylinder', label: 'C' }, { locale: 'en' }));
  assert.match(after, /\n\S+ += cilindro "C"\n```\n$/);
});
