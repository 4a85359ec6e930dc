// Pure (no `vscode`, no `node:*`): unit-tested in test/extension/chat/apps.
import { getPublicSuffix } from 'tldts';

/** What a `ui://` resource declares in `_meta.ui.csp` (MCP Apps, SEP-1865). */
export interface DeclaredAppCsp {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

/** The domains of a declaration the host accepted, per kind. */
export interface AcceptedAppCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}

export interface AppCsp {
  /** The `Content-Security-Policy` the app's document is served with. */
  policy: string;
  accepted: AcceptedAppCsp;
  /** Entries refused, with why (for the server's log). */
  refused: string[];
}

const KINDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** Longest domain entry taken, and most entries of one kind. */
const MAX_ENTRY = 253 + 16;
const MAX_ENTRIES = 32;

/**
 * A host source a server may declare: an `http(s)` or `ws(s)` origin, its host optionally led
 * by `*.` for subdomains, optionally with a port (or `*`). Nothing else: no keyword (`'unsafe-eval'`),
 * no bare scheme (`https:`, `data:`), no lone `*`, no path, no separator that would start
 * another source or directive.
 */
const HOST_SOURCE = /^(https?|wss?):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(:(\d{1,5}|\*))?\/?$/i;
/** The host of an entry: after the scheme and an optional `*.`, up to a port or slash. */
const ENTRY_HOST = /^[a-z]+:\/\/(\*\.)?(\[[^\]]*\]|[^:/]*)/i;
/** What WHATWG URL parsing turns into an IPv4 address (`127.1`, `0x7f000001`, `2130706433`) or an IPv6 one. */
const IP_HOSTNAME = /^(\d+\.\d+\.\d+\.\d+|\[.*\])$/;

/**
 * Whether `entry` may go into an app's policy, and if not why. Refused besides what is not a
 * host source: loopback names (`localhost` and every name ending in `.localhost`, with or
 * without a trailing dot, which Chromium resolves to 127.0.0.1), any IP literal (in whatever
 * spelling a browser reads as one), and `*.` in front of a public suffix (`*.com`, `*.co.uk`,
 * `*.github.io`: the Public Suffix List, its private part included, through tldts). An app that
 * reaches `localhost` reaches the user's own services (the host's app server among them).
 * Names that resolve to loopback through DNS (`localtest.me`) cannot be recognised by name.
 */
export function checkCspEntry(entry: unknown): { ok: true; source: string } | { ok: false; reason: string } {
  if (typeof entry !== 'string') return { ok: false, reason: 'not a string' };
  const text = entry.trim();
  if (text.length === 0 || text.length > MAX_ENTRY) return { ok: false, reason: 'empty or too long' };
  const hostMatch = ENTRY_HOST.exec(text);
  const host = hostMatch?.[2].toLowerCase().replace(/\.+$/, '') ?? '';
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'a loopback host' };
  if (isIpLiteral(host)) return { ok: false, reason: 'an IP address (only names are accepted)' };
  if (!HOST_SOURCE.test(text)) return { ok: false, reason: 'not an http(s) or ws(s) origin (with an optional *. subdomain wildcard and port)' };
  if (hostMatch?.[1] && isPublicSuffix(host)) return { ok: false, reason: `*. in front of a public suffix would allow every .${host} site` };
  return { ok: true, source: text.replace(/\/$/, '').toLowerCase() };
}

/** Whether `host` is itself a suffix under which anyone may register names (`com`, `co.uk`, `github.io`). */
function isPublicSuffix(host: string): boolean {
  return !host.includes('.') || getPublicSuffix(host, { allowPrivateDomains: true }) === host;
}

function isIpLiteral(host: string): boolean {
  if (host.startsWith('[')) return true;
  try {
    return IP_HOSTNAME.test(new URL(`http://${host}/`).hostname);
  } catch {
    return false;
  }
}

/**
 * The `Content-Security-Policy` of an MCP App's document, built from the resource's
 * `_meta.ui.csp` (a server's declaration is data, never trusted as policy text: each entry
 * must pass {@link checkCspEntry}, and the rest are reported in `refused`).
 *
 * Without declarations it is the standard's default policy: inline script and style, `data:`
 * images and media, nothing else, no network. Declared resource domains add to script, style,
 * image, font and media sources; connect domains to `connect-src`; frame domains to
 * `frame-src`; base-URI domains to `base-uri`. Plugins, forms, workers and everything not
 * named stay blocked, and the policy sandboxes the document (`sandbox allow-scripts`) wherever
 * it is opened. The policy is not a network boundary: WebRTC (STUN/TURN) is outside CSP's reach.
 *
 * Unlike the standard's default, `'self'` is never granted: the document is served by the
 * host's own app server (through VS Code's port forwarding, which in a browser-based VS Code
 * shares the workbench's origin), and an app has nothing to load from there.
 */
export function buildAppCsp(declared: DeclaredAppCsp | undefined): AppCsp {
  const accepted: AcceptedAppCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const refused: string[] = [];
  for (const kind of KINDS) {
    const list = declared?.[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      refused.push(`${kind}: not a list`);
      continue;
    }
    for (const entry of list.slice(0, MAX_ENTRIES)) {
      const checked = checkCspEntry(entry);
      if (checked.ok) {
        if (!accepted[kind].includes(checked.source)) accepted[kind].push(checked.source);
      } else refused.push(`${kind}: ${JSON.stringify(entry)?.slice(0, 80)} (${checked.reason})`);
    }
    if (list.length > MAX_ENTRIES) refused.push(`${kind}: ${list.length - MAX_ENTRIES} entries past the first ${MAX_ENTRIES}`);
  }
  const resources = accepted.resourceDomains;
  const list = (base: string[], extra: string[]) => [...base, ...extra].join(' ') || "'none'";
  const policy = [
    "default-src 'none'",
    `script-src ${list(["'unsafe-inline'"], resources)}`,
    `style-src ${list(["'unsafe-inline'"], resources)}`,
    `img-src ${list(['data:'], resources)}`,
    `font-src ${list([], resources)}`,
    `media-src ${list(['data:'], resources)}`,
    `connect-src ${list([], accepted.connectDomains)}`,
    `frame-src ${list([], accepted.frameDomains)}`,
    `base-uri ${list([], accepted.baseUriDomains)}`,
    "object-src 'none'",
    "form-action 'none'",
    // The same sandbox as the chat's iframe, so a document opened on its own (top-level, where
    // no iframe attribute applies) still runs at an opaque origin, not the server's.
    'sandbox allow-scripts',
  ].join('; ');
  return { policy, accepted, refused };
}
