import type { IconCatalog } from '../icons/types';
import { diagramLimitBreaches } from './diagramLimits';
import { isLabelTooLong, labelLength, MAX_LABEL_LENGTH } from '../labelLimit';
import type {
  ArrowHeads,
  Animation,
  Connection,
  Diagnostic,
  DiagnosticCode,
  DiagramModel,
  Direction,
  ElementDecl,
  GroupDecl,
  LineStyle,
  NodeDecl,
  ParseResult,
  Range,
  RelatedInformation,
  Shape,
  Size,
  Suggestion,
  ThemeSetting,
} from '../model';
import { PORTUGUESE_COLOR_HINTS, CSS_COLOR_NAMES, parseColor } from './colors';
import { tokenize, type StringToken, type Token } from './lexer';
import { DIAGNOSTIC_SEVERITY } from './severity';
import {
  ANIMATIONS,
  ARROWS,
  ATTRIBUTES,
  DEFAULT_SPEED,
  DIRECTIONS,
  LINE_STYLES,
  SHAPES,
  SIZES,
  SPEEDS,
  STATEMENT_KEYWORDS,
  THEMES,
  type ArrowKind,
  type AttributeContext,
  type AttributeEntry,
  type AttributeName,
  type SpeedName,
  type StatementKeyword,
} from './vocabulary';
import { CandidateIndex, WordTable, foldWord, isIdentifier, isNotNoise, suggestClosest, toIdentifier, type Family, type WordMatch } from './words';

/** Options of {@link parseDiagram}. */
export interface ParseOptions {
  /** When given, icon ids it does not know yield `unknown-icon` warnings with its suggestions. */
  icons?: Pick<IconCatalog, 'has' | 'suggest'>;
}

/** One source line as the parser saw it; what the formatter works from. */
export interface LineInfo {
  /** 1-based line number. */
  line: number;
  /** UTF-16 offsets of the line's text, line break excluded. */
  start: number;
  end: number;
  /** Code tokens (comments and line breaks excluded). */
  tokens: Token[];
  /** The comment that ends the line, if any. */
  comment?: Token;
  /** Number of open blocks the line sits in (a `}` line sits outside the block it closes). */
  depth: number;
  /** False when the line has a syntax error: the formatter then keeps it as written. */
  formattable: boolean;
}

/** A parse plus the per-line view the formatter needs. */
export interface ParsedDocument extends ParseResult {
  lines: LineInfo[];
  /** The first line break in the text (`\n` when there is none or it is a lone `\r`). */
  eol: '\n' | '\r\n';
}

/** Past this many distinct undeclared ids, the rest get no "did you mean" (they are meant as implicit nodes). */
const MAX_ID_SUGGESTION_QUERIES = 100;

/**
 * Past this many distinct unknown icon ids, the rest get no "did you mean": each query scans
 * the whole icon index (tens of ms), and one document may name thousands of made-up icons.
 */
export const MAX_ICON_SUGGESTION_QUERIES = 10;

/** More connections than this from one statement is a mistake, not a diagram. */
export const MAX_CONNECTIONS_PER_STATEMENT = 10_000;

const STATEMENTS = new WordTable<StatementKeyword>(STATEMENT_KEYWORDS);
const LINE_STATEMENTS = new WordTable<StatementKeyword>(STATEMENT_KEYWORDS.filter((k) => k.value !== 'group'));
const SHAPE_TABLE = new WordTable<Shape>(SHAPES);
const SHAPE_OR_GROUP = new WordTable<string>([...SHAPES, ...STATEMENT_KEYWORDS.filter((k) => k.value === 'group')]);
const ATTRIBUTE_TABLE = new WordTable<AttributeName>(ATTRIBUTES);
const ATTRIBUTES_FOR: Record<AttributeContext, WordTable<AttributeName>> = {
  node: new WordTable(ATTRIBUTES.filter((a) => a.appliesTo.includes('node'))),
  group: new WordTable(ATTRIBUTES.filter((a) => a.appliesTo.includes('group'))),
  connection: new WordTable(ATTRIBUTES.filter((a) => a.appliesTo.includes('connection'))),
};
const DIRECTION_TABLE = new WordTable<Direction>(DIRECTIONS);
const THEME_TABLE = new WordTable<ThemeSetting>(THEMES);
const SIZE_TABLE = new WordTable<Size>(SIZES);
const ANIM_TABLE = new WordTable<Animation>(ANIMATIONS);
const STYLE_TABLE = new WordTable<LineStyle>(LINE_STYLES);
const SPEED_TABLE = new WordTable<SpeedName>(SPEEDS);
const ARROW_KINDS = new Map<string, ArrowKind>(ARROWS.map((a) => [a.text, a.kind]));

