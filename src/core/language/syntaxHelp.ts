import { iconTotals } from '../icons/iconTotals';
import type { IconSetInfo } from '../icons/types';
import { MAX_LABEL_LENGTH } from '../labelLimit';
import type { Locale } from '../model';
import {
  ANIMATIONS,
  ARROWS,
  ATTRIBUTES,
  DIRECTIONS,
  LINE_STYLES,
  SHAPES,
  SIZES,
  SPEEDS,
  STATEMENT_KEYWORDS,
  THEMES,
  type VocabularyEntry,
} from './vocabulary';

/** The complete example of the English cheat sheet (parses with zero diagnostics). */
export const SYNTAX_EXAMPLE_EN = `diagram "Online store"
direction LR
theme auto

# nodes: id = shape "Label" key=value ...
customer = person "Customer"
cdn      = icon logos:cloudflare-icon "CDN"
gateway  = rectangle "API Gateway" icon=logos:aws-api-gateway color=#ff9900

backend = group "Backend" icon=logos:aws-ecs {
  direction TB
  orders   = rounded "Orders" icon=logos:nodejs-icon
  payments = rounded "Payments" icon=logos:go tooltip="Charges cards through Stripe"
}

db      = cylinder "Orders DB" icon=logos:postgresql
events  = queue "Order events" icon=logos:kafka-icon
stripe  = cloud "Stripe" icon=logos:stripe fill=aliceblue
runbook = document "Runbook" link="https://example.com/runbook" size=small

customer -> cdn -> gateway "HTTPS" anim=packets
gateway -> orders, payments anim=flow speed=fast
orders, payments -> db "SQL" style=dashed
orders -> events "order.created" anim=pulse speed=slow color=orange
payments <-> stripe "charge" anim=packets speed=2
runbook -- backend style=dotted
`;

/** The complete example of the Portuguese cheat sheet (parses with zero diagnostics). */
export const SYNTAX_EXAMPLE_PT = `diagrama "Loja virtual"
direção LR
tema auto

# nós: id = forma "Rótulo" chave=valor ...
cliente = pessoa "Cliente"
cdn     = ícone logos:cloudflare-icon "CDN"
gateway = retângulo "API Gateway" ícone=logos:aws-api-gateway cor=#ff9900

backend = grupo "Backend" ícone=logos:aws-ecs {
  direção TB
  pedidos    = arredondado "Pedidos" ícone=logos:nodejs-icon
  pagamentos = arredondado "Pagamentos" ícone=logos:go dica="Cobra cartões pela Stripe"
}

bd      = cilindro "Banco de pedidos" ícone=logos:postgresql
eventos = fila "Eventos de pedido" ícone=logos:kafka-icon
stripe  = nuvem "Stripe" ícone=logos:stripe fundo=aliceblue
manual  = documento "Runbook" link="https://example.com/runbook" tamanho=pequeno

cliente -> cdn -> gateway "HTTPS" anim=pacotes
gateway -> pedidos, pagamentos anim=fluxo velocidade=rápida
pedidos, pagamentos -> bd "SQL" estilo=tracejado
pedidos -> eventos "pedido.criado" anim=pulso velocidade=lenta cor=orange
pagamentos <-> stripe "cobrança" anim=pacotes velocidade=2
manual -- backend estilo=pontilhado
`;

function words(e: VocabularyEntry, pt: boolean): string {
  const main = pt ? e.pt : e.en;
  return main.map((w) => `\`${w}\``).join(', ');
}

