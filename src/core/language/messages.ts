import type { Diagnostic, DiagnosticCode, Locale, RelatedInformation, Severity } from '../model';
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
  type AttributeContext,
  type VocabularyEntry,
} from './vocabulary';

type Args = Diagnostic['args'];
type Template = (a: Args) => string;

const s = (a: Args, key: string): string => String(a[key] ?? '');
/** A number argument with the locale's digit grouping (200,000 / 200.000). */
const n = (a: Args, key: string, locale: Locale): string => {
  const v = Number(a[key]);
  return Number.isFinite(v) ? v.toLocaleString(locale) : s(a, key);
};
const has = (a: Args, key: string): boolean => a[key] !== undefined && a[key] !== '';

/** `packets (pacotes), flow (fluxo)` in English, `pacotes (packets), …` in Portuguese. */
function list(entries: readonly VocabularyEntry[], locale: Locale): string {
  return entries
    .map((e) => {
      const [main, other] = locale === 'pt-BR' ? [e.pt, e.en] : [e.en, e.pt];
      const extra = [...main.slice(1), ...other].filter((w, i, all) => w !== main[0] && all.indexOf(w) === i);
      return extra.length ? `${main[0]} (${extra.join(', ')})` : main[0];
    })
    .join(', ');
}

const GROUP = STATEMENT_KEYWORDS.find((k) => k.value === 'group')!;

/** What a value of the given kind (or attribute) may be, in words. */
function accepted(kind: string, locale: Locale): string {
  const pt = locale === 'pt-BR';
  switch (kind) {
    case 'direction':
      return list(DIRECTIONS, locale);
    case 'theme':
      return list(THEMES, locale);
    case 'size':
      return list(SIZES, locale);
    case 'anim':
      return list(ANIMATIONS, locale);
    case 'style':
      return list(LINE_STYLES, locale);
    case 'speed':
      return pt
        ? `${list(SPEEDS, locale)} ou segundos por volta, como 1.5`
        : `${list(SPEEDS, locale)} or seconds per trip such as 1.5`;
    case 'color':
    case 'fill':
      return pt ? '#rgb, #rrggbb ou um nome de cor CSS como red ou steelblue' : '#rgb, #rrggbb or a CSS colour name such as red or steelblue';
    case 'link':
      return pt ? 'um link entre aspas que comece com https:, http: ou mailto:' : 'a link in double quotes starting with https:, http: or mailto:';
    case 'icon':
      return pt ? "um id de ícone prefixo:nome, como 'logos:aws-elb'" : "an icon id prefix:name such as 'logos:aws-elb'";
    case 'tooltip':
      return pt ? 'um texto entre aspas duplas' : 'a string in double quotes';
    default:
      return '';
  }
}

function contextName(ctx: string, locale: Locale): string {
  const pt = locale === 'pt-BR';
  if (ctx === 'connection') return pt ? 'conexões' : 'connections';
  if (ctx === 'group') return pt ? 'grupos' : 'groups';
  return pt ? 'nós' : 'nodes';
}

function attributesOf(ctx: string, locale: Locale): string {
  return list(
    ATTRIBUTES.filter((a) => a.appliesTo.includes(ctx as AttributeContext)),
    locale,
  );
}

function appliesTo(attribute: string, locale: Locale): string {
  const lower = attribute.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const entry = ATTRIBUTES.find((a) => [...a.pt, ...a.en].some((w) => w.normalize('NFD').replace(/\p{M}/gu, '') === lower));
  const ctxs = entry ? entry.appliesTo : [];
  return ctxs.map((c) => contextName(c, locale)).join(locale === 'pt-BR' ? ' e ' : ' and ');
}

const didYouMean = (a: Args, locale: Locale): string =>
  has(a, 'suggestion') ? (locale === 'pt-BR' ? `; você quis dizer '${s(a, 'suggestion')}'?` : `; did you mean '${s(a, 'suggestion')}'?`) : '';

const STRING_CONTEXT: Record<string, { en: string; pt: string }> = {
  title: { en: 'the title', pt: 'o título' },
  label: { en: 'the label', pt: 'o rótulo' },
  tooltip: { en: 'the tooltip', pt: 'a dica' },
  link: { en: 'the link', pt: 'o link' },
};

