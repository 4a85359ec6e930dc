// The committed TextMate grammar, tokenized with the same engine VS Code uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';
import { diagramGrammar, GRAMMAR_SCOPE } from '../../../src/extension/grammar/diagramGrammar';
import { ATTRIBUTES, SHAPES, STATEMENT_KEYWORDS, spellingsOf } from '../../../src/core/language/index';

const root = join(import.meta.dirname, '../../..');
const grammarPath = join(root, 'syntaxes/diagram.tmLanguage.json');

let grammarPromise: Promise<textmate.IGrammar> | undefined;
function loadGrammar(): Promise<textmate.IGrammar> {
  grammarPromise ??= (async () => {
    const wasm = readFileSync(join(createRequire(import.meta.url).resolve('vscode-oniguruma'), '../onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new textmate.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s: string) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scope) => (scope === GRAMMAR_SCOPE ? textmate.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null),
    });
    const grammar = await registry.loadGrammar(GRAMMAR_SCOPE);
    assert.ok(grammar);
    return grammar;
  })();
  return grammarPromise;
}

/** [text, innermost scope] of each token of one line. */
async function tokens(line: string): Promise<[string, string][]> {
  const grammar = await loadGrammar();
  const r = grammar.tokenizeLine(line, textmate.INITIAL);
  return r.tokens
    .map((t): [string, string] => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1]!])
    .filter(([text]) => text.trim() !== '');
}

function scopeOf(toks: [string, string][], text: string): string | undefined {
  return toks.find(([t]) => t === text)?.[1];
}

test('the committed grammar is the one generated from the vocabulary', () => {
  const committed = JSON.parse(readFileSync(grammarPath, 'utf8'));
  assert.deepEqual(committed, diagramGrammar(), 'run: node --import tsx src/extension/grammar/writeGrammar.ts');
});

test('every shape spelling, accented or not, in any case, is a shape keyword', async () => {
  for (const shape of SHAPES) {
    for (const spelling of spellingsOf(shape)) {
      for (const written of [spelling, spelling.toUpperCase()]) {
        const toks = await tokens(`n = ${written} "x"`);
        assert.equal(scopeOf(toks, written), 'storage.type.shape.archflow', `${written}: ${JSON.stringify(toks)}`);
        assert.equal(scopeOf(toks, 'n'), 'entity.name.type.node.archflow');
      }
    }
  }
});

test('statement keywords in both languages', async () => {
  const title = STATEMENT_KEYWORDS.find((e) => e.value === 'title')!;
  for (const s of spellingsOf(title)) assert.equal(scopeOf(await tokens(`${s} "T"`), s), 'keyword.other.title.archflow');
  for (const line of ['direção TB', 'direcao TB', 'DIREÇÃO TB', 'direction TB']) {
    const toks = await tokens(line);
    assert.equal(toks[0]![1], 'keyword.other.direction.archflow', line);
    assert.equal(scopeOf(toks, 'TB'), 'constant.language.direction.archflow', line);
  }
  for (const line of ['tema escuro', 'theme dark']) {
    const toks = await tokens(line);
    assert.equal(toks[0]![1], 'keyword.other.theme.archflow');
    assert.equal(toks[1]![1], 'constant.language.theme.archflow');
  }
  for (const line of ['app = grupo "App" {', 'app = group "App" {']) {
    const toks = await tokens(line);
    assert.equal(toks[0]![1], 'entity.name.type.group.archflow');
    assert.equal(toks[2]![1], 'storage.type.group.archflow');
    assert.equal(scopeOf(toks, '{'), 'punctuation.section.block.begin.archflow');
  }
});

test('every attribute spelling is an attribute name', async () => {
  for (const attr of ATTRIBUTES) {
    for (const s of spellingsOf(attr)) {
      const toks = await tokens(`a -> b ${s}=x`);
      assert.equal(scopeOf(toks, s), 'entity.other.attribute-name.archflow', s);
    }
  }
});

test('icon ids, colours, numbers and enumerated values inside attributes', async () => {
  const toks = await tokens('db = cilindro "Postgres" ícone=logos:postgresql cor=#ff8800 fundo=lightblue');
  assert.equal(scopeOf(toks, 'logos:postgresql'), 'constant.other.icon.archflow');
  assert.equal(scopeOf(toks, '#ff8800'), 'constant.other.color.rgb-value.archflow');
  assert.equal(scopeOf(toks, 'lightblue'), 'support.constant.color.archflow');
  const conn = await tokens('a -> b anim=pacotes velocidade=1.5 estilo=tracejado');
  assert.equal(scopeOf(conn, 'pacotes'), 'constant.language.value.archflow');
  assert.equal(scopeOf(conn, '1.5'), 'constant.numeric.archflow');
  assert.equal(scopeOf(conn, 'tracejado'), 'constant.language.value.archflow');
  const iconNode = await tokens('lb = ícone logos:aws-elb "Load Balancer"');
  assert.equal(scopeOf(iconNode, 'ícone'), 'storage.type.shape.archflow');
  assert.equal(scopeOf(iconNode, 'logos:aws-elb'), 'constant.other.icon.archflow');
});

test('every arrow, ids and lists in connections', async () => {
  for (const arrow of ['->', '-->', '<-', '<--', '<->', '<-->', '--']) {
    const toks = await tokens(`a ${arrow} b`);
    assert.deepEqual(toks, [
      ['a', 'variable.other.id.archflow'],
      [arrow, 'keyword.operator.arrow.archflow'],
      ['b', 'variable.other.id.archflow'],
    ]);
  }
  const list = await tokens('api1, api2 -> db');
  assert.equal(scopeOf(list, ','), 'punctuation.separator.comma.archflow');
  assert.equal(scopeOf(list, 'api2'), 'variable.other.id.archflow');
});

test('strings with escapes, invalid escapes and unterminated strings', async () => {
  const toks = await tokens('a = rect "say \\"hi\\"\\nthere \\q"');
  assert.equal(scopeOf(toks, '\\"'), 'constant.character.escape.archflow');
  assert.equal(scopeOf(toks, '\\n'), 'constant.character.escape.archflow');
  assert.equal(scopeOf(toks, '\\q'), 'invalid.illegal.escape.archflow');
  // The string stops at the end of its line: the next line starts fresh.
  const grammar = await loadGrammar();
  const first = grammar.tokenizeLine('a = rect "never closed', textmate.INITIAL);
  const second = grammar.tokenizeLine('b -> c', first.ruleStack);
  assert.equal(second.tokens[0]!.scopes.at(-1), 'variable.other.id.archflow');
});

test('comments with # and //, but # after = is a colour', async () => {
  assert.deepEqual(await tokens('# a comment'), [
    ['#', 'punctuation.definition.comment.archflow'],
    [' a comment', 'comment.line.number-sign.archflow'],
  ]);
  const slash = await tokens('a -> b // why');
  assert.equal(slash.at(-1)![1], 'comment.line.double-slash.archflow');
  const colour = await tokens('a = rect cor=#abc # trailing');
  assert.equal(scopeOf(colour, '#abc'), 'constant.other.color.rgb-value.archflow');
  assert.equal(colour.at(-1)![1], 'comment.line.number-sign.archflow');
  const inString = await tokens('a = rect "# not a comment"');
  assert.ok(!inString.some(([, s]) => s.startsWith('comment')));
});

test('an unknown shape after `id =` is not highlighted as a keyword (no flashing red while typing)', async () => {
  const toks = await tokens('a = retangolo "x"');
  assert.equal(scopeOf(toks, 'retangolo'), 'variable.other.unknown-shape.archflow');
});
