// Pure Node (no `vscode`): unit-tested in test/extension/chat.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { repairHistory } from '../../agent/index';
import { ZERO_USAGE_VIEW, type ChatItem, type ConversationMeta, type ConversationView, type HistoryEntry, type ToolAppView } from '../../protocol/index';

export const CONVERSATION_FORMAT = 1;
const INDEX_FILE = 'index.json';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A conversation as it is kept on disk: what the chat shows, and what the model is sent. */
export interface StoredConversation {
  format: typeof CONVERSATION_FORMAT;
  id: string;
  /** The workspace folders the conversation belongs to (URIs), for the record. */
  workspace: string[];
  view: ConversationView;
  transcript: MessageParam[];
  /** The servers' whole results of calls whose card shows an MCP App (by `tool_use` id): what the app draws after a reload. */
  appResults?: Record<string, CallToolResult>;
}

/** A conversation file that could not be read: it stays on disk, untouched. */
export interface UnreadableConversation {
  file: string;
  error: string;
}

export interface HistoryListing {
  entries: HistoryEntry[];
  unreadable: UnreadableConversation[];
}

/** The history entry of a conversation. */
export function historyEntryOf(view: ConversationView): HistoryEntry {
  return {
    id: view.id,
    title: view.meta.title,
    updatedAt: view.meta.updatedAt,
    costUsd: view.meta.usage.costUsd,
    turns: view.items.filter((i) => i.kind === 'user').length,
  };
}

/** A title from the first user message: its first line, shortened to about 60 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * One JSON file per conversation under a folder of its own per workspace, and an index that
 * is only a cache of the files' history entries.
 *
 * Guarantees: every write is atomic (a temporary file, flushed, then renamed over the old
 * one), so a crash leaves the old file or the new one, never half of one; writes are done
 * one at a time, in the order asked; the index is rebuilt from the files whenever it is
 * missing, unreadable or disagrees with them; a file that cannot be read is reported and
 * skipped, never deleted or overwritten, and never hides the others; what is loaded is
 * repaired (see {@link repairConversation}) so it can be shown and sent again.
 */
export class ConversationStore {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {}

  /** The history, newest first. Never rejects for a bad file; rejects only when the folder cannot be read. */
  list(): Promise<HistoryListing> {
    return this.#serial(() => this.#list());
  }

  /** Reads and repairs one conversation; rejects with a readable message when it cannot be read. */
  async load(id: string): Promise<StoredConversation> {
    if (!ID_PATTERN.test(id)) throw new Error(`not a conversation id: ${JSON.stringify(id).slice(0, 80)}`);
    const parsed = await readConversation(join(this.dir, `${id}.json`));
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.value;
  }

  /** Writes a conversation and its index entry. */
  save(conversation: StoredConversation): Promise<void> {
    if (!ID_PATTERN.test(conversation.id)) return Promise.reject(new Error(`not a conversation id: ${conversation.id}`));
    const text = JSON.stringify(conversation);
    const entry = historyEntryOf(conversation.view);
    return this.#serial(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeAtomic(join(this.dir, `${conversation.id}.json`), text);
      const index = (await this.#readIndex()) ?? [];
      await this.#writeIndex([entry, ...index.filter((e) => e.id !== entry.id)]);
    });
  }

  /** Deletes a conversation (a missing one is not an error). */
  delete(id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) return Promise.reject(new Error(`not a conversation id: ${id}`));
    return this.#serial(async () => {
      await rm(join(this.dir, `${id}.json`), { force: true });
      const index = await this.#readIndex();
      if (index) await this.#writeIndex(index.filter((e) => e.id !== id));
    });
  }

  async #list(): Promise<HistoryListing> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], unreadable: [] };
      throw err;
    }
    const ids = names.filter((n) => n.endsWith('.json') && n !== INDEX_FILE).map((n) => n.slice(0, -5)).filter((id) => ID_PATTERN.test(id));
    const index = await this.#readIndex();
    const known = new Map((index ?? []).map((e) => [e.id, e]));
    const entries: HistoryEntry[] = [];
    const unreadable: UnreadableConversation[] = [];
    let changed = index === undefined || index.some((e) => !ids.includes(e.id));
    for (const id of ids) {
      const cached = known.get(id);
      if (cached) {
        entries.push(cached);
        continue;
      }
      // Not in the index: read the file itself (a crash between file and index, or a lost index).
      const parsed = await readConversation(join(this.dir, `${id}.json`));
      if (parsed.ok) {
        entries.push(historyEntryOf(parsed.value.view));
        changed = true;
      } else {
        unreadable.push({ file: join(this.dir, `${id}.json`), error: parsed.error });
      }
    }
    entries.sort((a, b) => b.updatedAt - a.updatedAt);
    if (changed) await this.#writeIndex(entries).catch(() => undefined);
    return { entries, unreadable };
  }

  async #readIndex(): Promise<HistoryEntry[] | undefined> {
    try {
      const raw = JSON.parse(await readFile(join(this.dir, INDEX_FILE), 'utf8')) as { format?: unknown; entries?: unknown };
      if (raw.format !== CONVERSATION_FORMAT || !Array.isArray(raw.entries)) return undefined;
      return raw.entries.filter(isHistoryEntry);
    } catch {
      return undefined;
    }
  }

  async #writeIndex(entries: HistoryEntry[]): Promise<void> {
    await writeAtomic(join(this.dir, INDEX_FILE), JSON.stringify({ format: CONVERSATION_FORMAT, entries }));
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

