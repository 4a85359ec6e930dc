/**
 * Small, allocation-light helpers for writing SVG markup as strings. Everything user-provided
 * goes through {@link escapeXml}; numbers go through {@link fmt} so that output is stable.
 */

// Characters XML 1.0 forbids anywhere in a document (C0 controls except tab/LF/CR, lone
// surrogates, U+FFFE/U+FFFF); they would make the whole SVG unparseable.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Escapes text for use both as XML character data and inside a quoted attribute value:
 * `& < > " '` become entities (so `]]>` and `</script>` are inert) and characters that XML 1.0
 * forbids are dropped. Never throws; non-strings are converted with `String()`.
 */
export function escapeXml(value: unknown): string {
  return String(value).replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * Formats a number for SVG: at most two decimals, no trailing zeros, no `-0`, and `0` for
 * anything not finite, so the same geometry always prints the same bytes.
 */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

export type AttrValue = string | number | undefined | null | false;

/** Renders attributes in the given order, skipping empty ones; strings are escaped. */
export function attrs(list: Record<string, AttrValue>): string {
  let out = '';
  for (const key of Object.keys(list)) {
    const v = list[key];
    if (v === undefined || v === null || v === false) continue;
    out += ` ${key}="${typeof v === 'number' ? fmt(v) : escapeXml(v)}"`;
  }
  return out;
}

/** An element; self-closing when it has no children. */
export function el(name: string, list: Record<string, AttrValue>, children?: string): string {
  return children ? `<${name}${attrs(list)}>${children}</${name}>` : `<${name}${attrs(list)}/>`;
}