const EN: Record<DiagnosticCode, Template> = {
  'expected-id': () => 'expected an id',
  'invalid-id': (a) => `'${s(a, 'id')}' is not a valid id: use letters, digits and _, starting with a letter or _`,
  'expected-equals': (a) => `expected '=' or an arrow after '${s(a, 'id')}'`,
  'expected-shape': (a) =>
    has(a, 'icon')
      ? `expected a shape before the icon id '${s(a, 'icon')}': write 'icon ${s(a, 'icon')}'`
      : `expected a shape after '=': ${list(SHAPES, 'en')}, or ${GROUP.en[0]}`,
  'expected-arrow': () => 'expected an arrow: ->, <-, <-> or --',
  'expected-target': (a) => `expected an id after '${s(a, 'arrow')}'`,
  'expected-string': (a) => `expected ${(STRING_CONTEXT[s(a, 'context')] ?? { en: 'a string' }).en} in double quotes`,
  'expected-icon-id': (a) =>
    has(a, 'found')
      ? `'${s(a, 'found')}' is not an icon id; expected prefix:name in lower case, such as 'logos:aws-elb'`
      : "expected an icon id such as 'logos:aws-elb' (prefix:name)",
  'expected-value': (a) => {
    const acc = accepted(s(a, 'kind'), 'en');
    return `expected a value for '${s(a, 'attribute')}'${acc ? `; accepted: ${acc}` : ''}`;
  },
  'expected-open-brace': (a) => `expected '{' at the end of the line of group '${s(a, 'id')}'`,
  'unexpected-token': (a) => `unexpected '${s(a, 'token')}'`,
  'unknown-keyword': (a) => `unknown keyword '${s(a, 'word')}'${didYouMean(a, 'en')}`,
  'unknown-shape': (a) =>
    has(a, 'suggestion') ? `unknown shape '${s(a, 'shape')}'${didYouMean(a, 'en')}` : `unknown shape '${s(a, 'shape')}'; shapes: ${list(SHAPES, 'en')}`,
  'duplicate-id': (a) => `'${s(a, 'id')}' is already declared on line ${s(a, 'line')}`,
  'unterminated-string': () => 'unterminated string: the closing " is missing',
  'invalid-escape': (a) => `invalid escape '${s(a, 'escape')}'; a string accepts \\", \\\\ and \\n`,
  'unexpected-open-brace': () => "'{' may only end a group line (id = group \"Label\" {)",
  'unexpected-close-brace': () => "'}' has no open group to close",
  'unclosed-group': (a) => (has(a, 'id') ? `group '${s(a, 'id')}' is never closed: add '}' on a line of its own` : "this '{' is never closed"),
  'invalid-value': (a) => {
    if (s(a, 'kind') === 'link') return `invalid link '${s(a, 'value')}': only https:, http: and mailto: links are accepted`;
    const acc = accepted(s(a, 'kind'), 'en');
    return `invalid value '${s(a, 'value')}' for '${s(a, 'attribute')}'${didYouMean(a, 'en')}${acc ? `${has(a, 'suggestion') ? ' Accepted' : '; accepted'}: ${acc}` : ''}`;
  },
  'too-many-connections': (a) => `this statement makes more than ${s(a, 'limit')} connections; split it`,
  'nesting-too-deep': (a) => `groups are nested more than ${n(a, 'limit', 'en')} deep here, too deep to lay out; flatten the nesting`,
  'too-many-elements': (a) => `the diagram has ${n(a, 'count', 'en')} elements, over the limit of ${n(a, 'limit', 'en')} that can be laid out; split it into several diagrams`,
  'too-dense': (a) =>
    `the diagram has ${n(a, 'count', 'en')} connections for ${n(a, 'elements', 'en')} elements, over the limit of ${n(a, 'limit', 'en')} that can be laid out in time; this one is the first past it: split the diagram or connect fewer pairs`,
  'unclosed-fence': (a) => `this ${s(a, 'marker')}${s(a, 'lang')} block is never closed: end the diagram with a line holding ${s(a, 'marker')}`,
  'unknown-attribute': (a) =>
    has(a, 'suggestion')
      ? `unknown attribute '${s(a, 'attribute')}'${didYouMean(a, 'en')}`
      : `unknown attribute '${s(a, 'attribute')}'; attributes of ${contextName(s(a, 'context'), 'en')}: ${attributesOf(s(a, 'context'), 'en')}`,
  'inapplicable-attribute': (a) =>
    `'${s(a, 'attribute')}' does not apply to ${contextName(s(a, 'context'), 'en')}; it applies to ${appliesTo(s(a, 'attribute'), 'en')}`,
  'duplicate-attribute': (a) => `'${s(a, 'attribute')}' is given twice; the last one wins`,
  'undeclared-id': (a) =>
    has(a, 'suggestion') ? `'${s(a, 'id')}' is not declared${didYouMean(a, 'en')}` : `'${s(a, 'id')}' is not declared; it is drawn as a rectangle`,
  'unknown-icon': (a) =>
    has(a, 'suggestion') ? `unknown icon '${s(a, 'icon')}'${didYouMean(a, 'en')}` : `unknown icon '${s(a, 'icon')}'; a placeholder is drawn`,
  'repeated-title': (a) => `the title is already set on line ${s(a, 'line')}; this later one wins`,
  'repeated-direction': (a) => `the direction is already set on line ${s(a, 'line')}; this later one wins`,
  'repeated-theme': (a) => `the theme is already set on line ${s(a, 'line')}; this later one wins`,
  'self-connection': (a) => `'${s(a, 'id')}' is connected to itself`,
  'label-too-long': (a) =>
    `${(STRING_CONTEXT[s(a, 'context')] ?? STRING_CONTEXT.label!).en} is ${n(a, 'length', 'en')} characters long, over the limit of ${n(a, 'limit', 'en')}: ` +
    'it is drawn shortened with an ellipsis, the full text in its tooltip',
  'layout-file-invalid': (a) =>
    `the layout file ${s(a, 'kind') === 'format' ? 'is of a format this version does not read' : s(a, 'kind') === 'value' ? 'holds a value of the wrong type' : 'is not valid JSON'} (${s(a, 'detail')}); it is ignored for drawing and not overwritten`,
  // In a Markdown file's layout file, `fence` names the diagram; without `id`, the whole fence is gone.
  'layout-stale-id': (a) =>
    a.fence === undefined
      ? `'${s(a, 'id')}' is no longer in the diagram; it is dropped the next time the layout file is written`
      : a.id === undefined
        ? `diagram '${s(a, 'fence')}' is no longer in the Markdown file; it is dropped the next time the layout file is written`
        : `'${s(a, 'id')}' is no longer in diagram '${s(a, 'fence')}'; it is dropped the next time the layout file is written`,
};

