/** The languages of a fenced code block that hold an ArchFlow diagram (the first word of the info string). */
export const DIAGRAM_FENCE_LANGUAGES: readonly string[] = ['diagram', 'archflow'];

/** What a fence's info string says: its language and its attributes. */
export interface FenceInfo {
  /** The first word, lower-cased (`diagram`, `archflow`, `ts`, …); '' when the info string is empty. */
  lang: string;
  /**
   * `key=value`, `key="quoted value"`, `key='quoted'`, bare `flag` (true) and `#id` (as `id`),
   * also inside `{…}`, Pandoc style. Later keys win.
   */
  attributes: Record<string, string | true>;
  /** `id=` (or `#id`), when given and not empty. */
  id?: string;
  /** `title=`, when given and not empty. */
  title?: string;
}

/** True when a fence with this info string holds a diagram (`diagram` or `archflow`, any case). */
export function isDiagramInfo(info: string): boolean {
  return DIAGRAM_FENCE_LANGUAGES.includes(parseFenceInfo(info).lang);
}

/**
 * Reads an info string such as `diagram id=checkout title="Checkout flow"` or
 * `archflow {#checkout title='Checkout'}`. Never throws: what it cannot read is skipped.
 */
export function parseFenceInfo(info: string): FenceInfo {
  const text = info.trim();
  const langMatch = /^\{?\s*\.?([^\s{}=]*)/.exec(text);
  const lang = (langMatch?.[1] ?? '').toLowerCase();
  const attributes: Record<string, string | true> = {};
  let i = langMatch ? langMatch[0].length : 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/[\s{}]/.test(c)) {
      i++;
      continue;
    }
    const key = /^[#.]?[^\s{}=]+/.exec(text.slice(i))![0];
    i += key.length;
    if (key.startsWith('#')) {
      attributes.id = key.slice(1);
      continue;
    }
    if (key.startsWith('.')) continue;
    if (text[i] !== '=') {
      attributes[key.toLowerCase()] = true;
      continue;
    }
    i++;
    const quote = text[i];
    let value: string;
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1);
      value = text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end + 1;
    } else {
      value = /^[^\s{}]*/.exec(text.slice(i))![0];
      i += value.length;
    }
    attributes[key.toLowerCase()] = value;
  }
  const id = typeof attributes.id === 'string' && attributes.id.trim() !== '' ? attributes.id.trim() : undefined;
  const title = typeof attributes.title === 'string' && attributes.title.trim() !== '' ? attributes.title.trim() : undefined;
  return { lang, attributes, ...(id !== undefined ? { id } : {}), ...(title !== undefined ? { title } : {}) };
}

/**
 * A file-name-safe slug: lower case, accents dropped, every run of other characters a
 * single `-`, at most 60 characters; '' when nothing is left.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
