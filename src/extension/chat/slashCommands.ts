// Pure (no `vscode`): unit-tested in test/extension/chat.
import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { PromptView } from '../../protocol/index';

/**
 * MCP prompts as slash commands: `/name`, or `/server.name` when two servers offer the same
 * name, in the order the servers listed them.
 */
export function promptCommands(prompts: readonly (Prompt & { server: string })[]): PromptView[] {
  const counts = new Map<string, number>();
  for (const p of prompts) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  return prompts.map((p) => ({
    server: p.server,
    name: p.name,
    command: (counts.get(p.name) ?? 0) > 1 ? `${p.server}.${p.name}` : p.name,
    ...(p.description ? { description: p.description } : {}),
    arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), required: a.required === true })),
  }));
}

export interface SlashInvocation {
  prompt: PromptView;
  args: Record<string, string>;
  /** Required arguments the text did not give. */
  missing: string[];
  /** `key=` names the prompt does not take. */
  unknown: string[];
}

const PAIR = /([A-Za-z_][\w.-]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))/g;

/**
 * The prompt a message invokes, or undefined when it does not start with a known `/command`.
 * After the command: `key=value` pairs (values may be quoted), or, for a prompt with one
 * argument, the rest of the text as that argument's value.
 */
export function parseSlash(text: string, prompts: readonly PromptView[]): SlashInvocation | undefined {
  const m = /^\/([\w.-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return undefined;
  const prompt = prompts.find((p) => p.command === m[1]);
  if (!prompt) return undefined;
  const rest = (m[2] ?? '').trim();
  const args: Record<string, string> = {};
  const unknown: string[] = [];
  const names = new Set(prompt.arguments.map((a) => a.name));
  const pairs = [...rest.matchAll(PAIR)];
  const onlyPairs = pairs.length > 0 && rest.replace(PAIR, '').trim() === '';
  if (rest && !onlyPairs && prompt.arguments.length === 1) {
    args[prompt.arguments[0].name] = rest;
  } else {
    for (const p of pairs) {
      const value = p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : (p[3] ?? p[4] ?? '');
      if (names.has(p[1])) args[p[1]] = value;
      else unknown.push(p[1]);
    }
  }
  const missing = prompt.arguments.filter((a) => a.required && !(a.name in args)).map((a) => a.name);
  return { prompt, args, missing, unknown };
}