const PT: Record<DiagnosticCode, Template> = {
  'expected-id': () => 'esperava um id',
  'invalid-id': (a) => `'${s(a, 'id')}' não é um id válido: use letras, dígitos e _, começando com letra ou _`,
  'expected-equals': (a) => `esperava '=' ou uma seta depois de '${s(a, 'id')}'`,
  'expected-shape': (a) =>
    has(a, 'icon')
      ? `esperava uma forma antes do id de ícone '${s(a, 'icon')}': escreva 'ícone ${s(a, 'icon')}'`
      : `esperava uma forma depois de '=': ${list(SHAPES, 'pt-BR')}, ou ${GROUP.pt[0]}`,
  'expected-arrow': () => 'esperava uma seta: ->, <-, <-> ou --',
  'expected-target': (a) => `esperava um id depois de '${s(a, 'arrow')}'`,
  'expected-string': (a) => `esperava ${(STRING_CONTEXT[s(a, 'context')] ?? { pt: 'um texto' }).pt} entre aspas duplas`,
  'expected-icon-id': (a) =>
    has(a, 'found')
      ? `'${s(a, 'found')}' não é um id de ícone; esperava prefixo:nome em minúsculas, como 'logos:aws-elb'`
      : "esperava um id de ícone como 'logos:aws-elb' (prefixo:nome)",
  'expected-value': (a) => {
    const acc = accepted(s(a, 'kind'), 'pt-BR');
    return `esperava um valor para '${s(a, 'attribute')}'${acc ? `; aceitos: ${acc}` : ''}`;
  },
  'expected-open-brace': (a) => `esperava '{' no fim da linha do grupo '${s(a, 'id')}'`,
  'unexpected-token': (a) => `'${s(a, 'token')}' inesperado`,
  'unknown-keyword': (a) => `palavra-chave desconhecida '${s(a, 'word')}'${didYouMean(a, 'pt-BR')}`,
  'unknown-shape': (a) =>
    has(a, 'suggestion')
      ? `forma desconhecida '${s(a, 'shape')}'${didYouMean(a, 'pt-BR')}`
      : `forma desconhecida '${s(a, 'shape')}'; formas: ${list(SHAPES, 'pt-BR')}`,
  'duplicate-id': (a) => `'${s(a, 'id')}' já foi declarado na linha ${s(a, 'line')}`,
  'unterminated-string': () => 'texto sem fechamento: falta o " final',
  'invalid-escape': (a) => `escape inválido '${s(a, 'escape')}'; um texto aceita \\", \\\\ e \\n`,
  'unexpected-open-brace': () => "'{' só pode terminar a linha de um grupo (id = grupo \"Rótulo\" {)",
  'unexpected-close-brace': () => "'}' não fecha nenhum grupo aberto",
  'unclosed-group': (a) =>
    has(a, 'id') ? `o grupo '${s(a, 'id')}' nunca é fechado: adicione '}' numa linha própria` : "este '{' nunca é fechado",
  'invalid-value': (a) => {
    if (s(a, 'kind') === 'link') return `link inválido '${s(a, 'value')}': só são aceitos links https:, http: e mailto:`;
    const acc = accepted(s(a, 'kind'), 'pt-BR');
    return `valor inválido '${s(a, 'value')}' para '${s(a, 'attribute')}'${didYouMean(a, 'pt-BR')}${acc ? `${has(a, 'suggestion') ? ' Aceitos' : '; aceitos'}: ${acc}` : ''}`;
  },
  'too-many-connections': (a) => `esta instrução gera mais de ${s(a, 'limit')} conexões; divida-a`,
  'nesting-too-deep': (a) => `os grupos estão aninhados com mais de ${n(a, 'limit', 'pt-BR')} níveis aqui, fundo demais para o layout; reduza o aninhamento`,
  'too-many-elements': (a) => `o diagrama tem ${n(a, 'count', 'pt-BR')} elementos, acima do limite de ${n(a, 'limit', 'pt-BR')} que o layout aceita; divida-o em vários diagramas`,
  'too-dense': (a) =>
    `o diagrama tem ${n(a, 'count', 'pt-BR')} conexões para ${n(a, 'elements', 'pt-BR')} elementos, acima do limite de ${n(a, 'limit', 'pt-BR')} que o layout desenha a tempo; esta é a primeira além dele: divida o diagrama ou conecte menos pares`,
  'unclosed-fence': (a) => `este bloco ${s(a, 'marker')}${s(a, 'lang')} nunca é fechado: termine o diagrama com uma linha contendo ${s(a, 'marker')}`,
  'unknown-attribute': (a) =>
    has(a, 'suggestion')
      ? `atributo desconhecido '${s(a, 'attribute')}'${didYouMean(a, 'pt-BR')}`
      : `atributo desconhecido '${s(a, 'attribute')}'; atributos de ${contextName(s(a, 'context'), 'pt-BR')}: ${attributesOf(s(a, 'context'), 'pt-BR')}`,
  'inapplicable-attribute': (a) =>
    `'${s(a, 'attribute')}' não se aplica a ${contextName(s(a, 'context'), 'pt-BR')}; vale para ${appliesTo(s(a, 'attribute'), 'pt-BR')}`,
  'duplicate-attribute': (a) => `'${s(a, 'attribute')}' aparece duas vezes; vale o último`,
  'undeclared-id': (a) =>
    has(a, 'suggestion')
      ? `'${s(a, 'id')}' não foi declarado${didYouMean(a, 'pt-BR')}`
      : `'${s(a, 'id')}' não foi declarado; será desenhado como retângulo`,
  'unknown-icon': (a) =>
    has(a, 'suggestion')
      ? `ícone desconhecido '${s(a, 'icon')}'${didYouMean(a, 'pt-BR')}`
      : `ícone desconhecido '${s(a, 'icon')}'; um marcador será desenhado no lugar`,
  'repeated-title': (a) => `o título já foi definido na linha ${s(a, 'line')}; vale este, o último`,
  'repeated-direction': (a) => `a direção já foi definida na linha ${s(a, 'line')}; vale esta, a última`,
  'repeated-theme': (a) => `o tema já foi definido na linha ${s(a, 'line')}; vale este, o último`,
  'self-connection': (a) => `'${s(a, 'id')}' está conectado a si mesmo`,
  'label-too-long': (a) =>
    `${(STRING_CONTEXT[s(a, 'context')] ?? STRING_CONTEXT.label!).pt} tem ${n(a, 'length', 'pt-BR')} caracteres, acima do limite de ${n(a, 'limit', 'pt-BR')}: ` +
    'é desenhado encurtado com reticências, o texto completo na dica',
  'layout-file-invalid': (a) =>
    `o arquivo de layout ${s(a, 'kind') === 'format' ? 'tem um formato que esta versão não lê' : s(a, 'kind') === 'value' ? 'tem um valor de tipo errado' : 'não é um JSON válido'} (${s(a, 'detail')}); ele é ignorado no desenho e não é sobrescrito`,
  'layout-stale-id': (a) =>
    a.fence === undefined
      ? `'${s(a, 'id')}' não está mais no diagrama; sai do arquivo de layout na próxima vez que ele for gravado`
      : a.id === undefined
        ? `o diagrama '${s(a, 'fence')}' não está mais no arquivo Markdown; sai do arquivo de layout na próxima vez que ele for gravado`
        : `'${s(a, 'id')}' não está mais no diagrama '${s(a, 'fence')}'; sai do arquivo de layout na próxima vez que ele for gravado`,
};

