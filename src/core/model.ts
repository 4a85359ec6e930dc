/**
 * The semantic model of a `.diagram` document and its diagnostics.
 *
 * Everything here is plain JSON-compatible data: it crosses worker, webview and MCP
 * boundaries unchanged. Positions are 1-based (line and column), columns count UTF-16
 * code units (as VS Code does), and every range's end is exclusive.
 */

export type Locale = 'en' | 'pt-BR';

export type Severity = 'error' | 'warning';

/** A 1-based, end-exclusive span of source text. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A replacement that fixes a diagnostic: put `text` where `range` is. */
export interface Suggestion {
  text: string;
  range: Range;
}

/** Every stable diagnostic code. Codes never change meaning once released. */
export type DiagnosticCode =
  | 'expected-id'
  | 'invalid-id'
  | 'expected-equals'
  | 'expected-shape'
  | 'expected-arrow'
  | 'expected-target'
  | 'expected-string'
  | 'expected-icon-id'
  | 'expected-value'
  | 'expected-open-brace'
  | 'unexpected-token'
  | 'unknown-keyword'
  | 'unknown-shape'
  | 'duplicate-id'
  | 'unterminated-string'
  | 'invalid-escape'
  | 'unexpected-open-brace'
  | 'unexpected-close-brace'
  | 'unclosed-group'
  | 'invalid-value'
  | 'unknown-attribute'
  | 'inapplicable-attribute'
  | 'duplicate-attribute'
  | 'undeclared-id'
  | 'unknown-icon'
  | 'repeated-title'
  | 'repeated-direction'
  | 'repeated-theme'
  | 'self-connection'
  | 'too-many-connections'
  | 'nesting-too-deep'
  | 'too-many-elements'
  | 'too-dense'
  | 'label-too-long'
  /** Markdown only: a `diagram` fence without its closing fence. */
  | 'unclosed-fence'
  /** The layout file beside the diagram does not parse (positioned in that file). */
  | 'layout-file-invalid'
  /** The layout file holds an id the diagram no longer has (positioned in that file). */
  | 'layout-stale-id';

/** Information attached to a diagnostic that points elsewhere (e.g. the first declaration). */
export interface RelatedInformation {
  range: Range;
  /** Message key resolved with {@link Diagnostic.args}, localised like the message. */
  messageKey: string;
}

/**
 * A problem found in a document. Locale-independent: the message is produced from
 * `code` and `args` by the language module's `formatMessage(diagnostic, locale)`.
 */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  range: Range;
  /** Values interpolated into the message template of `code` (ids, names, lists). */
  args: Record<string, string | number>;
  /** Replacements that fix it, best first (possibly empty). */
  suggestions: Suggestion[];
  related?: RelatedInformation[];
}

export type Direction = 'LR' | 'RL' | 'TB' | 'BT';
export type ThemeSetting = 'auto' | 'light' | 'dark';
export type Shape =
  | 'rectangle'
  | 'rounded'
  | 'circle'
  | 'diamond'
  | 'cylinder'
  | 'cloud'
  | 'hexagon'
  | 'person'
  | 'document'
  | 'queue'
  | 'note'
  | 'text'
  | 'icon';
export type Size = 'small' | 'medium' | 'large';
/** Which ends of a connection carry an arrowhead (after `<-` is normalised to `->`). */
export type ArrowHeads = 'end' | 'both' | 'none';
export type Animation = 'none' | 'packets' | 'flow' | 'pulse';
export type LineStyle = 'solid' | 'dashed' | 'dotted';

/** Attributes shared by nodes and groups, canonical (English) values. */
export interface ElementStyle {
  icon?: string;
  color?: string;
  fill?: string;
  tooltip?: string;
  /** Only http:, https: and mailto: values survive validation. */
  link?: string;
}

export interface NodeDecl extends ElementStyle {
  kind: 'node';
  id: string;
  shape: Shape;
  /** Label text with escapes resolved; defaults to the id. May contain `\n`. */
  label: string;
  size: Size;
  /** The enclosing group's id, if any. */
  parent?: string;
  /** True for a node created because a connection names an undeclared id. */
  implicit?: boolean;
  /** The whole statement. */
  range: Range;
  /** The id token (what rename and go-to-definition use). */
  idRange: Range;
}

export interface GroupDecl extends ElementStyle {
  kind: 'group';
  id: string;
  label: string;
  /**
   * Scales the title bar (title font, icon and padding) as `size` scales a node; the frame
   * itself always grows to fit the children. `'medium'` unless the `size` attribute says otherwise.
   */
  size: Size;
  /** Set by a `direction` statement inside the group body. */
  direction?: Direction;
  parent?: string;
  /** Ids of direct children (nodes and groups), in source order. */
  children: string[];
  /** From the group line to its closing `}` (or the end of the text if unclosed). */
  range: Range;
  idRange: Range;
}

export type ElementDecl = NodeDecl | GroupDecl;

/** One connection after chains and lists are expanded and `<-` is normalised. */
export interface Connection {
  /** Stable within a document: `c0`, `c1`, … in expansion order. */
  id: string;
  source: string;
  target: string;
  heads: ArrowHeads;
  label?: string;
  anim: Animation;
  /** Seconds per trip of the animation (slow 3, normal 1.5, fast 0.75 unless given). */
  speed: number;
  style: LineStyle;
  color?: string;
  /** The whole statement. */
  range: Range;
  /** The token of the id written as the source/target end (for references and rename). */
  sourceRange: Range;
  targetRange: Range;
}

export interface DiagramModel {
  title?: string;
  direction: Direction;
  theme: ThemeSetting;
  /** Every node and group by id (implicit nodes included), in declaration order. */
  elements: ElementDecl[];
  /** Ids of elements at the top level, in source order. */
  roots: string[];
  connections: Connection[];
}

/** What parsing a text yields: always a model (possibly partial) plus diagnostics. */
export interface ParseResult {
  model: DiagramModel;
  diagnostics: Diagnostic[];
}
