import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser/lib/esm/main.js';

/** The keys a configuration file may hold servers under (VS Code's, Claude's, a settings file's). */
const SERVER_LISTS: readonly (readonly string[])[] = [['servers'], ['mcpServers'], ['mcp', 'servers']];

/** Where a server's entry is in a configuration file's text: its `"name": {…}` property. */
export interface EntrySpan {
  offset: number;
  length: number;
}

/**
 * The span of server `name`'s entry in a configuration file (VS Code's `servers`, the
 * `mcpServers` of `.mcp.json` and Claude Desktop, or a settings file's `mcp.servers`), or
 * undefined when the text has no such entry. Tolerates comments, trailing commas and syntax
 * errors elsewhere in the file.
 */
export function locateServerEntry(text: string, name: string): EntrySpan | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return undefined;
  for (const list of SERVER_LISTS) {
    const value = findNodeAtLocation(root, [...list, name]);
    const property = value?.parent;
    if (property?.type === 'property') return { offset: property.offset, length: property.length };
  }
  return undefined;
}

/** What kind of server a snippet starts. */
export type ServerSnippetKind = 'stdio' | 'http';

/** A snippet (VS Code snippet syntax: `${1:name}` tab stops) and the offset to insert it at. */
export interface ServerSnippet {
  offset: number;
  snippet: string;
  /** The name the snippet proposes (not used by the file yet). */
  name: string;
}

/** The text of a new `.vscode/mcp.json` that the snippet then fills. */
export const EMPTY_MCP_JSON = '{\n\t"servers": {}\n}\n';

/**
 * Where and what to insert into a configuration file's text to add a server entry, so that
 * the file stays valid JSON with comments: inside `servers` (or `mcpServers`) after the last
 * entry, or a new `servers` object when the file has none. The snippet carries its own
 * indentation, in the file's style (tabs, or its number of spaces): insert it as it is. The
 * proposed name is free in the file (`my-server`, else `my-server-2`, …). Undefined when the
 * text is not a JSON object (the user must repair it first); never changes the text itself.
 */
export function serverSnippet(text: string, kind: ServerSnippetKind): ServerSnippet | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || root.type !== 'object' || errors.length > 0) return undefined;
  const list = ['servers', 'mcpServers'].map((key) => findNodeAtLocation(root, [key])).find((n) => n?.type === 'object');
  const taken = new Set((list?.children ?? []).map((p) => p.children?.[0]?.value).filter((v): v is string => typeof v === 'string'));
  let name = 'my-server';
  for (let n = 2; taken.has(name); n++) name = `my-server-${n}`;
  const unit = /^([ \t]+)\S/m.exec(text)?.[1] ?? '\t';
  const entry = entryLines(name, kind, unit);
  const target = list ?? root;
  const lines = list ? entry : ['"servers": {', ...entry.map((l) => unit + l), '}'];
  return { name, ...insertInto(text, target, lines, unit) };
}

/** Lines of a property added as the last member of `object`, indented as its members are. */
function insertInto(text: string, object: Node, lines: string[], unit: string): { offset: number; snippet: string } {
  const last = object.children?.at(-1);
  if (last) {
    const indent = indentationAt(text, last.offset);
    return { offset: last.offset + last.length, snippet: `,\n${lines.map((l) => indent + l).join('\n')}` };
  }
  // An empty object: right after its `{`, one level deeper than the line it is on.
  const outer = indentationAt(text, object.offset);
  return { offset: object.offset + 1, snippet: `\n${lines.map((l) => outer + unit + l).join('\n')}\n${outer}` };
}

function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function entryLines(name: string, kind: ServerSnippetKind, unit: string): string[] {
  const key = `"\${1:${name}}": {`;
  const body =
    kind === 'http'
      ? ['"type": "http",', '"url": "${2:https://example.com/mcp}"']
      : ['"type": "stdio",', '"command": "${2:npx}",', '"args": [${3:"-y", "@modelcontextprotocol/server-everything"}]'];
  return [key, ...body.map((l) => unit + l), '}$0'];
}
