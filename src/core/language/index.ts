export { parseDiagram, MAX_CONNECTIONS_PER_STATEMENT, MAX_ICON_SUGGESTION_QUERIES, type ParseOptions } from './parser';
export { MAX_LABEL_LENGTH } from '../labelLimit';
export { DIAGRAM_LIMITS } from './diagramLimits';
export { formatMessage, formatRelated, formatDiagnosticLine, reportDiagnostic, type DiagnosticReport } from './messages';
export { formatDiagram } from './formatter';
export { syntaxHelp, SYNTAX_EXAMPLE_EN, SYNTAX_EXAMPLE_PT } from './syntaxHelp';
export { tokenize, type Token, type TokenKind, type BaseToken, type StringToken } from './lexer';
export {
  STATEMENT_KEYWORDS,
  SHAPES,
  ATTRIBUTES,
  DIRECTIONS,
  THEMES,
  SIZES,
  ANIMATIONS,
  SPEEDS,
  DEFAULT_SPEED,
  LINE_STYLES,
  ARROWS,
  ENUM_VALUES,
  spellingsOf,
  type Localized,
  type VocabularyEntry,
  type AttributeEntry,
  type AttributeName,
  type AttributeContext,
  type AttributeValueKind,
  type StatementKeyword,
  type SpeedName,
  type ArrowKind,
} from './vocabulary';
export { lookupWord, type VocabularyCategory, type VocabularyMatch } from './lookup';
export { CSS_COLOR_NAMES, parseColor } from './colors';
export { DIAGNOSTIC_SEVERITY, DIAGNOSTIC_CODES } from './severity';
export { isIdentifier } from './words';