const ICON_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NUMBER = /^\d+(?:\.\d+)?$/;
const LINK = /^(?:https?:\/\/[^\s/?#]\S*|mailto:\S+)$/i;

type Block =
  | { kind: 'group'; decl: GroupDecl | null; childParent: string | undefined; open: Token; directionRange?: Range }
  | { kind: 'stray'; childParent: string | undefined; open: Token };

type AttrValue = string | number;

interface Tail {
  label?: string;
  /** Valid attribute values by canonical name. */
  attrs: Partial<Record<AttributeName, AttrValue>>;
  /** The key token of each attribute given (for duplicate warnings). */
  keys: Partial<Record<AttributeName, Token>>;
  brace: 'none' | 'open' | 'closed';
  braceToken?: Token;
  closeToken?: Token;
}

function span(a: Range, b: Range): Range {
  return { line: a.line, column: a.column, endLine: b.endLine, endColumn: b.endColumn };
}

function endPoint(r: Range): Range {
  return { line: r.endLine, column: r.endColumn, endLine: r.endLine, endColumn: r.endColumn };
}

function quote(text: string): string {
  return '"' + text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') + '"';
}

function hasNonAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return true;
  return false;
}

/** The text of a value token: a string's content, anything else as written. */
function valueText(t: Token): string {
  return t.kind === 'string' ? t.value : t.text;
}

/** A replacement for a value token, quoted when the token was a string. */
function replacement(t: Token, text: string): Suggestion {
  return { text: t.kind === 'string' ? quote(text) : text, range: t.range };
}

class Parser {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly elements: ElementDecl[] = [];
  private readonly byId = new Map<string, ElementDecl>();
  private readonly roots: string[] = [];
  private readonly connections: Connection[] = [];
  private readonly refs: Token[] = [];
  private readonly stack: Block[] = [];
  private readonly lines: LineInfo[] = [];
  private title?: string;
  private titleRange?: Range;
  private direction: Direction = 'LR';
  private directionRange?: Range;
  private theme: ThemeSetting = 'auto';
  private themeRange?: Range;
  private ptWords = 0;
  private enWords = 0;
  /** A group written without `{`: a lone `{` on the next statement line opens it. */
  private pendingGroup: { decl: GroupDecl | null; childParent: string | undefined } | null = null;
  private current!: LineInfo;
  private lineHasError = false;
  /** Suggestions already asked of the icon index, by icon id (see MAX_ICON_SUGGESTION_QUERIES). */
  private readonly iconSuggestions = new Map<string, string[]>();

  constructor(
    private readonly text: string,
    private readonly icons: ParseOptions['icons'],
  ) {}

  run(): ParsedDocument {
    const tokens = tokenize(this.text);
    let code: Token[] = [];
    let comment: Token | undefined;
    let start = 0;
    let line = 1;
    let eol: '\n' | '\r\n' | undefined;
    for (const t of tokens) {
      if (t.kind === 'newline') {
        eol ??= t.text === '\r\n' ? '\r\n' : '\n';
        this.processLine({ line, start, end: t.offset, tokens: code, comment, depth: 0, formattable: true });
        code = [];
        comment = undefined;
        start = t.offset + t.text.length;
        line++;
      } else if (t.kind === 'comment') {
        comment = t;
      } else {
        code.push(t);
      }
    }
    this.processLine({ line, start, end: this.text.length, tokens: code, comment, depth: 0, formattable: true });
    this.finish(line, this.text.length - start + 1);
    this.diagnostics.sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
    const model: DiagramModel = {
      direction: this.direction,
      theme: this.theme,
      elements: this.elements,
      roots: this.roots,
      connections: this.connections,
    };
    if (this.title !== undefined) model.title = this.title;
    return { model, diagnostics: this.diagnostics, lines: this.lines, eol: eol ?? '\n' };
  }

  // ---- diagnostics -------------------------------------------------------------

  private report(
    code: DiagnosticCode,
    range: Range,
    args: Record<string, string | number | undefined> = {},
    suggestions: Suggestion[] = [],
    related?: RelatedInformation[],
  ): void {
    const clean: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(args)) if (v !== undefined) clean[k] = v;
    const d: Diagnostic = { code, severity: DIAGNOSTIC_SEVERITY[code], range, args: clean, suggestions };
    if (related) d.related = related;
    this.diagnostics.push(d);
    if (d.severity === 'error') this.lineHasError = true;
  }

  /** A structural error: the line is kept as written by the formatter. */
  private syntax(code: DiagnosticCode, range: Range, args: Record<string, string | number | undefined> = {}, suggestions: Suggestion[] = []): void {
    this.current.formattable = false;
    this.report(code, range, args, suggestions);
  }

  private tally(family: Family): void {
    if (family === 'pt') this.ptWords++;
    else if (family === 'en') this.enWords++;
  }

  /** The keyword family to suggest in: the word's own when it has accents, else the document's. */
  private prefer(word: string): 'pt' | 'en' {
    if (hasNonAscii(word)) return 'pt';
    return this.enWords > this.ptWords ? 'en' : 'pt';
  }

  private match<V extends string>(table: WordTable<V>, word: string): WordMatch<V> | undefined {
    const m = table.lookup(word);
    if (m) this.tally(m.family);
    return m;
  }

  // ---- lines -------------------------------------------------------------------

  private processLine(info: LineInfo): void {
    this.current = info;
    this.lineHasError = false;
    this.lines.push(info);
    info.depth = this.stack.length;
    const toks = info.tokens;
    if (toks.length === 0) return;

    for (const t of toks) if (t.kind === 'string') this.checkString(t);

    const pending = this.pendingGroup;
    this.pendingGroup = null;
    const first = toks[0];
    if (first.kind === 'closeBrace') {
      this.closeBlock(first);
      info.depth = this.stack.length;
      if (toks.length > 1) this.unexpected(toks[1]);
      return;
    }
    if (first.kind === 'openBrace') {
      if (pending && toks.length === 1) {
        this.stack.push({ kind: 'group', decl: pending.decl, childParent: pending.childParent, open: first });
        return;
      }
      this.syntax('unexpected-open-brace', first.range);
      if (toks[toks.length - 1].kind !== 'closeBrace') this.stack.push({ kind: 'stray', childParent: this.parentId(), open: first });
      return;
    }
    if (first.kind !== 'word') {
      this.syntax('expected-id', first.range, { found: first.text });
      this.strayBrace(toks);
      return;
    }
    const second = toks[1];
    if (second?.kind === 'equals') return this.declaration(toks);
    if (second && (second.kind === 'arrow' || second.kind === 'comma')) return this.connection(toks);

    const kw = this.match(LINE_STATEMENTS, first.text);
    if (kw) {
      this.keywordStatement(kw.entry.value, toks);
      this.strayBrace(toks);
      return;
    }

    if (STATEMENTS.lookup(first.text) || SHAPE_TABLE.lookup(first.text)) {
      // `grupo "X" {` or `retângulo "API"`: the id and `=` are missing.
      this.syntax('expected-id', first.range, { found: first.text });
    } else {
      const near = LINE_STATEMENTS.suggest(first.text, this.prefer(first.text));
      if (near.length > 0) {
        this.syntax('unknown-keyword', first.range, { word: first.text, suggestion: near[0] }, near.map((s) => ({ text: s, range: first.range })));
      } else {
        const fix = second?.kind === 'word' && SHAPE_OR_GROUP.lookup(second.text) ? [{ text: ' =', range: endPoint(first.range) }] : [];
        this.syntax('expected-equals', first.range, { id: first.text }, fix);
      }
    }
    this.strayBrace(toks);
  }

  private checkString(t: StringToken): void {
    if (!t.terminated) {
      const content = t.text.trimEnd();
      const at = t.range.column + content.length;
      const r = t.range;
      this.syntax('unterminated-string', r, {}, [{ text: '"', range: { line: r.line, column: at, endLine: r.line, endColumn: at } }]);
    }
    for (const e of t.invalidEscapes) {
      const escape = this.text.slice(t.offset + e.column - t.range.column, t.offset + e.endColumn - t.range.column);
      this.report('invalid-escape', e, { escape }, [{ text: '\\' + escape, range: e }]);
    }
  }

  /** A label or title too long to draw whole: drawn shortened, so a warning that says so. */
  private checkLength(value: string, range: Range, context: 'label' | 'title'): void {
    if (isLabelTooLong(value)) this.report('label-too-long', range, { context, length: labelLength(value), limit: MAX_LABEL_LENGTH });
  }

  private unexpected(t: Token): void {
    if (this.lineHasError) return;
    this.syntax('unexpected-token', t.range, { token: t.text.length > 40 ? t.text.slice(0, 40) + '…' : t.text });
  }

  /** A line that failed early but ends in `{` still opens a block, so its `}` is not reported again. */
  private strayBrace(toks: Token[]): void {
    if (toks.length > 1 && toks[toks.length - 1].kind === 'openBrace') {
      this.stack.push({ kind: 'stray', childParent: this.parentId(), open: toks[toks.length - 1] });
    }
  }

  private parentId(): string | undefined {
    return this.stack.length ? this.stack[this.stack.length - 1].childParent : undefined;
  }

  private closeBlock(close: Token): void {
    const block = this.stack.pop();
    if (!block) {
      this.syntax('unexpected-close-brace', close.range, {}, [{ text: '', range: close.range }]);
      return;
    }
    if (block.kind === 'group' && block.decl) block.decl.range = span(block.decl.range, close.range);
  }

  // ---- statements ----------------------------------------------------------------

  private keywordStatement(kind: StatementKeyword, toks: Token[]): void {
    const kwTok = toks[0];
    const arg = toks[1];
    let next = 2;
    const stmt = span(kwTok.range, toks[toks.length - 1].range);
    if (kind === 'title') {
      let value: string | undefined;
      if (arg?.kind === 'string') {
        value = arg.value;
        this.checkLength(value, arg.range, 'title');
      } else if (arg?.kind === 'word') {
        let j = 1;
        while (toks[j]?.kind === 'word') j++;
        const words = toks.slice(1, j);
        value = words.map((w) => w.text).join(' ');
        const r = span(words[0].range, words[words.length - 1].range);
        this.syntax('expected-string', r, { context: 'title' }, [{ text: quote(value), range: r }]);
        next = j;
      } else {
        this.syntax('expected-string', arg ? arg.range : kwTok.range, { context: 'title' });
        next = arg ? 1 : 2;
      }
      if (toks[next]) this.unexpected(toks[next]);
      if (value === undefined) return;
      if (this.titleRange) {
        this.report('repeated-title', stmt, { line: this.titleRange.line }, [], [{ range: this.titleRange, messageKey: 'previous-title' }]);
      }
      this.title = value;
      this.titleRange = stmt;
      return;
    }
    const table: WordTable<string> = kind === 'direction' ? DIRECTION_TABLE : THEME_TABLE;
    let value: string | undefined;
    if (!arg) {
      this.syntax('expected-value', kwTok.range, { attribute: kwTok.text, kind });
    } else if (arg.kind === 'word' || arg.kind === 'string') {
      value = this.match(table, valueText(arg))?.entry.value;
      if (value === undefined) this.invalidValue(kwTok, arg, kind, table);
    } else {
      this.syntax('expected-value', arg.range, { attribute: kwTok.text, kind });
      next = 1;
    }
    if (toks[next]) this.unexpected(toks[next]);
    if (value === undefined) return;
    if (kind === 'theme') {
      if (this.themeRange) this.report('repeated-theme', stmt, { line: this.themeRange.line }, [], [{ range: this.themeRange, messageKey: 'previous-theme' }]);
      this.theme = value as ThemeSetting;
      this.themeRange = stmt;
      return;
    }
    for (let k = this.stack.length - 1; k >= 0; k--) {
      const b = this.stack[k];
      if (b.kind === 'stray') continue;
      if (!b.decl) return;
      if (b.directionRange) {
        this.report('repeated-direction', stmt, { line: b.directionRange.line }, [], [{ range: b.directionRange, messageKey: 'previous-direction' }]);
      }
      b.decl.direction = value as Direction;
      b.directionRange = stmt;
      return;
    }
    if (this.directionRange) {
      this.report('repeated-direction', stmt, { line: this.directionRange.line }, [], [{ range: this.directionRange, messageKey: 'previous-direction' }]);
    }
    this.direction = value as Direction;
    this.directionRange = stmt;
  }

  private declaration(toks: Token[]): void {
    const idTok = toks[0];
    const eq = toks[1];
    this.checkId(idTok);
    let i = 2;
    let isGroup = false;
    let shape: Shape = 'rectangle';
    let icon: string | undefined;
    let iconTok: Token | undefined;
    const t = toks[2];
    if (!t) {
      this.syntax('expected-shape', eq.range);
    } else if (t.kind === 'word') {
      i = 3;
      if (this.match(STATEMENTS, t.text)?.entry.value === 'group') {
        isGroup = true;
      } else {
        const s = this.match(SHAPE_TABLE, t.text);
        if (s) {
          shape = s.entry.value;
          if (shape === 'icon') {
            const it = toks[3];
            if (it?.kind === 'word' && toks[4]?.kind !== 'equals') {
              i = 4;
              iconTok = it;
              icon = this.iconValue(it);
            } else {
              this.syntax('expected-icon-id', t.range, { found: '' });
            }
          }
        } else if (t.text.includes(':')) {
          // An icon id where the shape goes: most likely the `ícone` keyword is missing.
          const kw = this.prefer(t.text) === 'en' ? 'icon' : 'ícone';
          this.syntax('expected-shape', t.range, { icon: t.text }, [{ text: `${kw} ${t.text}`, range: t.range }]);
          shape = 'icon';
          iconTok = t;
          icon = this.iconValue(t);
        } else {
          const near = SHAPE_OR_GROUP.suggest(t.text, this.prefer(t.text));
          this.report('unknown-shape', t.range, { shape: t.text, suggestion: near[0] }, near.map((s) => ({ text: s, range: t.range })));
        }
      }
    } else {
      this.syntax('expected-shape', t.range);
    }

    const tail = this.tail(toks, i, isGroup ? 'group' : 'node');
    const id = idTok.text;
    const range = span(idTok.range, toks[toks.length - 1].range);
    const label = tail.label ?? id;
    if (tail.label === undefined) this.checkLength(id, idTok.range, 'label');
    if (isGroup) {
      const decl: GroupDecl = { kind: 'group', id, label, size: 'medium', children: [], range, idRange: idTok.range };
      this.applyStyle(decl, tail.attrs);
      const registered = this.register(decl);
      const childParent = registered ? id : this.parentId();
      if (tail.brace === 'open') {
        this.stack.push({ kind: 'group', decl: registered ? decl : null, childParent, open: tail.braceToken! });
      } else if (tail.brace === 'closed') {
        decl.range = span(idTok.range, tail.closeToken!.range);
      } else {
        const last = toks[toks.length - 1];
        this.syntax('expected-open-brace', last.range, { id }, [{ text: ' {', range: endPoint(last.range) }]);
        this.pendingGroup = { decl: registered ? decl : null, childParent };
      }
      return;
    }
    const decl: NodeDecl = { kind: 'node', id, shape, label, size: 'medium', range, idRange: idTok.range };
    if (icon !== undefined) decl.icon = icon;
    if (iconTok && tail.attrs.icon !== undefined) this.report('duplicate-attribute', iconTok.range, { attribute: t!.text, line: iconTok.range.line });
    this.applyStyle(decl, tail.attrs);
    this.register(decl);
    this.braceInStatement(tail);
  }

  private connection(toks: Token[]): void {
    const lists: Token[][] = [];
    const arrows: Token[] = [];
    let cur: Token[] = [];
    let i = 0;
    let broken = false;
    for (;;) {
      const t = toks[i];
      if (t?.kind === 'word' && toks[i + 1]?.kind !== 'equals') {
        cur.push(t);
        i++;
      } else {
        const prev = toks[i - 1];
        if (prev.kind === 'arrow') this.syntax('expected-target', t ? t.range : prev.range, { arrow: prev.text });
        else this.syntax('expected-id', t ? t.range : prev.range, { found: t ? t.text : '' });
        broken = true;
        if (cur.length) lists.push(cur);
        break;
      }
      const nx = toks[i];
      if (nx?.kind === 'comma') {
        i++;
        continue;
      }
      lists.push(cur);
      cur = [];
      if (nx?.kind === 'arrow') {
        arrows.push(nx);
        i++;
        continue;
      }
      break;
    }
    if (arrows.length === 0) {
      if (!broken) {
        const r = span(lists[0][0].range, lists[0][lists[0].length - 1].range);
        this.syntax('expected-arrow', r);
      }
      this.strayBrace(toks);
      return;
    }
    const tail: Tail = broken ? { attrs: {}, keys: {}, brace: 'none' } : this.tail(toks, i, 'connection');
    if (broken) this.strayBrace(toks);

    const used = lists.slice(0, arrows.length + 1);
    for (const list of used) {
      for (const t of list) {
        this.checkId(t);
        this.refs.push(t);
      }
    }
    const range = span(toks[0].range, toks[toks.length - 1].range);
    const speed = tail.attrs.speed;
    const base = {
      anim: (tail.attrs.anim as Animation | undefined) ?? 'none',
      speed: typeof speed === 'number' ? speed : DEFAULT_SPEED,
      style: (tail.attrs.style as LineStyle | undefined) ?? 'solid',
    };
    const color = tail.attrs.color as string | undefined;
    let made = 0;
    for (let k = 0; k < arrows.length && k + 1 < used.length; k++) {
      const kind = ARROW_KINDS.get(arrows[k].text) ?? '->';
      const heads: ArrowHeads = kind === '<->' ? 'both' : kind === '--' ? 'none' : 'end';
      for (const a of used[k]) {
        for (const b of used[k + 1]) {
          if (made >= MAX_CONNECTIONS_PER_STATEMENT) {
            this.report('too-many-connections', range, { limit: MAX_CONNECTIONS_PER_STATEMENT });
            return;
          }
          made++;
          const [s, t] = kind === '<-' ? [b, a] : [a, b];
          const c: Connection = {
            id: `c${this.connections.length}`,
            source: s.text,
            target: t.text,
            heads,
            anim: base.anim,
            speed: base.speed,
            style: base.style,
            range,
            sourceRange: s.range,
            targetRange: t.range,
          };
          if (tail.label !== undefined) c.label = tail.label;
          if (color !== undefined) c.color = color;
          this.connections.push(c);
          if (s.text === t.text) this.report('self-connection', span(a.range, b.range), { id: s.text });
        }
      }
    }
    this.braceInStatement(tail);
  }

  /** A `{` after a node or connection opens no group: report it, and absorb its `}`. */
  private braceInStatement(tail: Tail): void {
    if (tail.brace === 'none') return;
    this.syntax('unexpected-open-brace', tail.braceToken!.range);
    if (tail.brace === 'open') this.stack.push({ kind: 'stray', childParent: this.parentId(), open: tail.braceToken! });
  }

  /** Label, attributes and an optional `{` after the head of a statement. */
  private tail(toks: Token[], i: number, ctx: AttributeContext): Tail {
    const tail: Tail = { attrs: {}, keys: {}, brace: 'none' };
    while (i < toks.length) {
      const t = toks[i];
      if (t.kind === 'string') {
        if (tail.label === undefined) {
          tail.label = t.value;
          this.checkLength(t.value, t.range, 'label');
        } else {
          this.unexpected(t);
        }
        i++;
        continue;
      }
      if (t.kind === 'word') {
        if (toks[i + 1]?.kind === 'equals') {
          const v = toks[i + 2];
          const comma = toks[i + 3];
          const fraction = toks[i + 4];
          if (
            v?.kind === 'word' &&
            comma?.kind === 'comma' &&
            ATTRIBUTE_TABLE.lookup(t.text)?.entry.value === 'speed' &&
            fraction?.kind === 'word' &&
            /^\d+$/.test(v.text) &&
            /^\d+$/.test(fraction.text) &&
            comma.offset === v.offset + v.text.length &&
            fraction.offset === comma.offset + 1
          ) {
            // A decimal comma (`velocidade=1,5`): say so instead of reporting a stray `,`.
            const r = span(v.range, fraction.range);
            const fixed = `${v.text}.${fraction.text}`;
            this.report('invalid-value', r, { attribute: t.text, value: `${v.text},${fraction.text}`, kind: 'speed', suggestion: fixed }, [{ text: fixed, range: r }]);
            i += 5;
          } else if (v && (v.kind === 'word' || v.kind === 'string' || v.kind === 'color')) {
            this.attribute(t, v, ctx, tail);
            i += 3;
          } else {
            this.syntax('expected-value', span(t.range, toks[i + 1].range), { attribute: t.text, kind: ATTRIBUTE_TABLE.lookup(t.text)?.entry.value ?? '' });
            i += 2;
          }
          continue;
        }
        let j = i;
        while (toks[j]?.kind === 'word' && toks[j + 1]?.kind !== 'equals') j++;
        if (tail.label === undefined && !this.lineHasError) {
          const words = toks.slice(i, j);
          tail.label = words.map((w) => w.text).join(' ');
          const r = span(words[0].range, words[words.length - 1].range);
          this.syntax('expected-string', r, { context: 'label' }, [{ text: quote(tail.label), range: r }]);
        } else {
          this.unexpected(t);
        }
        i = j;
        continue;
      }
      if (t.kind === 'openBrace') {
        tail.braceToken = t;
        const rest = toks.length - i - 1;
        const last = toks[toks.length - 1];
        if (rest === 0) {
          tail.brace = 'open';
        } else if (last.kind === 'closeBrace') {
          tail.brace = 'closed';
          tail.closeToken = last;
          if (rest > 1) this.unexpected(toks[i + 1]);
        } else {
          tail.brace = 'open';
          this.unexpected(toks[i + 1]);
        }
        break;
      }
      this.unexpected(t);
      i++;
    }
    return tail;
  }

  private attribute(key: Token, val: Token, ctx: AttributeContext, tail: Tail): void {
    const m = this.match(ATTRIBUTE_TABLE, key.text);
    if (!m) {
      const prefer = this.prefer(key.text);
      let near = ATTRIBUTES_FOR[ctx].suggest(key.text, prefer);
      if (near.length === 0) near = ATTRIBUTE_TABLE.suggest(key.text, prefer);
      this.report('unknown-attribute', key.range, { attribute: key.text, context: ctx, suggestion: near[0] }, near.map((s) => ({ text: s, range: key.range })));
      return;
    }
    const entry = m.entry as AttributeEntry;
    if (!entry.appliesTo.includes(ctx)) {
      this.report('inapplicable-attribute', key.range, { attribute: key.text, context: ctx });
      return;
    }
    const before = tail.keys[entry.value];
    if (before) {
      this.report('duplicate-attribute', key.range, { attribute: key.text, line: before.range.line }, [], [{ range: before.range, messageKey: 'previous-attribute' }]);
    }
    tail.keys[entry.value] = key;
    const v = this.attributeValue(entry, key, val);
    if (v !== undefined) tail.attrs[entry.value] = v;
  }

  private attributeValue(entry: AttributeEntry, key: Token, val: Token): AttrValue | undefined {
    const text = valueText(val);
    switch (entry.valueKind) {
      case 'icon':
        return this.iconValue(val);
      case 'color': {
        const c = parseColor(text);
        if (c !== undefined) return c;
        const hint = PORTUGUESE_COLOR_HINTS[text.toLowerCase()];
        const near = hint ? [hint] : text.startsWith('#') ? [] : suggestClosest(text, CSS_COLOR_NAMES);
        this.report('invalid-value', val.range, { attribute: key.text, value: text, kind: 'color', suggestion: near[0] }, near.map((s) => replacement(val, s)));
        return undefined;
      }
      case 'string':
      case 'link': {
        if (val.kind !== 'string') this.syntax('expected-string', val.range, { context: entry.value }, [{ text: quote(text), range: val.range }]);
        if (entry.valueKind === 'link' && !LINK.test(text)) {
          this.report('invalid-value', val.range, { attribute: key.text, value: text, kind: 'link' });
          return undefined;
        }
        return text;
      }
      case 'speed': {
        const named = this.match(SPEED_TABLE, text);
        if (named) return SPEEDS.find((s) => s.value === named.entry.value)!.seconds;
        if (NUMBER.test(text) && Number(text) > 0) return Number(text);
        this.invalidValue(key, val, 'speed', SPEED_TABLE);
        return undefined;
      }
      default: {
        const kind = entry.valueKind;
        const table: WordTable<string> = kind === 'size' ? SIZE_TABLE : kind === 'anim' ? ANIM_TABLE : STYLE_TABLE;
        const m = this.match(table, text);
        if (m) return m.entry.value;
        this.invalidValue(key, val, kind, table);
        return undefined;
      }
    }
  }

  private invalidValue(key: Token, val: Token, kind: string, table: WordTable<string>): void {
    const text = valueText(val);
    const near = table.suggest(text, this.prefer(text));
    this.report('invalid-value', val.range, { attribute: key.text, value: text, kind, suggestion: near[0] }, near.map((s) => replacement(val, s)));
  }

  /** Validates an icon id token (and checks the catalog when there is one). */
  private iconValue(t: Token): string | undefined {
    const id = valueText(t);
    if (!ICON_ID.test(id)) {
      const lower = id.toLowerCase();
      const fix = ICON_ID.test(lower) ? [replacement(t, lower)] : [];
      this.report('expected-icon-id', t.range, { found: id }, fix);
      return undefined;
    }
    if (this.icons) {
      let known = true;
      try {
        known = this.icons.has(id);
      } catch {
        known = true;
      }
      if (!known) {
        const near = this.iconSuggestionsFor(id);
        this.report('unknown-icon', t.range, { icon: id, suggestion: near[0] }, near.map((s) => replacement(t, s)));
      }
    }
    return id;
  }

  private iconSuggestionsFor(id: string): string[] {
    let near = this.iconSuggestions.get(id);
    if (near) return near;
    near = [];
    if (this.iconSuggestions.size < MAX_ICON_SUGGESTION_QUERIES) {
      try {
        near = this.icons!.suggest(id, 3).slice(0, 3);
      } catch {
        near = [];
      }
    }
    this.iconSuggestions.set(id, near);
    return near;
  }

  private applyStyle(decl: NodeDecl | GroupDecl, attrs: Tail['attrs']): void {
    for (const key of ['icon', 'color', 'fill', 'tooltip', 'link'] as const) {
      const v = attrs[key];
      if (v !== undefined) decl[key] = String(v);
    }
    if (attrs.size !== undefined) decl.size = attrs.size as Size;
  }

  private checkId(t: Token): void {
    if (isIdentifier(t.text)) return;
    this.report('invalid-id', t.range, { id: t.text }, [{ text: toIdentifier(t.text), range: t.range }]);
  }

  /** Adds a declaration to the model; false (and a diagnostic) when the id is taken. */
  private register(decl: ElementDecl): boolean {
    const existing = this.byId.get(decl.id);
    if (existing) {
      this.report('duplicate-id', decl.idRange, { id: decl.id, line: existing.idRange.line }, [], [{ range: existing.idRange, messageKey: 'first-declaration' }]);
      return false;
    }
    this.byId.set(decl.id, decl);
    this.elements.push(decl);
    const parent = this.parentId();
    if (parent !== undefined) {
      decl.parent = parent;
      (this.byId.get(parent) as GroupDecl).children.push(decl.id);
    } else {
      this.roots.push(decl.id);
    }
    return true;
  }

  private finish(lastLine: number, lastColumn: number): void {
    const end: Range = { line: lastLine, column: lastColumn, endLine: lastLine, endColumn: lastColumn };
    for (const b of this.stack) {
      if (b.kind !== 'group') continue;
      if (b.decl) b.decl.range = span(b.decl.range, end);
      const id = b.decl?.id ?? '';
      this.report('unclosed-group', b.open.range, { id }, [{ text: '\n}', range: end }]);
    }
    let index: CandidateIndex | undefined;
    const cache = new Map<string, string[]>();
    for (const ref of this.refs) {
      const id = ref.text;
      const known = this.byId.get(id);
      if (known && !(known.kind === 'node' && known.implicit)) continue;
      let near = cache.get(id);
      if (!near) {
        index ??= new CandidateIndex([...this.byId.keys()].filter((k) => !(this.byId.get(k)!.kind === 'node' && (this.byId.get(k) as NodeDecl).implicit)), foldWord);
        near = cache.size < MAX_ID_SUGGESTION_QUERIES ? index.closest(id, 3, 3, isNotNoise) : [];
        cache.set(id, near);
      }
      this.report('undeclared-id', ref.range, { id, suggestion: near[0] }, near.map((s) => ({ text: s, range: ref.range })));
      if (!known) {
        const node: NodeDecl = { kind: 'node', id, shape: 'rectangle', label: id, size: 'medium', implicit: true, range: ref.range, idRange: ref.range };
        this.byId.set(id, node);
        this.elements.push(node);
        this.roots.push(id);
      }
    }
    for (const breach of diagramLimitBreaches(this.elements, this.connections)) this.report(breach.code, breach.range, breach.args);
  }
}

/** Parses and also returns the per-line view used by the formatter. Never throws. */
export function parseDocument(text: string, options: ParseOptions = {}): ParsedDocument {
  return new Parser(text, options.icons).run();
}

/**
 * Parses a `.diagram` text into its model and diagnostics. Never throws on any input and
 * always returns a model: after an error the parser recovers at the next line, so one
 * mistake yields one diagnostic and everything else is still checked and modelled.
 * Diagnostics are sorted by position; every range lies inside the text.
 */
export function parseDiagram(text: string, options: ParseOptions = {}): ParseResult {
  const { model, diagnostics } = parseDocument(text, options);
  return { model, diagnostics };
}
