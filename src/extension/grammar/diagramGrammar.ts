import {
  ANIMATIONS,
  ATTRIBUTES,
  DIRECTIONS,
  LINE_STYLES,
  SHAPES,
  SIZES,
  SPEEDS,
  STATEMENT_KEYWORDS,
  THEMES,
  spellingsOf,
  type VocabularyEntry,
} from '../../core/language/index';

/** Scope name of the `.diagram` TextMate grammar. */
export const GRAMMAR_SCOPE = 'source.archflow';

// Identifier characters as the core's lexer defines them (letters, marks, digits, `_`).
const ID = '[\\p{L}_][\\p{L}\\p{M}\\p{Nd}_]*';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{M}\\p{Nd}_])';
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{M}\\p{Nd}_])';
const ICON_ID = '[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:[-_][a-z0-9]+)*';

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An alternation of every spelling (accented and plain), longest first so that no prefix wins. */
function words(entries: readonly VocabularyEntry[], filter: (e: VocabularyEntry) => boolean = () => true): string {
  const all = new Set<string>();
  for (const e of entries.filter(filter)) for (const s of spellingsOf(e)) all.add(s);
  return [...all].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(escapeRegex).join('|');
}

/**
 * The TextMate grammar of the `.diagram` language, built from the core's vocabulary
 * tables so that every keyword spelling (Portuguese and English, with and without
 * accents, any case) is highlighted exactly when the parser accepts it. Deterministic:
 * the same vocabulary always yields the same JSON.
 */
export function diagramGrammar(): Record<string, unknown> {
  const statementWords = (value: string) => words(STATEMENT_KEYWORDS, (e) => e.value === value);
  const valueWords = words([...DIRECTIONS, ...THEMES, ...SIZES, ...ANIMATIONS, ...SPEEDS, ...LINE_STYLES]);
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'ArchFlow',
    scopeName: GRAMMAR_SCOPE,
    fileTypes: ['diagram'],
    patterns: [
      { include: '#comment' },
      { include: '#title' },
      { include: '#direction' },
      { include: '#theme' },
      { include: '#group-declaration' },
      { include: '#icon-node-declaration' },
      { include: '#node-declaration' },
      { include: '#attribute' },
      { include: '#string' },
      { include: '#arrow' },
      { include: '#punctuation' },
      { include: '#identifier' },
    ],
    repository: {
      comment: {
        patterns: [
          { name: 'comment.line.number-sign.archflow', match: '(#).*$', captures: { 1: { name: 'punctuation.definition.comment.archflow' } } },
          { name: 'comment.line.double-slash.archflow', match: '(//).*$', captures: { 1: { name: 'punctuation.definition.comment.archflow' } } },
        ],
      },
      title: {
        match: `(?i)^\\s*(${statementWords('title')})${NOT_WORD_AFTER}`,
        captures: { 1: { name: 'keyword.other.title.archflow' } },
      },
      direction: {
        match: `(?i)^\\s*(${statementWords('direction')})${NOT_WORD_AFTER}(?:\\s+(${words(DIRECTIONS)})${NOT_WORD_AFTER})?`,
        captures: { 1: { name: 'keyword.other.direction.archflow' }, 2: { name: 'constant.language.direction.archflow' } },
      },
      theme: {
        match: `(?i)^\\s*(${statementWords('theme')})${NOT_WORD_AFTER}(?:\\s+(${words(THEMES)})${NOT_WORD_AFTER})?`,
        captures: { 1: { name: 'keyword.other.theme.archflow' }, 2: { name: 'constant.language.theme.archflow' } },
      },
      'group-declaration': {
        match: `(?i)^\\s*(${ID})\\s*(=)\\s*(${statementWords('group')})${NOT_WORD_AFTER}`,
        captures: {
          1: { name: 'entity.name.type.group.archflow' },
          2: { name: 'keyword.operator.assignment.archflow' },
          3: { name: 'storage.type.group.archflow' },
        },
      },
      'icon-node-declaration': {
        match: `(?i)^\\s*(${ID})\\s*(=)\\s*(${words(SHAPES, (e) => e.value === 'icon')})${NOT_WORD_AFTER}(?:\\s+(${ICON_ID}))?`,
        captures: {
          1: { name: 'entity.name.type.node.archflow' },
          2: { name: 'keyword.operator.assignment.archflow' },
          3: { name: 'storage.type.shape.archflow' },
          4: { name: 'constant.other.icon.archflow' },
        },
      },
      'node-declaration': {
        match: `(?i)^\\s*(${ID})\\s*(=)\\s*(?:(${words(SHAPES)})${NOT_WORD_AFTER}|(${ID}))`,
        captures: {
          1: { name: 'entity.name.type.node.archflow' },
          2: { name: 'keyword.operator.assignment.archflow' },
          3: { name: 'storage.type.shape.archflow' },
          4: { name: 'variable.other.unknown-shape.archflow' },
        },
      },
      attribute: {
        // `key=value` with no spaces around `=`; the value ends at whitespace or a comma.
        begin: `(?i)${NOT_WORD_BEFORE}(?:(${words(ATTRIBUTES)})|(${ID}))(=)`,
        beginCaptures: {
          1: { name: 'entity.other.attribute-name.archflow' },
          2: { name: 'entity.other.attribute-name.unknown.archflow' },
          3: { name: 'punctuation.separator.key-value.archflow' },
        },
        end: '(?=[\\s,]|$)',
        patterns: [
          { include: '#string' },
          { name: 'constant.other.color.rgb-value.archflow', match: '#[0-9a-fA-F]+' },
          { name: 'constant.other.icon.archflow', match: `(?i)${ICON_ID}` },
          { name: 'constant.numeric.archflow', match: '\\d+(?:\\.\\d+)?' },
          { name: 'constant.language.value.archflow', match: `(?i)(?:${valueWords})${NOT_WORD_AFTER}` },
          { name: 'support.constant.color.archflow', match: `${ID}` },
        ],
      },
      string: {
        name: 'string.quoted.double.archflow',
        begin: '"',
        beginCaptures: { 0: { name: 'punctuation.definition.string.begin.archflow' } },
        // A string may not span lines: an unterminated one ends with its line.
        end: '(")|$',
        endCaptures: { 1: { name: 'punctuation.definition.string.end.archflow' } },
        patterns: [
          { name: 'constant.character.escape.archflow', match: '\\\\["\\\\n]' },
          { name: 'invalid.illegal.escape.archflow', match: '\\\\.' },
        ],
      },
      arrow: {
        name: 'keyword.operator.arrow.archflow',
        match: '<-->|<->|<--|-->|->|<-|--',
      },
      punctuation: {
        patterns: [
          { name: 'punctuation.section.block.begin.archflow', match: '\\{' },
          { name: 'punctuation.section.block.end.archflow', match: '\\}' },
          { name: 'punctuation.separator.comma.archflow', match: ',' },
          { name: 'keyword.operator.assignment.archflow', match: '=' },
        ],
      },
      identifier: {
        name: 'variable.other.id.archflow',
        match: ID,
      },
    },
  };
}
