import type { Animation, Direction, LineStyle, Shape, Size, ThemeSetting } from '../model';

/** A short text in both supported locales. */
export interface Localized {
  en: string;
  'pt-BR': string;
}

/**
 * One word of the language in both keyword families. Matching is case-insensitive and
 * accent-insensitive, so only the preferred spellings are listed; {@link spellingsOf}
 * adds the accent-less forms.
 */
export interface VocabularyEntry<V extends string = string> {
  /** The canonical model value (English). */
  value: V;
  /** Portuguese spellings, the preferred (accented) one first. */
  pt: readonly string[];
  /** English spellings, the preferred one first. */
  en: readonly string[];
  description: Localized;
}

/** What the value of an attribute must be. */
export type AttributeValueKind = 'icon' | 'color' | 'string' | 'link' | 'size' | 'anim' | 'speed' | 'style';

/** Where an attribute may be written. */
export type AttributeContext = 'node' | 'group' | 'connection';

export type AttributeName = 'icon' | 'color' | 'fill' | 'tooltip' | 'link' | 'size' | 'anim' | 'speed' | 'style';

export interface AttributeEntry extends VocabularyEntry<AttributeName> {
  valueKind: AttributeValueKind;
  appliesTo: readonly AttributeContext[];
}

/** Keywords that start a statement (`diagrama`, `direção`, `tema`) or follow `id =` (`grupo`). */
export type StatementKeyword = 'title' | 'direction' | 'theme' | 'group';

/** Statement keywords, in the order the cheat sheet lists them. */
export const STATEMENT_KEYWORDS: readonly VocabularyEntry<StatementKeyword>[] = [
  {
    value: 'title',
    pt: ['diagrama'],
    en: ['diagram'],
    description: { en: 'Sets the diagram title: `diagram "Title"`.', 'pt-BR': 'Define o título do diagrama: `diagrama "Título"`.' },
  },
  {
    value: 'direction',
    pt: ['direção'],
    en: ['direction'],
    description: {
      en: 'Layout direction (LR, RL, TB/TD, BT); inside a group body it sets that group’s direction.',
      'pt-BR': 'Direção do layout (LR, RL, TB/TD, BT); dentro de um grupo define a direção do grupo.',
    },
  },
  {
    value: 'theme',
    pt: ['tema'],
    en: ['theme'],
    description: { en: 'Colour theme: auto, light or dark.', 'pt-BR': 'Tema de cores: auto, claro ou escuro.' },
  },
  {
    value: 'group',
    pt: ['grupo'],
    en: ['group'],
    description: {
      en: 'A container: `id = group "Label" {` … `}`; groups nest.',
      'pt-BR': 'Um contêiner: `id = grupo "Rótulo" {` … `}`; grupos podem ser aninhados.',
    },
  },
];

/** Every node shape; `icon` is also the icon-node keyword (`id = ícone prefix:name`). */
export const SHAPES: readonly VocabularyEntry<Shape>[] = [
  { value: 'rectangle', pt: ['retângulo'], en: ['rectangle', 'rect'], description: { en: 'Card (the default look).', 'pt-BR': 'Cartão (aparência padrão).' } },
  { value: 'rounded', pt: ['arredondado'], en: ['rounded'], description: { en: 'Card with round corners.', 'pt-BR': 'Cartão com cantos arredondados.' } },
  { value: 'circle', pt: ['círculo'], en: ['circle'], description: { en: 'Circle.', 'pt-BR': 'Círculo.' } },
  { value: 'diamond', pt: ['losango'], en: ['diamond'], description: { en: 'Decision diamond.', 'pt-BR': 'Losango de decisão.' } },
  { value: 'cylinder', pt: ['cilindro', 'banco'], en: ['cylinder', 'database'], description: { en: 'Database cylinder.', 'pt-BR': 'Cilindro de banco de dados.' } },
  { value: 'cloud', pt: ['nuvem'], en: ['cloud'], description: { en: 'Cloud.', 'pt-BR': 'Nuvem.' } },
  { value: 'hexagon', pt: ['hexágono'], en: ['hexagon'], description: { en: 'Hexagon.', 'pt-BR': 'Hexágono.' } },
  { value: 'person', pt: ['pessoa'], en: ['person', 'actor'], description: { en: 'Person (user, actor).', 'pt-BR': 'Pessoa (usuário, ator).' } },
  { value: 'document', pt: ['documento'], en: ['document'], description: { en: 'Page with a folded corner.', 'pt-BR': 'Página com canto dobrado.' } },
  { value: 'queue', pt: ['fila'], en: ['queue'], description: { en: 'Queue (horizontal cylinder).', 'pt-BR': 'Fila (cilindro horizontal).' } },
  { value: 'note', pt: ['nota'], en: ['note'], description: { en: 'Sticky note.', 'pt-BR': 'Nota adesiva.' } },
  { value: 'text', pt: ['texto'], en: ['text'], description: { en: 'Label only, no border.', 'pt-BR': 'Só o rótulo, sem borda.' } },
  {
    value: 'icon',
    pt: ['ícone'],
    en: ['icon'],
    description: {
      en: 'A big icon with the label under it: `id = icon prefix:name "Label"`.',
      'pt-BR': 'Um ícone grande com o rótulo embaixo: `id = ícone prefixo:nome "Rótulo"`.',
    },
  },
];

