import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import { markdownTree } from '../../../webview/chat/markdown/render';
import { IncrementalSplitter, splitBlocks } from '../../../webview/chat/markdown/splitBlocks';

const html = (md: string, highlight = true) => toHtml(markdownTree(md, highlight));

/** Every element of a tree: its tag and its properties. */
function elements(node: { type: string; tagName?: string; properties?: Record<string, unknown>; children?: unknown[] }): { tag: string; props: Record<string, unknown> }[] {
  const own = node.type === 'element' ? [{ tag: node.tagName!, props: node.properties ?? {} }] : [];
  return [...own, ...(node.children ?? []).flatMap((c) => elements(c as never))];
}

test('the model\'s HTML is shown as text, never as elements; unsafe links lose their target', () => {
  const md = 'Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) [ok](https://example.com) ![pic](data:image/png;base64,AAAA)';
  const found = elements(markdownTree(md, true) as never);
  assert.deepEqual([...new Set(found.map((e) => e.tag))].sort(), ['a', 'img', 'p']);
  const links = found.filter((e) => e.tag === 'a').map((e) => e.props.href);
  assert.deepEqual(links, [undefined, 'https://example.com'], 'the javascript: link has no target');
  assert.deepEqual(found.filter((e) => e.tag === 'img').map((e) => e.props.src), [undefined], 'the data: image has no source');
  assert.ok(found.every((e) => Object.keys(e.props).every((k) => !/^on/i.test(k))), 'no event handler anywhere');
  const out = html(md);
  assert.match(out, /&#x3C;script>alert\(1\)&#x3C;\/script>/, 'the script tag is visible text');
  assert.match(out, /&#x3C;img src=x onerror="alert\(2\)">/);
  assert.match(out, /<a href="https:\/\/example.com">ok<\/a>/);
});

test('tables, task lists and strikethrough (GFM); code highlighted with classes only, including the diagram language', () => {
  const out = html('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~\n\n```ts\nconst x = 1;\n```\n\n```diagram\napi = retângulo "API" icon=logos:nodejs\nweb -> api "HTTPS" anim=pacotes\n```');
  assert.match(out, /<table>[\s\S]*<td>2<\/td>/);
  assert.match(out, /<input type="checkbox" checked disabled>/);
  assert.match(out, /<del>old<\/del>/);
  assert.match(out, /<code class="language-ts hljs"><span class="hljs-keyword">const<\/span>/);
  assert.match(out, /<span class="hljs-type">retângulo<\/span>/, 'a shape');
  assert.match(out, /<span class="hljs-attr">icon<\/span>=<span class="hljs-symbol">logos:nodejs<\/span>/);
  assert.match(out, /<span class="hljs-operator">-><\/span>/);
  assert.match(out, /<span class="hljs-string">"HTTPS"<\/span>/);
  assert.doesNotMatch(out, /style=/, 'no inline styles (the page\'s CSP forbids them)');
  assert.doesNotMatch(html('```ts\nconst x = 1;\n```', false), /hljs/, 'plain when not highlighting');
});

test('a tree is cached: the same text gives the same tree, not a new parse', () => {
  const a = markdownTree('**cached** text', true);
  assert.equal(markdownTree('**cached** text', true), a);
  assert.notEqual(markdownTree('**cached** text', false), a);
});

test('blocks join back to the text, and splitting as text grows matches splitting it whole (property)', () => {
  const piece = fc.constantFrom(
    '# Title\n\n',
    'Some text. ',
    '**bold** ',
    '- item\n',
    '- other\n\n',
    '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
    '```ts\nconst x = 1;\n```\n\n',
    '> quote\n\n',
    '\n\n',
    '1. one\n2. two\n\n',
    // Lines whose meaning depends on the line before or after them.
    'Title\n---\n',
    'x\n===\n',
    '    code\n',
    '[a]: http://x\n',
    '~~~\nfence\n~~~\n',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 25 }), fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 20 }), (pieces, cuts) => {
      const text = pieces.join('');
      assert.equal(splitBlocks(text).join(''), text);
      const splitter = new IncrementalSplitter();
      let at = 0;
      for (const c of cuts) {
        at = Math.min(text.length, at + c);
        splitter.split(text.slice(0, at));
      }
      assert.deepEqual(splitter.split(text), splitBlocks(text));
    }),
    { numRuns: 500 },
  );
});

test('growing text that turns a line into a list item, a setext underline or a definition is cut as the whole text is', () => {
  const cases: Array<[string[], number[]]> = [
    // A line that was a paragraph's continuation becomes a list item once its `- ` arrives.
    [['Some text. ', '# Title\n\n', '- item\n', 'Some text. ', '- item\n', '# Title\n\n', '- item\n', '**bold** '], [1, 26, 14, 17, 3, 1]],
    // A link definition before a setext heading: no empty block, before or after the heading's underline.
    [['[a]: http://x\n', 'x\n===\n', '# Title\n\n', '# Title\n\n'], [4, 26]],
  ];
  for (const [pieces, cuts] of cases) {
    const text = pieces.join('');
    const splitter = new IncrementalSplitter();
    let at = 0;
    for (const c of cuts) splitter.split(text.slice(0, (at = Math.min(text.length, at + c))));
    const whole = splitBlocks(text);
    assert.deepEqual(splitter.split(text), whole);
    assert.ok(whole.every((b) => b.length > 0), 'no empty block');
  }
});
