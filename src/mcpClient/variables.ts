import { basename, sep } from 'node:path';
import type { McpConfigFormat } from './serverConfig';

/** What `${...}` variables resolve against. */
export interface VariableContext {
  workspaceFolder?: string;
  userHome: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Resolves `${input:ID}`; rejects when the value cannot be had. */
  input(id: string): Promise<string>;
  /**
   * `.mcp.json` and Claude Desktop files also expand `${NAME}` and `${NAME:-default}` from the
   * environment (Claude Code's convention); VS Code's format leaves unknown variables as is.
   */
  format: McpConfigFormat;
}

const VARIABLE = /\$\{([^}]+)\}/g;

/**
 * Replaces `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`, `${pathSeparator}`,
 * `${env:NAME}` (empty when unset) and `${input:ID}` in `text`. Unknown variables stay as
 * written and are reported through `unknown`. Rejects with a clear message when
 * `${workspaceFolder}` is used without a folder, or an input cannot be had.
 */
export async function substituteVariables(text: string, ctx: VariableContext, unknown: (name: string) => void = () => {}): Promise<string> {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    out += text.slice(last, match.index);
    last = match.index! + match[0].length;
    out += await resolveOne(match[1], match[0], ctx, unknown);
  }
  return out + text.slice(last);
}

async function resolveOne(name: string, written: string, ctx: VariableContext, unknown: (name: string) => void): Promise<string> {
  switch (name) {
    case 'workspaceFolder':
    case 'workspaceFolderBasename':
      if (!ctx.workspaceFolder) throw new Error(`${written} is used but no workspace folder is open`);
      return name === 'workspaceFolder' ? ctx.workspaceFolder : basename(ctx.workspaceFolder);
    case 'userHome':
      return ctx.userHome;
    case 'pathSeparator':
    case '/':
      return sep;
  }
  if (name.startsWith('env:')) return ctx.env[name.slice(4)] ?? '';
  if (name.startsWith('input:')) return ctx.input(name.slice(6));
  if (ctx.format === 'mcpServers') {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/.exec(name);
    if (m) {
      const value = ctx.env[m[1]];
      if (value !== undefined && value !== '') return value;
      if (m[2] !== undefined) return m[2];
      unknown(name);
      return '';
    }
  }
  unknown(name);
  return written;
}
