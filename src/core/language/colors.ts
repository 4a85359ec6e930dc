/** The 148 named colours of CSS Color Module Level 4, lower-case. */
export const CSS_COLOR_NAMES: readonly string[] = [
  'aliceblue', 'antiquewhite', 'aqua', 'aquamarine', 'azure', 'beige', 'bisque', 'black', 'blanchedalmond', 'blue',
  'blueviolet', 'brown', 'burlywood', 'cadetblue', 'chartreuse', 'chocolate', 'coral', 'cornflowerblue', 'cornsilk',
  'crimson', 'cyan', 'darkblue', 'darkcyan', 'darkgoldenrod', 'darkgray', 'darkgreen', 'darkgrey', 'darkkhaki',
  'darkmagenta', 'darkolivegreen', 'darkorange', 'darkorchid', 'darkred', 'darksalmon', 'darkseagreen', 'darkslateblue',
  'darkslategray', 'darkslategrey', 'darkturquoise', 'darkviolet', 'deeppink', 'deepskyblue', 'dimgray', 'dimgrey',
  'dodgerblue', 'firebrick', 'floralwhite', 'forestgreen', 'fuchsia', 'gainsboro', 'ghostwhite', 'gold', 'goldenrod',
  'gray', 'green', 'greenyellow', 'grey', 'honeydew', 'hotpink', 'indianred', 'indigo', 'ivory', 'khaki', 'lavender',
  'lavenderblush', 'lawngreen', 'lemonchiffon', 'lightblue', 'lightcoral', 'lightcyan', 'lightgoldenrodyellow',
  'lightgray', 'lightgreen', 'lightgrey', 'lightpink', 'lightsalmon', 'lightseagreen', 'lightskyblue', 'lightslategray',
  'lightslategrey', 'lightsteelblue', 'lightyellow', 'lime', 'limegreen', 'linen', 'magenta', 'maroon',
  'mediumaquamarine', 'mediumblue', 'mediumorchid', 'mediumpurple', 'mediumseagreen', 'mediumslateblue',
  'mediumspringgreen', 'mediumturquoise', 'mediumvioletred', 'midnightblue', 'mintcream', 'mistyrose', 'moccasin',
  'navajowhite', 'navy', 'oldlace', 'olive', 'olivedrab', 'orange', 'orangered', 'orchid', 'palegoldenrod', 'palegreen',
  'paleturquoise', 'palevioletred', 'papayawhip', 'peachpuff', 'peru', 'pink', 'plum', 'powderblue', 'purple',
  'rebeccapurple', 'red', 'rosybrown', 'royalblue', 'saddlebrown', 'salmon', 'sandybrown', 'seagreen', 'seashell',
  'sienna', 'silver', 'skyblue', 'slateblue', 'slategray', 'slategrey', 'snow', 'springgreen', 'steelblue', 'tan', 'teal',
  'thistle', 'tomato', 'turquoise', 'violet', 'wheat', 'white', 'whitesmoke', 'yellow', 'yellowgreen',
];

const NAMES = new Set(CSS_COLOR_NAMES);

/**
 * Portuguese colour words people write by habit, mapped to the CSS name to suggest.
 * They are not valid values (the language takes CSS names only); they only feed "did you mean".
 */
export const PORTUGUESE_COLOR_HINTS: Readonly<Record<string, string>> = {
  vermelho: 'red', vermelha: 'red', azul: 'blue', verde: 'green', amarelo: 'yellow', amarela: 'yellow',
  preto: 'black', preta: 'black', branco: 'white', branca: 'white', cinza: 'gray', laranja: 'orange',
  roxo: 'purple', roxa: 'purple', rosa: 'pink', marrom: 'brown', violeta: 'violet', dourado: 'gold',
  prata: 'silver', turquesa: 'turquoise', anil: 'indigo', lilas: 'plum', bege: 'beige', vinho: 'maroon',
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The canonical (lower-case) colour for `#rgb`, `#rrggbb` or a CSS name, else `undefined`. */
export function parseColor(text: string): string | undefined {
  const lower = text.toLowerCase();
  if (lower.startsWith('#')) return HEX.test(lower) ? lower : undefined;
  return NAMES.has(lower) ? lower : undefined;
}
