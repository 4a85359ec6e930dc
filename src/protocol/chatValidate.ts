import * as z from 'zod/mini';
import { APP_METHODS } from './chatApps';
import type { ChatToHostMessage } from './chatMessages';
import { describeIssue, type ParseOutcome } from './validate';

const MAX_ID = 256;
const MAX_TEXT = 100_000;
const MAX_LOG = 16_384;
const MAX_URL = 8192;
/** JSON characters of what an app asks (its tool arguments, a message, model context). */
export const MAX_APP_PARAMS = 2 * 1024 * 1024;

const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID));
const finite = z.number().check(z.refine(Number.isFinite, 'must be finite'));

const schemas = {
  ready: z.strictObject({ type: z.literal('ready') }),
  send: z.strictObject({ type: z.literal('send'), text: z.string().check(z.maxLength(MAX_TEXT)) }),
  stop: z.strictObject({ type: z.literal('stop') }),
  approve: z.strictObject({ type: z.literal('approve'), toolUseId: id, choice: z.enum(['allow_once', 'allow_session', 'allow_always', 'deny']) }),
  continue: z.strictObject({ type: z.literal('continue'), itemId: id }),
  newConversation: z.strictObject({ type: z.literal('newConversation') }),
  openConversation: z.strictObject({ type: z.literal('openConversation'), id }),
  deleteConversation: z.strictObject({ type: z.literal('deleteConversation'), id }),
  setModel: z.strictObject({ type: z.literal('setModel'), model: z.string().check(z.minLength(1), z.maxLength(MAX_ID), z.regex(/^[A-Za-z0-9._:@/-]+$/, 'not a model id')) }),
  attach: z.strictObject({ type: z.literal('attach'), kind: z.enum(['file', 'selection', 'resource']) }),
  detach: z.strictObject({ type: z.literal('detach'), id }),
  action: z.strictObject({
    type: z.literal('action'),
    action: z.enum(['setApiKey', 'manageTrust', 'openSettings', 'showServerLog', 'restartServer']),
    server: z.optional(id),
  }),
  openLink: z.strictObject({ type: z.literal('openLink'), url: z.string().check(z.minLength(1), z.maxLength(MAX_URL)) }),
  openDiagram: z.strictObject({ type: z.literal('openDiagram'), toolUseId: id, target: z.enum(['file', 'preview']) }),
  log: z.strictObject({ type: z.literal('log'), level: z.enum(['error', 'warn', 'info']), message: z.string().check(z.maxLength(MAX_LOG)) }),
  painted: z.strictObject({ type: z.literal('painted'), id, length: z.int().check(z.gte(0)), at: finite }),
  // What the app asks is checked by the host per method (src/extension/chat/apps); here only its envelope and size.
  appRequest: z.strictObject({
    type: z.literal('appRequest'),
    requestId: z.int().check(z.gte(0)),
    toolUseId: id,
    method: z.enum(APP_METHODS),
    params: z.optional(z.unknown().check(z.refine((v) => jsonLength(v) <= MAX_APP_PARAMS, `larger than ${MAX_APP_PARAMS} characters of JSON`))),
  }),
} satisfies Record<ChatToHostMessage['type'], z.ZodMiniType>;

const message = z.discriminatedUnion('type', [
  schemas.ready,
  schemas.send,
  schemas.stop,
  schemas.approve,
  schemas.continue,
  schemas.newConversation,
  schemas.openConversation,
  schemas.deleteConversation,
  schemas.setModel,
  schemas.attach,
  schemas.detach,
  schemas.action,
  schemas.openLink,
  schemas.openDiagram,
  schemas.log,
  schemas.painted,
  schemas.appRequest,
]);

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}

// Fails to compile if a schema and its TypeScript message type drift apart.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaMatchesTypes: Equals<z.infer<typeof message>, ChatToHostMessage> = true;
void schemaMatchesTypes;

/**
 * Validates a message that arrived from the chat webview. Never throws: anything that is not
 * exactly one of the {@link ChatToHostMessage} shapes (unknown type, missing or extra fields,
 * wrong types, oversized text) comes back as `ok: false` with a short reason to log. Links are
 * only checked for size here; the host decides which schemes it opens.
 */
export function parseChatMessage(value: unknown): ParseOutcome<ChatToHostMessage> {
  const r = message.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, error: describeIssue(r.error, value) };
}