/** Every attribute, with the value it takes and the elements it applies to. */
export const ATTRIBUTES: readonly AttributeEntry[] = [
  {
    value: 'icon',
    pt: ['ícone'],
    en: ['icon'],
    valueKind: 'icon',
    appliesTo: ['node', 'group'],
    description: { en: 'Iconify icon id `prefix:name`, e.g. `logos:aws-ec2`.', 'pt-BR': 'Id de ícone do Iconify `prefixo:nome`, ex. `logos:aws-ec2`.' },
  },
  {
    value: 'color',
    pt: ['cor'],
    en: ['color', 'colour'],
    valueKind: 'color',
    appliesTo: ['node', 'group', 'connection'],
    description: { en: 'Border/line and accent colour: `#rgb`, `#rrggbb` or a CSS colour name.', 'pt-BR': 'Cor da borda/linha e de destaque: `#rgb`, `#rrggbb` ou nome de cor CSS.' },
  },
  {
    value: 'fill',
    pt: ['fundo'],
    en: ['fill'],
    valueKind: 'color',
    appliesTo: ['node', 'group'],
    description: { en: 'Background colour.', 'pt-BR': 'Cor de fundo.' },
  },
  {
    value: 'tooltip',
    pt: ['dica'],
    en: ['tooltip'],
    valueKind: 'string',
    appliesTo: ['node', 'group'],
    description: { en: 'Text shown on hover (a quoted string).', 'pt-BR': 'Texto mostrado ao passar o mouse (entre aspas).' },
  },
  {
    value: 'link',
    pt: ['link'],
    en: ['link'],
    valueKind: 'link',
    appliesTo: ['node', 'group'],
    description: { en: 'A quoted https:, http: or mailto: link.', 'pt-BR': 'Um link https:, http: ou mailto: entre aspas.' },
  },
  {
    value: 'size',
    pt: ['tamanho'],
    en: ['size'],
    valueKind: 'size',
    appliesTo: ['node', 'group'],
    description: {
      en: "Size of a node, or of a group's title: small, medium (default) or large.",
      'pt-BR': 'Tamanho de um nó, ou do título de um grupo: pequeno, médio (padrão) ou grande.',
    },
  },
  {
    value: 'anim',
    pt: ['anim'],
    en: ['anim'],
    valueKind: 'anim',
    appliesTo: ['connection'],
    description: { en: 'Traffic animation: packets, flow, pulse or none.', 'pt-BR': 'Animação do tráfego: pacotes, fluxo, pulso ou nenhuma.' },
  },
  {
    value: 'speed',
    pt: ['velocidade'],
    en: ['speed'],
    valueKind: 'speed',
    appliesTo: ['connection'],
    description: {
      en: 'Animation speed: slow, normal, fast, or seconds per trip (e.g. `1.5`).',
      'pt-BR': 'Velocidade da animação: lenta, normal, rápida, ou segundos por volta (ex. `1.5`).',
    },
  },
  {
    value: 'style',
    pt: ['estilo'],
    en: ['style'],
    valueKind: 'style',
    appliesTo: ['connection'],
    description: { en: 'Line style: solid, dashed or dotted.', 'pt-BR': 'Estilo da linha: sólido, tracejado ou pontilhado.' },
  },
];

/** Layout directions; `TD` is another spelling of `TB`. Same in both languages. */
export const DIRECTIONS: readonly VocabularyEntry<Direction>[] = [
  { value: 'LR', pt: ['LR'], en: ['LR'], description: { en: 'Left to right (default).', 'pt-BR': 'Da esquerda para a direita (padrão).' } },
  { value: 'RL', pt: ['RL'], en: ['RL'], description: { en: 'Right to left.', 'pt-BR': 'Da direita para a esquerda.' } },
  { value: 'TB', pt: ['TB', 'TD'], en: ['TB', 'TD'], description: { en: 'Top to bottom.', 'pt-BR': 'De cima para baixo.' } },
  { value: 'BT', pt: ['BT'], en: ['BT'], description: { en: 'Bottom to top.', 'pt-BR': 'De baixo para cima.' } },
];

/** Theme settings. */
export const THEMES: readonly VocabularyEntry<ThemeSetting>[] = [
  { value: 'auto', pt: ['auto'], en: ['auto'], description: { en: 'Follows the editor (default); exports light.', 'pt-BR': 'Segue o editor (padrão); exporta claro.' } },
  { value: 'light', pt: ['claro'], en: ['light'], description: { en: 'Light palette.', 'pt-BR': 'Paleta clara.' } },
  { value: 'dark', pt: ['escuro'], en: ['dark'], description: { en: 'Dark palette.', 'pt-BR': 'Paleta escura.' } },
];

