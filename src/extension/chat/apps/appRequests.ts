// Pure (no `vscode`): unit-tested in test/extension/chat/apps.
import * as z from 'zod/mini';
import type { AppMethod, AppRequestParams } from '../../../protocol/index';

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const block = z.looseObject({ type: z.string(), text: z.optional(z.string()) });
const blocks = z.array(block).check(z.maxLength(64));
const record = z.record(z.string(), z.unknown());
const nothing = z.optional(z.looseObject({}));

/**
 * What each app request must carry. An app is untrusted: the webview passes on what it asked,
 * and the host reads only these fields (extra ones are ignored).
 */
const schemas = {
  load: nothing,
  result: nothing,
  callTool: z.looseObject({ name: text(256), arguments: z.optional(record) }),
  readResource: z.looseObject({ uri: text(2048) }),
  openLink: z.looseObject({ url: text(8192) }),
  message: z.looseObject({ role: z.literal('user'), content: blocks }),
  modelContext: z.looseObject({ content: z.optional(blocks), structuredContent: z.optional(record) }),
  log: z.looseObject({ level: z.string().check(z.maxLength(32)), logger: z.optional(z.string().check(z.maxLength(200))), data: z.optional(z.unknown()) }),
} satisfies Record<AppMethod, z.ZodMiniType>;

/** The parameters of an app request, or an Error saying what is wrong with them. */
export function parseAppParams<M extends AppMethod>(method: M, params: unknown): AppRequestParams[M] {
  const r = schemas[method].safeParse(params);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`malformed ${method} request${issue ? ` (${issue.path.join('.') || 'params'}: ${issue.message})` : ''}`);
  }
  return (r.data ?? {}) as AppRequestParams[M];
}

/** The text blocks of MCP content, joined (apps are offered text only). */
export function textOf(content: readonly { type: string; text?: string | undefined }[] | undefined): string {
  return (content ?? [])
    .filter((c) => c.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text!)
    .join('\n\n')
    .trim();
}