function isHistoryEntry(e: unknown): e is HistoryEntry {
  if (!e || typeof e !== 'object') return false;
  const h = e as Record<string, unknown>;
  return typeof h.id === 'string' && ID_PATTERN.test(h.id) && typeof h.title === 'string' && typeof h.updatedAt === 'number' && (typeof h.costUsd === 'number' || h.costUsd === null) && typeof h.turns === 'number';
}

async function writeAtomic(path: string, text: string): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`;
  // Conversations hold attached files and tool results: readable by the user only.
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

type Read = { ok: true; value: StoredConversation } | { ok: false; error: string };

async function readConversation(path: string): Promise<Read> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    return { ok: false, error: `cannot read ${path}: ${(err as Error).message}` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `${path} is not valid JSON (${text.length === 0 ? 'empty' : `truncated or damaged: ${(err as Error).message}`})` };
  }
  const value = repairConversation(raw);
  return value ? { ok: true, value } : { ok: false, error: `${path} is not an ArchFlow conversation (format ${CONVERSATION_FORMAT})` };
}

function isItem(i: unknown): i is ChatItem {
  if (!i || typeof i !== 'object') return false;
  const item = i as { kind?: unknown; id?: unknown };
  return typeof item.id === 'string' && ['user', 'assistant', 'tool', 'notice', 'runEnd'].includes(String(item.kind));
}

/**
 * A stored conversation made fit to show and to continue, or undefined when `raw` is not one.
 * The transcript goes through `repairHistory` (valid for the Messages API); what a reload
 * interrupted is closed: streaming text is done, calls that were waiting or running are
 * cancelled, the conversation is not running; items that are not items are dropped and missing
 * meta fields get defaults.
 */
export function repairConversation(raw: unknown): StoredConversation | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const c = raw as Partial<StoredConversation> & { view?: Partial<ConversationView> };
  if (c.format !== CONVERSATION_FORMAT || typeof c.id !== 'string' || !ID_PATTERN.test(c.id) || !c.view || typeof c.view !== 'object') return undefined;
  const m = (c.view.meta ?? {}) as Partial<ConversationMeta>;
  const items = (Array.isArray(c.view.items) ? c.view.items : []).filter(isItem).map((item): ChatItem => {
    if (item.kind === 'assistant' && !item.done) return { ...item, done: true };
    if (item.kind === 'tool' && (item.status === 'preparing' || item.status === 'approval' || item.status === 'running')) {
      const { approval: _asked, progress: _progress, ...rest } = item;
      return { ...rest, status: 'cancelled' };
    }
    return item;
  });
  const now = Date.now();
  const meta: ConversationMeta = {
    title: typeof m.title === 'string' ? m.title : '',
    model: typeof m.model === 'string' ? m.model : '',
    running: false,
    usage: m.usage && typeof m.usage === 'object' ? { ...ZERO_USAGE_VIEW, ...m.usage } : { ...ZERO_USAGE_VIEW },
    contextTokens: typeof m.contextTokens === 'number' ? m.contextTokens : 0,
    createdAt: typeof m.createdAt === 'number' ? m.createdAt : now,
    updatedAt: typeof m.updatedAt === 'number' ? m.updatedAt : now,
  };
  const apps = appsOf(c.view.apps, items);
  const appResults = appResultsOf(c.appResults, apps);
  return {
    format: CONVERSATION_FORMAT,
    id: c.id,
    workspace: Array.isArray(c.workspace) ? c.workspace.filter((w): w is string => typeof w === 'string') : [],
    view: { id: c.id, meta, items, ...(apps ? { apps } : {}) },
    transcript: repairHistory(c.transcript ?? []),
    ...(appResults ? { appResults } : {}),
  };
}

/** The apps of tool cards that are still there, each with its server, tool and `ui://` URI. */
function appsOf(raw: unknown, items: ChatItem[]): Record<string, ToolAppView> | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const tools = new Set(items.filter((i) => i.kind === 'tool').map((i) => i.id));
  const kept = Object.entries(raw as Record<string, unknown>).filter(([id, a]) => {
    if (!tools.has(id) || !a || typeof a !== 'object') return false;
    const app = a as Partial<ToolAppView>;
    return typeof app.server === 'string' && typeof app.tool === 'string' && typeof app.uri === 'string' && app.uri.startsWith('ui://');
  });
  return kept.length ? (Object.fromEntries(kept.map(([id, a]) => [id, { server: (a as ToolAppView).server, tool: (a as ToolAppView).tool, uri: (a as ToolAppView).uri }])) as Record<string, ToolAppView>) : undefined;
}

function appResultsOf(raw: unknown, apps: Record<string, ToolAppView> | undefined): Record<string, CallToolResult> | undefined {
  if (!raw || typeof raw !== 'object' || !apps) return undefined;
  const kept = Object.entries(raw as Record<string, unknown>).filter(([id, r]) => id in apps && r !== null && typeof r === 'object' && Array.isArray((r as { content?: unknown }).content));
  return kept.length ? (Object.fromEntries(kept) as Record<string, CallToolResult>) : undefined;
}
