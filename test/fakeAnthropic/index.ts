export { startFakeAnthropic, fakeId, DEFAULT_FAKE_MODELS } from './server';
export type {
  FakeAnthropic,
  FakeAnthropicOptions,
  FakeModel,
  RecordedRequest,
  ScriptBlock,
  ScriptedHttpError,
  ScriptedMessage,
  ScriptedReply,
  ScriptStep,
  StopReason,
} from './server';
export { validateRequestBody, MAX_CACHE_BREAKPOINTS } from './validate';
export type { FakePlatform, FakeAwsCredentials } from './platforms';
export type { ApiErrorBody } from './validate';

import type { RecordedRequest } from './server';

/** One tool result of a request, with the name of the tool it answers. */
export interface SeenToolResult {
  toolUseId: string;
  name: string;
  isError: boolean;
  /** Every text block (and plain-text document) joined. */
  text: string;
  /** The raw content blocks. */
  content: any[];
}

/** The tool results of a request's last user message, with the names of the calls they answer. */
export function lastToolResults(request: RecordedRequest): SeenToolResult[] {
  const messages: any[] = request.body?.messages ?? [];
  const last = messages.at(-1);
  const prev = messages.at(-2);
  if (!last || last.role !== 'user' || typeof last.content === 'string') return [];
  const names = new Map<string, string>();
  if (prev && Array.isArray(prev.content)) for (const b of prev.content) if (b.type === 'tool_use') names.set(b.id, b.name);
  return last.content
    .filter((b: any) => b.type === 'tool_result')
    .map((b: any) => {
      const content = typeof b.content === 'string' ? [{ type: 'text', text: b.content }] : b.content ?? [];
      const text = content
        .map((c: any) => (c.type === 'text' ? c.text : c.type === 'document' && c.source?.type === 'text' ? c.source.data : ''))
        .filter(Boolean)
        .join('\n');
      return { toolUseId: b.tool_use_id, name: names.get(b.tool_use_id) ?? '?', isError: b.is_error === true, text, content };
    });
}

/** A readable list of the requests the fake rejected, for assertion messages. */
export function describeInvalid(requests: RecordedRequest[]): string {
  return requests
    .filter((r) => r.invalid)
    .map((r) => `#${r.index}: ${r.invalid!.status} ${r.invalid!.type}: ${r.invalid!.message}`)
    .join('\n');
}
