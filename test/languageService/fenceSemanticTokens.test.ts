// Semantic tokens of Markdown documents: each closed diagram fence's tokens, the same as its
// text gets in a .diagram file, at their place in the Markdown text (UTF-16 columns).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeMarkdown } from '../../src/core/markdown/index';
import { getIconCatalog } from '../../src/node/iconStore';
import { createAnalysisCache, createLanguageService, decodeTokens, fenceSemanticTokens, SEMANTIC_TOKENS_LEGEND, textDocument, type LanguageService } from '../../src/languageService/index';

type Token = { line: number; char: number; length: number; type: string; modifiers: number };

function service(): LanguageService {
  return createLanguageService({ source: createAnalysisCache(() => getIconCatalog()), locale: () => 'en' });
}

/** The service's tokens at their places, with their types' names. */
const decode = (data: number[]): Token[] => decodeTokens(data).map((t) => ({ ...t, type: SEMANTIC_TOKENS_LEGEND.tokenTypes[t.type]! }));

const diagramTokens = (text: string) => decode(service().semanticTokens(textDocument('file:///w/a.diagram', text, 1)).data);
const markdownTokens = (md: string) => decode(service().semanticTokens(textDocument('file:///w/readme.md', md, 1, 'markdown')).data);
const shifted = (tokens: Token[], lines: number, columns: number) => tokens.map((t) => ({ ...t, line: t.line + lines, char: t.char + columns }));
const textOf = (text: string, t: Token) => text.split('\n')[t.line]!.slice(t.char, t.char + t.length);

// Emoji (two UTF-16 units) and accents inside the diagram, before tokens on their line.
const FENCE = 'diagram "Café ☕"\nweb = rectangle "🚀 Web" color=blue\ndb = cylinder "Ação"\nweb -> db "🎉 SQL" # ok 😀\n';

test('a fence after emoji and accents: its .diagram tokens, one line down per Markdown line above it', () => {
  const above = '# Café ☕ 🚀\n\nTexto com acentuação 🎉: ção.\n\n';
  const md = `${above}\`\`\`diagram\n${FENCE}\`\`\`\n\nDepois 😀.\n`;
  const expected = shifted(diagramTokens(FENCE), 5, 0);
  const got = markdownTokens(md);
  assert.ok(expected.length > 10);
  assert.deepEqual(got, expected);
  // Each token covers the same text in both files (UTF-16 columns after the emoji).
  for (const [i, t] of got.entries()) assert.equal(textOf(md, t), textOf(FENCE, diagramTokens(FENCE)[i]!));
  assert.ok(got.some((t) => textOf(md, t) === 'color' && t.type === 'property'));
  assert.ok(got.some((t) => textOf(md, t) === 'web' && t.type === 'variable' && t.modifiers === 1));
});

test('two fences, one in a quote: both fences\' tokens in order, the quote\'s "> " added to each column', () => {
  const second = 'diagram "Q"\nq = queue "Jobs 📨"\nw = rectangle\nq -> w\n';
  const quoted = second.replace(/\n$/, '').split('\n').map((l) => `> ${l}`).join('\n');
  const md = `Intro ✨\n\n\`\`\`diagram\n${FENCE}\`\`\`\n\nÉ isso 👍\n\n> \`\`\`diagram\n${quoted}\n> \`\`\`\n`;
  const firstLines = 3;
  const secondLines = firstLines + FENCE.split('\n').length - 1 + 1 + 4;
  const expected = [...shifted(diagramTokens(FENCE), firstLines, 0), ...shifted(diagramTokens(second), secondLines, 2)];
  const got = markdownTokens(md);
  assert.deepEqual(got, expected);
  assert.ok(got.some((t) => textOf(md, t) === 'queue' && t.type === 'type'));
  // fenceSemanticTokens on its own gives the service's answer.
  assert.deepEqual(decode(fenceSemanticTokens(analyzeMarkdown(md)).data), got);
});

test('an unclosed fence adds no tokens; a closed fence before it keeps its own', () => {
  const md = `\`\`\`diagram\n${FENCE}\`\`\`\n\n\`\`\`diagram\nx = rectangle "never closed"\nx -> y\n`;
  assert.deepEqual(markdownTokens(md), shifted(diagramTokens(FENCE), 1, 0));
  assert.deepEqual(markdownTokens('```diagram\na = rectangle "A"\n'), []);
  assert.deepEqual(markdownTokens('# No fences 😀\n'), []);
});