function valueList(entries: readonly VocabularyEntry[], pt: boolean): string {
  return entries.map((e) => ((pt ? e.pt : e.en).map((w) => `\`${w}\``).join('/'))).join(', ');
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/**
 * The bundled icon sets with their icons and names and the totals, as `archflow icons sets`
 * counts them (in the locale's digit groups); '' without sets.
 */
function iconSetsSection(sets: readonly IconSetInfo[] | undefined, locale: Locale): string {
  if (!sets || sets.length === 0) return '';
  const pt = locale === 'pt-BR';
  const n = (v: number) => v.toLocaleString(locale);
  const total = iconTotals(sets);
  const rows = [
    ...sets.map((s) => [`\`${s.prefix}\``, s.name, n(s.icons), n(s.names)]),
    ['total', pt ? `${total.sets} conjuntos` : `${total.sets} sets`, n(total.icons), n(total.names)],
  ];
  return pt
    ? `\n## Conjuntos de ícones\n\n${table(['prefixo', 'conjunto', 'ícones', 'nomes'], rows)}\n\n` +
        'Nomes são os ids que acham os ícones, com os apelidos (`mdi:1password` é `mdi:onepassword`).\n'
    : `\n## Icon sets\n\n${table(['prefix', 'set', 'icons', 'names'], rows)}\n\n` +
        'Names are the ids that find the icons, aliases included (`mdi:1password` is `mdi:onepassword`).\n';
}

function english(sets: readonly IconSetInfo[] | undefined): string {
  const loc = 'en';
  const kw = (v: string) => STATEMENT_KEYWORDS.find((k) => k.value === v)!;
  return `# ArchFlow \`.diagram\` language — cheat sheet

Plain text, one statement per line. Keywords are case-insensitive and exist in English and
Portuguese (use either, accents optional: \`direction\` = \`direção\` = \`direcao\`). Ids are
case-sensitive. Comments start with \`#\` or \`//\`.

## Complete example

\`\`\`diagram
${SYNTAX_EXAMPLE_EN}\`\`\`

## Statements

${table(
  ['statement', 'form', 'notes'],
  [
    ['title', `\`${kw('title').en[0]} "Title"\``, 'at most once'],
    ['direction', `\`${kw('direction').en[0]} LR\``, `${valueList(DIRECTIONS, false)}; LR is the default; inside a group body it sets that group's direction`],
    ['theme', `\`${kw('theme').en[0]} auto\``, valueList(THEMES, false)],
    ['node', '`id = shape "Label" key=value …`', 'label defaults to the id'],
    ['icon node', '`id = icon prefix:name "Label" key=value …`', 'a big icon with the label under it'],
    ['group', `\`id = ${kw('group').en[0]} "Label" key=value … {\` … \`}\``, '`{` ends the group line; `}` alone on its own line; groups nest'],
    ['connection', '`a -> b "Label" key=value …`', 'see Connections'],
  ],
)}

## Shapes

${table(['shape', 'Portuguese', 'drawn as'], SHAPES.map((s) => [words(s, false), words(s, true), s.description[loc]]))}

## Node and group attributes

${table(
  ['attribute', 'Portuguese', 'value'],
  ATTRIBUTES.filter((a) => a.appliesTo.includes('node')).map((a) => [
    words(a, false),
    words(a, true),
    a.value === 'size' ? `${valueList(SIZES, false)}; on a group it scales the title` : a.description[loc],
  ]),
)}

## Connections

- Arrows: ${ARROWS.map((a) => `\`${a.text}\` ${a.description[loc].replace(/\.$/, '').toLowerCase()}`).join('; ')}.
- Chains: \`a -> b -> c "x"\` is two connections; the label and attributes apply to each.
- Lists fan out and in: \`a -> b, c\` and \`a, b -> c\`.
- Either end may be a node or a group.

${table(
  ['attribute', 'Portuguese', 'values'],
  [
    ['`anim`', '`anim`', `${valueList(ANIMATIONS, false)} (default none)`],
    ['`speed`', '`velocidade`', `${valueList(SPEEDS, false)} (default normal = 1.5 s), or seconds per trip such as \`2\` or \`0.5\``],
    ['`style`', '`estilo`', `${valueList(LINE_STYLES, false)} (default solid)`],
    ['`color`', '`cor`', 'a colour'],
  ],
)}

## Values