const RELATED: Record<string, { en: Template; pt: Template }> = {
  'first-declaration': { en: (a) => `'${s(a, 'id')}' is first declared here`, pt: (a) => `'${s(a, 'id')}' é declarado primeiro aqui` },
  'previous-title': { en: () => 'the title was first set here', pt: () => 'o título foi definido primeiro aqui' },
  'previous-direction': { en: () => 'the direction was first set here', pt: () => 'a direção foi definida primeiro aqui' },
  'previous-theme': { en: () => 'the theme was first set here', pt: () => 'o tema foi definido primeiro aqui' },
  'previous-attribute': { en: (a) => `'${s(a, 'attribute')}' was first given here`, pt: (a) => `'${s(a, 'attribute')}' apareceu primeiro aqui` },
};

/**
 * The message of a diagnostic in the given locale, built from its `code` and `args`.
 * Never throws: an unknown code yields the code itself, missing args yield empty text.
 */
export function formatMessage(d: Diagnostic, locale: Locale): string {
  const table = locale === 'pt-BR' ? PT : EN;
  const template = Object.prototype.hasOwnProperty.call(table, d.code) ? table[d.code] : undefined;
  return template ? template(d.args ?? {}) : String(d.code);
}

/** The message of one of a diagnostic's related locations (e.g. "'api' is first declared here"). */
export function formatRelated(d: Diagnostic, related: RelatedInformation, locale: Locale): string {
  const entry = Object.prototype.hasOwnProperty.call(RELATED, related.messageKey) ? RELATED[related.messageKey] : undefined;
  if (!entry) return String(related.messageKey);
  return (locale === 'pt-BR' ? entry.pt : entry.en)(d.args ?? {});
}

