/**
 * A strict XML 1.0 well-formedness check (no DTDs, only the five predefined entities), small
 * enough to run on every icon body before it is inlined and in tests on every SVG produced.
 */

export interface XmlCheckOptions {
  /** Accept any sequence of elements and text (an icon body) instead of one root element. */
  fragment?: boolean;
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /[ \t\r\n]*/y;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6});/y;
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/**
 * Returns `null` when `text` is well-formed, otherwise a message naming the first problem
 * and its offset. Never throws.
 */
export function checkXmlWellFormed(text: string, options: XmlCheckOptions = {}): string | null {
  if (FORBIDDEN_CHAR.test(text)) return 'forbidden character';
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  const fail = (msg: string): string => `${msg} at offset ${i}`;
  const match = (re: RegExp): string | null => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) return null;
    i += m[0].length;
    return m[0];
  };
  const checkChars = (chunk: string, inAttribute: boolean): string | null => {
    for (let k = 0; k < chunk.length; k++) {
      const c = chunk[k];
      if (c === '<') return 'raw < in ' + (inAttribute ? 'attribute' : 'text');
      if (c === '&') {
        ENTITY.lastIndex = k;
        if (!ENTITY.test(chunk)) return 'bad entity reference';
      }
    }
    if (!inAttribute && chunk.includes(']]>')) return ']]> in text';
    return null;
  };

  while (i < text.length) {
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return fail('unterminated comment');
      if (text.slice(i + 4, end).includes('--')) return fail('-- inside comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) return fail('CDATA outside an element');
      const end = text.indexOf(']]>', i);
      if (end < 0) return fail('unterminated CDATA');
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) return fail('unterminated processing instruction');
      i = end + 2;
    } else if (text.startsWith('<!', i)) {
      return fail('DOCTYPE or declaration not allowed');
    } else if (text.startsWith('</', i)) {
      i += 2;
      const name = match(NAME);
      if (!name) return fail('bad closing tag');
      match(SPACE);
      if (text[i] !== '>') return fail('expected > in closing tag');
      i++;
      const open = stack.pop();
      if (open !== name) return fail(`closing </${name}> does not match <${open ?? ''}>`);
    } else if (text[i] === '<') {
      i++;
      const name = match(NAME);
      if (!name) return fail('bad tag name');
      if (stack.length === 0) {
        roots++;
        if (!options.fragment && roots > 1) return fail('more than one root element');
      }
      const seen = new Set<string>();
      for (;;) {
        const space = match(SPACE) ?? '';
        if (text.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (text[i] === '>') {
          i++;
          stack.push(name);
          break;
        }
        if (!space) return fail('expected whitespace before attribute');
        const attr = match(NAME);
        if (!attr) return fail('bad attribute name');
        if (seen.has(attr)) return fail(`duplicate attribute ${attr}`);
        seen.add(attr);
        match(SPACE);
        if (text[i] !== '=') return fail('expected =');
        i++;
        match(SPACE);
        const quote = text[i];
        if (quote !== '"' && quote !== "'") return fail('unquoted attribute value');
        const end = text.indexOf(quote, i + 1);
        if (end < 0) return fail('unterminated attribute value');
        const problem = checkChars(text.slice(i + 1, end), true);
        if (problem) return fail(problem);
        i = end + 1;
      }
    } else {
      const next = text.indexOf('<', i);
      const chunk = text.slice(i, next < 0 ? text.length : next);
      if (stack.length === 0 && !options.fragment && chunk.trim() !== '') return fail('text outside the root element');
      const problem = checkChars(chunk, false);
      if (problem) return fail(problem);
      i += chunk.length;
    }
  }
  if (stack.length) return fail(`unclosed <${stack[stack.length - 1]}>`);
  if (!options.fragment && roots !== 1) return fail('no root element');
  return null;
}