/** Sizes of nodes and of group titles. */
export const SIZES: readonly VocabularyEntry<Size>[] = [
  { value: 'small', pt: ['pequeno'], en: ['small'], description: { en: 'Smaller text, icon and padding.', 'pt-BR': 'Texto, ícone e espaçamento menores.' } },
  { value: 'medium', pt: ['médio'], en: ['medium'], description: { en: 'The usual text, icon and padding (default).', 'pt-BR': 'Texto, ícone e espaçamento usuais (padrão).' } },
  { value: 'large', pt: ['grande'], en: ['large'], description: { en: 'Larger text, icon and padding.', 'pt-BR': 'Texto, ícone e espaçamento maiores.' } },
];

/** Connection animations. */
export const ANIMATIONS: readonly VocabularyEntry<Animation>[] = [
  { value: 'packets', pt: ['pacotes'], en: ['packets'], description: { en: 'Dots travel along the line.', 'pt-BR': 'Pontos percorrem a linha.' } },
  { value: 'flow', pt: ['fluxo'], en: ['flow'], description: { en: 'Marching dashes.', 'pt-BR': 'Tracejado em movimento.' } },
  { value: 'pulse', pt: ['pulso'], en: ['pulse'], description: { en: 'The line glows.', 'pt-BR': 'A linha pulsa.' } },
  { value: 'none', pt: ['nenhuma'], en: ['none'], description: { en: 'No animation (default).', 'pt-BR': 'Sem animação (padrão).' } },
];

export type SpeedName = 'slow' | 'normal' | 'fast';

/** Named speeds and their seconds per trip. */
export const SPEEDS: readonly (VocabularyEntry<SpeedName> & { seconds: number })[] = [
  { value: 'slow', seconds: 3, pt: ['lenta'], en: ['slow'], description: { en: '3 seconds per trip.', 'pt-BR': '3 segundos por volta.' } },
  { value: 'normal', seconds: 1.5, pt: ['normal'], en: ['normal'], description: { en: '1.5 seconds per trip (default).', 'pt-BR': '1,5 segundo por volta (padrão).' } },
  { value: 'fast', seconds: 0.75, pt: ['rápida'], en: ['fast'], description: { en: '0.75 seconds per trip.', 'pt-BR': '0,75 segundo por volta.' } },
];

/** Seconds per trip when no speed is given. */
export const DEFAULT_SPEED = 1.5;

/** Connection line styles. */
export const LINE_STYLES: readonly VocabularyEntry<LineStyle>[] = [
  { value: 'solid', pt: ['sólido'], en: ['solid'], description: { en: 'Solid line (default).', 'pt-BR': 'Linha sólida (padrão).' } },
  { value: 'dashed', pt: ['tracejado'], en: ['dashed'], description: { en: 'Dashed line.', 'pt-BR': 'Linha tracejada.' } },
  { value: 'dotted', pt: ['pontilhado'], en: ['dotted'], description: { en: 'Dotted line.', 'pt-BR': 'Linha pontilhada.' } },
];

export type ArrowKind = '->' | '<-' | '<->' | '--';

/** Every arrow spelling the lexer accepts and what it means. */
export const ARROWS: readonly { text: string; kind: ArrowKind; description: Localized }[] = [
  { text: '->', kind: '->', description: { en: 'From left to right.', 'pt-BR': 'Da esquerda para a direita.' } },
  { text: '-->', kind: '->', description: { en: 'Same as `->`.', 'pt-BR': 'O mesmo que `->`.' } },
  { text: '<-', kind: '<-', description: { en: 'From right to left (`a <- b` is `b -> a`).', 'pt-BR': 'Da direita para a esquerda (`a <- b` é `b -> a`).' } },
  { text: '<--', kind: '<-', description: { en: 'Same as `<-`.', 'pt-BR': 'O mesmo que `<-`.' } },
  { text: '<->', kind: '<->', description: { en: 'Both ways.', 'pt-BR': 'Nos dois sentidos.' } },
  { text: '<-->', kind: '<->', description: { en: 'Same as `<->`.', 'pt-BR': 'O mesmo que `<->`.' } },
  { text: '--', kind: '--', description: { en: 'A line without arrowheads.', 'pt-BR': 'Uma linha sem pontas.' } },
];

/** The values each enumerated attribute accepts, by value kind. */
export const ENUM_VALUES: Readonly<Record<'size' | 'anim' | 'style' | 'direction' | 'theme', readonly VocabularyEntry[]>> = {
  size: SIZES,
  anim: ANIMATIONS,
  style: LINE_STYLES,
  direction: DIRECTIONS,
  theme: THEMES,
};

/**
 * Every accepted spelling of an entry, lower-case (directions upper-case), accented
 * forms followed by their accent-less twins, without duplicates. For completion lists
 * and the TextMate grammar.
 */
export function spellingsOf(entry: VocabularyEntry): string[] {
  const out: string[] = [];
  for (const s of [...entry.pt, ...entry.en]) {
    const plain = s.normalize('NFD').replace(/\p{M}/gu, '');
    if (!out.includes(s)) out.push(s);
    if (!out.includes(plain)) out.push(plain);
  }
  return out;
}
