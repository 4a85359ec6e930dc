/**
 * Returns `link` when it is an absolute `http:`/`https:` URL or a `mailto:` address without
 * whitespace or control characters, otherwise `undefined`. `javascript:`, `data:`, relative
 * and protocol-relative URLs never pass. The result still needs {@link escapeXml}.
 */
export function safeLink(link: string | undefined | null): string | undefined {
  if (typeof link !== 'string') return undefined;
  const v = link.trim();
  if (v.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(v)) return undefined;
  return /^(?:https?:\/\/[^/?#]|mailto:[^/])/i.test(v) ? v : undefined;
}