- Strings: \`"…"\` on one line, escapes \`\\"\`, \`\\\\\` and \`\\n\` (a line break in a label).
- Labels and titles: up to ${MAX_LABEL_LENGTH} characters are drawn whole; a longer one gets a warning
  and is drawn shortened with "…", the whole text in its tooltip.
- Colours: \`#rgb\`, \`#rrggbb\` or one of the 148 CSS colour names (\`red\`, \`steelblue\`, …).
- Icons: Iconify ids \`prefix:name\` in lower case${sets?.length ? ', from the sets under Icon sets' : ''}
  (e.g. \`logos:aws-lambda\`, \`lucide:server\`, \`mdi:database\`). Use the \`search_icons\` tool
  to find real ids; an unknown id draws a placeholder.
- Links: a quoted \`https:\`, \`http:\` or \`mailto:\` URL.
${iconSetsSection(sets, 'en')}
## Rules that avoid errors

1. Declare every node before or after use, once: \`id = shape …\`. Ids are a letter or \`_\`
   followed by letters, digits or \`_\` (no \`-\`, \`.\` or spaces).
2. Put labels, tooltips and links in double quotes; the label comes right after the shape.
3. Write attributes as \`key=value\` with no spaces around \`=\`.
4. A group line ends with \`{\`; close it with \`}\` alone on its own line.
5. \`#\` starts a comment except directly after \`=\` (\`color=#ff0000\`).
6. Connecting an undeclared id still draws it (as a plain rectangle) but gives a warning.
7. Keep one statement per line; blank lines and comments are free.

## Diagnostics

Every problem comes back as \`diagrama:LINE:COL: error|warning: message\`, with a suggestion
(\`did you mean …?\`) where one exists. Errors must be fixed; warnings are drawn anyway.
`;
}

function portuguese(sets: readonly IconSetInfo[] | undefined): string {
  const loc = 'pt-BR';
  const kw = (v: string) => STATEMENT_KEYWORDS.find((k) => k.value === v)!;
  return `# Linguagem \`.diagram\` do ArchFlow — guia rápido

Texto simples, uma instrução por linha. Palavras-chave não diferenciam maiúsculas e existem em
português e inglês (use qualquer uma, acentos opcionais: \`direção\` = \`direcao\` = \`direction\`).
Ids diferenciam maiúsculas. Comentários começam com \`#\` ou \`//\`.

## Exemplo completo

\`\`\`diagram
${SYNTAX_EXAMPLE_PT}\`\`\`

## Instruções

${table(
  ['instrução', 'forma', 'notas'],
  [
    ['título', `\`${kw('title').pt[0]} "Título"\``, 'no máximo uma vez'],
    ['direção', `\`${kw('direction').pt[0]} LR\``, `${valueList(DIRECTIONS, true)}; LR é o padrão; dentro de um grupo define a direção do grupo`],
    ['tema', `\`${kw('theme').pt[0]} auto\``, valueList(THEMES, true)],
    ['nó', '`id = forma "Rótulo" chave=valor …`', 'o rótulo padrão é o id'],
    ['nó ícone', '`id = ícone prefixo:nome "Rótulo" chave=valor …`', 'um ícone grande com o rótulo embaixo'],
    ['grupo', `\`id = ${kw('group').pt[0]} "Rótulo" chave=valor … {\` … \`}\``, '`{` termina a linha do grupo; `}` sozinho numa linha; grupos podem ser aninhados'],
    ['conexão', '`a -> b "Rótulo" chave=valor …`', 'veja Conexões'],
  ],
)}

## Formas

${table(['forma', 'inglês', 'desenho'], SHAPES.map((s) => [words(s, true), words(s, false), s.description[loc]]))}

## Atributos de nós e grupos

${table(
  ['atributo', 'inglês', 'valor'],
  ATTRIBUTES.filter((a) => a.appliesTo.includes('node')).map((a) => [
    words(a, true),
    words(a, false),
    a.value === 'size' ? `${valueList(SIZES, true)}; num grupo, muda o tamanho do título` : a.description[loc],
  ]),
)}

