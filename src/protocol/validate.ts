// zod/mini: the same validation as zod's classic API, tree-shakable for the extension bundle.
import * as z from 'zod/mini';
import { iconSearchSchema, pictureEditSchema } from './pictureEditValidate';
import type { PreviewState, PreviewToHostMessage } from './previewMessages';

const MAX_URI = 8192;
const MAX_ID = 1024;
const MAX_TEXT = 16_384;

const uri = z.string().check(z.minLength(1), z.maxLength(MAX_URI));
const finite = z.number().check(z.refine(Number.isFinite, 'must be finite'));
const positive = z.number().check(z.refine(Number.isFinite, 'must be finite'), z.refine((n) => n > 0, 'must be positive'));
const viewport = z.strictObject({ x: finite, y: finite, zoom: positive });
const linkUrl = z
  .string()
  .check(z.maxLength(MAX_URI), z.refine((s) => /^(https?:\/\/|mailto:)/i.test(s), 'only http:, https: and mailto: links'));
const lineNumber = z.int().check(z.gte(1));
const elementId = z.string().check(z.minLength(1), z.maxLength(MAX_ID));
/** At most the elements a diagram may hold. */
const MAX_ELEMENTS = 5000;
const ids = z.array(elementId).check(z.maxLength(MAX_ELEMENTS));
/** More bends than any route a user shapes by hand; bounds the work a message can ask for. */
const MAX_ROUTE_POINTS = 1000;

const schemas = {
  ready: z.strictObject({ type: z.literal('ready') }),
  revealLine: z.strictObject({ type: z.literal('revealLine'), uri, line: lineNumber, column: z.optional(lineNumber) }),
  revealElement: z.strictObject({ type: z.literal('revealElement'), uri, id: z.string().check(z.minLength(1), z.maxLength(MAX_ID)) }),
  viewportChanged: z.strictObject({ type: z.literal('viewportChanged'), uri, viewport }),
  export: z.strictObject({ type: z.literal('export'), format: z.enum(['svg', 'png']) }),
  openLink: z.strictObject({ type: z.literal('openLink'), url: linkUrl }),
  rendered: z.strictObject({
    type: z.literal('rendered'),
    uri,
    version: z.int().check(z.gte(0)),
    elements: z.int().check(z.gte(0)),
    renderMs: z.optional(z.number().check(z.refine(Number.isFinite, 'must be finite'), z.gte(0))),
    receivedAt: z.optional(z.number().check(z.refine(Number.isFinite, 'must be finite'), z.gte(0))),
    heapBytes: z.optional(z.number().check(z.refine(Number.isFinite, 'must be finite'), z.gte(0))),
    failure: z.optional(z.string().check(z.maxLength(MAX_TEXT))),
  }),
  log: z.strictObject({ type: z.literal('log'), level: z.enum(['error', 'warn', 'info']), message: z.string().check(z.maxLength(MAX_TEXT)) }),
  moveElements: z.strictObject({
    type: z.literal('moveElements'),
    uri,
    moves: z.array(z.strictObject({ id: elementId, x: finite, y: finite })).check(z.minLength(1), z.maxLength(MAX_ELEMENTS)),
  }),
  reshapeConnection: z.strictObject({
    type: z.literal('reshapeConnection'),
    uri,
    connection: elementId,
    route: z.array(z.strictObject({ x: finite, y: finite })).check(z.minLength(2), z.maxLength(MAX_ROUTE_POINTS)),
  }),
  resetRoutes: z.strictObject({ type: z.literal('resetRoutes'), uri, connections: z.array(elementId).check(z.minLength(1), z.maxLength(MAX_ELEMENTS)) }),
  layoutAction: z.strictObject({ type: z.literal('layoutAction'), uri, action: z.enum(['keep', 'relayout', 'undo', 'redo']), ids: z.optional(ids) }),
  selectionChanged: z.strictObject({ type: z.literal('selectionChanged'), uri, ids }),
  openLayoutFile: z.strictObject({ type: z.literal('openLayoutFile'), uri, line: lineNumber, column: lineNumber }),
  pictureEdit: pictureEditSchema,
  iconSearch: iconSearchSchema,
} satisfies Record<PreviewToHostMessage['type'], z.ZodMiniType>;

const message = z.discriminatedUnion('type', [
  schemas.ready,
  schemas.revealLine,
  schemas.revealElement,
  schemas.viewportChanged,
  schemas.export,
  schemas.openLink,
  schemas.rendered,
  schemas.log,
  schemas.moveElements,
  schemas.reshapeConnection,
  schemas.resetRoutes,
  schemas.layoutAction,
  schemas.selectionChanged,
  schemas.openLayoutFile,
  schemas.pictureEdit,
  schemas.iconSearch,
]);

// Fails to compile if a schema and its TypeScript message type drift apart.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaMatchesTypes: Equals<z.infer<typeof message>, PreviewToHostMessage> = true;
void schemaMatchesTypes;

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Validates a message that arrived from a preview webview. Never throws: anything that
 * is not exactly one of the {@link PreviewToHostMessage} shapes (unknown type, missing or
 * extra fields, wrong types, oversized strings, non-finite numbers, link schemes other
 * than http/https/mailto) comes back as `ok: false` with a short reason to log.
 */
export function parseWebviewMessage(value: unknown): ParseOutcome<PreviewToHostMessage> {
  const r = message.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, error: describeIssue(r.error, value) };
}

const previewState = z.object({
  stateVersion: z.literal(1),
  uri,
  viewport: z.optional(viewport),
  minimap: z.optional(z.boolean()),
});

/**
 * Validates the state a preview webview saved (handed back by VS Code when it revives a
 * panel after a reload). Unknown extra keys are dropped; anything else invalid yields
 * `undefined` (the panel then cannot be revived and is closed).
 */
export function parsePreviewState(value: unknown): PreviewState | undefined {
  const r = previewState.safeParse(value);
  return r.success ? r.data : undefined;
}

/** The first problem of a failed validation in one line: the message type, the path, the reason. */
export function describeIssue(error: z.core.$ZodError, value: unknown): string {
  const type = typeof value === 'object' && value !== null && 'type' in value ? String((value as { type: unknown }).type).slice(0, 40) : typeof value;
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(message)';
  return `invalid '${type}' message: ${where}: ${issue?.message ?? 'invalid'}`;
}
