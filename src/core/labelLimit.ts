/**
 * How long a drawn label may be. Past the limit a label is almost always a mistake (a pasted
 * base64 blob, a minified URL, a log line): the parser warns (`label-too-long`), and the
 * drawing shows the label shortened with an ellipsis and keeps the whole text in the
 * element's tooltip, so nothing is lost and no box grows thousands of lines tall.
 */

/** Labels and titles longer than this many characters (code points) are shortened when drawn. */
export const MAX_LABEL_LENGTH = 500;

/** What a shortened label ends with. */
export const ELLIPSIS = '…';

/** The length of `text` in characters (code points, so an emoji counts once). */
export function labelLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) if (text.codePointAt(i)! > 0xffff) i++;
  return n;
}

/** True when `text` is longer than {@link MAX_LABEL_LENGTH} characters. */
export function isLabelTooLong(text: string): boolean {
  // A string never has more code points than UTF-16 units: short strings need no count.
  return text.length > MAX_LABEL_LENGTH && labelLength(text) > MAX_LABEL_LENGTH;
}

/**
 * The label as drawn: `text` itself when it is within the limit, else its first characters
 * (never half a surrogate pair, trailing spaces dropped) and an ellipsis, at most
 * {@link MAX_LABEL_LENGTH} characters in all. Reads only the first characters of `text`.
 */
export function shortenLabel(text: string): string {
  if (!isLabelTooLong(text)) return text;
  let end = 0;
  for (let kept = 0; kept < MAX_LABEL_LENGTH - 1; kept++) {
    const cp = text.codePointAt(end)!;
    end += cp > 0xffff ? 2 : 1;
  }
  return text.slice(0, end).trimEnd() + ELLIPSIS;
}

/**
 * The tooltip of an element whose label is `label`: its own `tooltip` while the label is
 * drawn whole; for a shortened label, the whole label first (then a blank line and the
 * element's own tooltip, if any), so hovering shows everything the drawing leaves out.
 */
export function labelTooltip(label: string, tooltip: string | undefined): string | undefined {
  if (!isLabelTooLong(label)) return tooltip;
  return tooltip !== undefined && tooltip !== '' ? `${label}\n\n${tooltip}` : label;
}