## Conexões

- Setas: ${ARROWS.map((a) => `\`${a.text}\` ${a.description[loc].replace(/\.$/, '').toLowerCase()}`).join('; ')}.
- Cadeias: \`a -> b -> c "x"\` são duas conexões; rótulo e atributos valem para cada uma.
- Listas abrem e juntam: \`a -> b, c\` e \`a, b -> c\`.
- As pontas podem ser nós ou grupos.

${table(
  ['atributo', 'inglês', 'valores'],
  [
    ['`anim`', '`anim`', `${valueList(ANIMATIONS, true)} (padrão nenhuma)`],
    ['`velocidade`', '`speed`', `${valueList(SPEEDS, true)} (padrão normal = 1,5 s), ou segundos por volta com ponto decimal, como \`2\` ou \`0.5\``],
    ['`estilo`', '`style`', `${valueList(LINE_STYLES, true)} (padrão sólido)`],
    ['`cor`', '`color`', 'uma cor'],
  ],
)}

## Valores

- Textos: \`"…"\` numa só linha, escapes \`\\"\`, \`\\\\\` e \`\\n\` (quebra de linha no rótulo).
- Rótulos e títulos: até ${MAX_LABEL_LENGTH} caracteres são desenhados inteiros; um mais longo gera um
  aviso e é desenhado encurtado com "…", o texto inteiro na dica.
- Cores: \`#rgb\`, \`#rrggbb\` ou um dos 148 nomes de cor CSS (\`red\`, \`steelblue\`, …).
- Ícones: ids do Iconify \`prefixo:nome\` em minúsculas${sets?.length ? ', dos conjuntos em Conjuntos de ícones' : ''}
  (ex. \`logos:aws-lambda\`, \`lucide:server\`, \`mdi:database\`). Use a ferramenta \`search_icons\`
  para achar ids reais; um id desconhecido desenha um marcador.
- Links: uma URL \`https:\`, \`http:\` ou \`mailto:\` entre aspas.
${iconSetsSection(sets, 'pt-BR')}
## Regras que evitam erros

1. Declare cada nó uma vez (antes ou depois de usá-lo): \`id = forma …\`. Um id é uma letra ou
   \`_\` seguida de letras, dígitos ou \`_\` (sem \`-\`, \`.\` ou espaços).
2. Rótulos, dicas e links vão entre aspas duplas; o rótulo vem logo depois da forma.
3. Escreva atributos como \`chave=valor\`, sem espaços em volta do \`=\`.
4. A linha do grupo termina com \`{\`; feche-o com \`}\` sozinho numa linha.
5. \`#\` começa um comentário, exceto logo depois de \`=\` (\`cor=#ff0000\`).
6. Conectar um id não declarado ainda o desenha (como retângulo simples), mas gera um aviso.
7. Uma instrução por linha; linhas em branco e comentários são livres.

## Diagnósticos

Cada problema volta como \`diagrama:LINHA:COL: error|warning: mensagem\`, com uma sugestão
(\`você quis dizer …?\`) quando existe. Erros precisam ser corrigidos; avisos são desenhados mesmo assim.
`;
}

/**
 * A Markdown cheat sheet of the whole language with a complete example, in English or
 * Portuguese: what the MCP `syntax_help` tool and the `archflow://syntax` resource return.
 * Written so that a language model can write a correct diagram on the first try; its tables
 * are generated from the vocabulary, so they never drift from the parser. With `iconSets`
 * (the catalog's `sets()`), it lists them with their icons and names, counted as
 * `archflow icons sets` counts them.
 */
export function syntaxHelp(locale: Locale, iconSets?: readonly IconSetInfo[]): string {
  return locale === 'pt-BR' ? portuguese(iconSets) : english(iconSets);
}