/**
 * The plain-text form used by the CLI and MCP tools: `FILE:LINE:COL: error|warning: MESSAGE`.
 * The severity word stays English in every locale (as compilers print it); control characters
 * of the message are escaped (see escapeControls).
 */
export function formatDiagnosticLine(file: string, d: Diagnostic, locale: Locale): string {
  return `${file}:${d.range.line}:${d.range.column}: ${d.severity}: ${escapeControls(formatMessage(d, locale))}`;
}

/**
 * Control characters (C0 but tab, DEL, C1) as `\x1b`-style escapes: a message quotes the
 * user's text, and raw escape bytes in a terminal would recolour it, move the cursor or worse.
 */
export function escapeControls(text: string): string {
  return text.replace(/[\x00-\x08\x0a-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A diagnostic as plain, localised data: 1-based positions, `endColumn` exclusive. */
export interface DiagnosticReport {
  severity: Severity;
  code: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Replacement texts that fix it, best first. */
  suggestions: string[];
}

/** The shape `archflow check --json` and the MCP `check_diagram` tool both publish. */
export function reportDiagnostic(d: Diagnostic, locale: Locale): DiagnosticReport {
  const { line, column, endLine, endColumn } = d.range;
  return { severity: d.severity, code: d.code, message: formatMessage(d, locale), line, column, endLine, endColumn, suggestions: d.suggestions.map((s) => s.text) };
}
