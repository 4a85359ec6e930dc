import { dirname, basename } from 'node:path';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { z } from 'zod';
import { MCP_PROTOCOL_SETTINGS, isMcpProtocolSetting } from './protocolSetting';
import type {
  McpConfigDiagnostic,
  McpConfigFormat,
  McpConfiguredServer,
  McpInputSpec,
  McpServerConfig,
} from './serverConfig';

/** What one configuration source holds: servers in file order, and every problem found. */
export interface ParsedConfig {
  servers: McpConfiguredServer[];
  diagnostics: McpConfigDiagnostic[];
}

const serverEntrySchema = z.object({
  type: z.string().optional(),
  command: z.string().min(1, 'must not be empty').optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  envFile: z.string().optional(),
  cwd: z.string().optional(),
  url: z.string().min(1, 'must not be empty').optional(),
  headers: z.record(z.string(), z.string()).optional(),
  disabled: z.boolean().optional(),
  trusted: z.boolean().optional(),
  timeoutMs: z.number().positive().optional(),
  maxTotalTimeoutMs: z.number().positive().optional(),
  startupTimeoutMs: z.number().positive().optional(),
  protocol: z.string().optional(),
});

const inputSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  description: z.string().optional(),
  password: z.boolean().optional(),
  default: z.string().optional(),
  options: z.array(z.union([z.string(), z.object({ value: z.string() })])).optional(),
});

const TYPE_ALIASES: Record<string, McpServerConfig['type']> = {
  stdio: 'stdio',
  http: 'http',
  streamableHttp: 'http',
  'streamable-http': 'http',
  streamablehttp: 'http',
  sse: 'sse',
};

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the end of the document',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
};

/** 1-based line and column of a character offset. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where relative paths of a file resolve: a `.vscode/mcp.json` belongs to the folder above `.vscode`. */
export function baseDirOfConfigFile(path: string): string {
  const dir = dirname(path);
  return basename(dir) === '.vscode' ? dirname(dir) : dir;
}

type Locate = (path: (string | number)[]) => { line: number; column: number } | undefined;

/**
 * Parses a configuration file's text: JSON with comments and trailing commas (as VS Code's
 * `mcp.json` allows), in VS Code's format (`servers`, `inputs`; also a settings file's `mcp`
 * key) or the `mcpServers` format of `.mcp.json` and Claude Desktop.
 *
 * Never throws. Every problem comes back as a diagnostic with line and column. A syntax error
 * skips only the servers whose entry contains it; an entry that does not fit the schema skips
 * only that server; the other servers are returned.
 */
export function parseConfigText(text: string, file: string, baseDir = baseDirOfConfigFile(file)): ParsedConfig {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const diagnostics: McpConfigDiagnostic[] = errors.map((e) => {
    const code = printParseErrorCode(e.error);
    return { severity: 'error' as const, source: file, ...positionAt(text, e.offset), message: SYNTAX_MESSAGES[code] ?? code };
  });
  if (!root) {
    if (!diagnostics.length) diagnostics.push({ severity: 'error', source: file, line: 1, column: 1, message: 'the file is empty' });
    return { servers: [], diagnostics };
  }
  const locate: Locate = (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(root, path.slice(0, n));
      if (node) return positionAt(text, node.parent?.type === 'property' ? node.parent.offset : node.offset);
    }
    return undefined;
  };
  const brokenRanges = errors.map((e) => e.offset);
  const isBroken = (path: (string | number)[]) => {
    const node = findNodeAtLocation(root, path);
    const span = node?.parent?.type === 'property' ? node.parent : node;
    if (!span) return true;
    return brokenRanges.some((offset) => offset >= span.offset && offset <= span.offset + span.length);
  };
  const value = nodeValue(root);
  const parsed = parseConfigValue(value, file, baseDir, locate, isBroken);
  return { servers: parsed.servers, diagnostics: [...diagnostics, ...parsed.diagnostics] };
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, val] = prop.children ?? [];
        if (key && typeof key.value === 'string' && val) out[key.value] = nodeValue(val);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/**
 * Validates a configuration object (an object source, such as the extension's settings), with
 * the same rules as files but without positions. Never throws.
 */
export function parseConfigObject(value: unknown, label: string, baseDir: string): ParsedConfig {
  return parseConfigValue(value, label, baseDir, () => undefined, () => false);
}

function parseConfigValue(
  value: unknown,
  source: string,
  baseDir: string,
  locate: Locate,
  isBroken: (path: (string | number)[]) => boolean,
): ParsedConfig {
  const diagnostics: McpConfigDiagnostic[] = [];
  const servers: McpConfiguredServer[] = [];
  const report = (path: (string | number)[], message: string, server?: string, severity: 'error' | 'warning' = 'error') =>
    diagnostics.push({ severity, source, ...locate(path), ...(server !== undefined ? { server } : {}), message });

  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    report([], 'expected an object with "servers" or "mcpServers"');
    return { servers, diagnostics };
  }
  const top = value as Record<string, unknown>;
  const sections: Array<{ path: string[]; format: McpConfigFormat; inputsPath?: string[] }> = [];
  if ('servers' in top) sections.push({ path: ['servers'], format: 'vscode', inputsPath: ['inputs'] });
  if ('mcpServers' in top) sections.push({ path: ['mcpServers'], format: 'mcpServers' });
  const mcpKey = top.mcp as Record<string, unknown> | undefined;
  if (!sections.length && mcpKey && typeof mcpKey === 'object' && 'servers' in mcpKey) {
    sections.push({ path: ['mcp', 'servers'], format: 'vscode', inputsPath: ['mcp', 'inputs'] });
  }
  if (!sections.length) {
    report([], 'no "servers" (VS Code) or "mcpServers" (.mcp.json, Claude Desktop) object found', undefined, 'warning');
    return { servers, diagnostics };
  }

  for (const section of sections) {
    const inputs = section.inputsPath ? parseInputs(valueAt(top, section.inputsPath), section.inputsPath, report) : new Map<string, McpInputSpec>();
    const entries = valueAt(top, section.path);
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) {
      report(section.path, `"${section.path.join('.')}" must be an object that maps server names to their settings`);
      continue;
    }
    for (const [name, raw] of Object.entries(entries as Record<string, unknown>)) {
      const path = [...section.path, name];
      if (isBroken(path)) {
        report(path, `server '${name}' skipped: its entry has a syntax error`, name, 'warning');
        continue;
      }
      if (!name.trim()) {
        report(path, 'a server name must not be empty', name);
        continue;
      }
      const config = parseServer(raw, path, name, report);
      if (config) servers.push({ name, config, source, format: section.format, baseDir, inputs });
    }
  }
  return { servers, diagnostics };
}

function valueAt(value: Record<string, unknown>, path: string[]): unknown {
  let current: unknown = value;
  for (const key of path) current = current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  return current;
}

type Report = (path: (string | number)[], message: string, server?: string, severity?: 'error' | 'warning') => void;

function parseServer(raw: unknown, path: (string | number)[], name: string, report: Report): McpServerConfig | undefined {
  const result = serverEntrySchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const where = issue.path.length ? `'${issue.path.join('.')}' ` : '';
      report([...path, ...(issue.path as (string | number)[])], `server '${name}': ${where}${issue.message}`, name);
    }
    return undefined;
  }
  const entry = result.data;
  if (entry.protocol !== undefined && !isMcpProtocolSetting(entry.protocol)) {
    report([...path, 'protocol'], `server '${name}': unknown protocol '${entry.protocol}'; expected ${MCP_PROTOCOL_SETTINGS.map((p) => `"${p}"`).join(', ')}`, name);
    return undefined;
  }
  const common = {
    ...(entry.protocol !== undefined ? { protocol: entry.protocol } : {}),
    ...(entry.disabled !== undefined ? { disabled: entry.disabled } : {}),
    ...(entry.trusted !== undefined ? { trusted: entry.trusted } : {}),
    ...(entry.timeoutMs !== undefined ? { timeoutMs: entry.timeoutMs } : {}),
    ...(entry.maxTotalTimeoutMs !== undefined ? { maxTotalTimeoutMs: entry.maxTotalTimeoutMs } : {}),
    ...(entry.startupTimeoutMs !== undefined ? { startupTimeoutMs: entry.startupTimeoutMs } : {}),
  };
  let type: McpServerConfig['type'] | undefined;
  if (entry.type !== undefined) {
    type = TYPE_ALIASES[entry.type];
    if (!type) {
      report([...path, 'type'], `server '${name}': unknown type '${entry.type}'; expected stdio, http or sse`, name);
      return undefined;
    }
  } else {
    type = entry.command !== undefined ? 'stdio' : entry.url !== undefined ? 'http' : undefined;
  }
  if (!type) {
    report(path, `server '${name}' needs either "command" (a program to start) or "url" (an HTTP server)`, name);
    return undefined;
  }
  if (type === 'stdio') {
    if (entry.command === undefined) {
      report(path, `server '${name}': "command" is required for a stdio server`, name);
      return undefined;
    }
    return {
      type,
      command: entry.command,
      ...(entry.args ? { args: entry.args } : {}),
      ...(entry.env ? { env: entry.env } : {}),
      ...(entry.envFile !== undefined ? { envFile: entry.envFile } : {}),
      ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
      ...common,
    };
  }
  if (entry.url === undefined) {
    report(path, `server '${name}': "url" is required for a ${type} server`, name);
    return undefined;
  }
  return { type, url: entry.url, ...(entry.headers ? { headers: entry.headers } : {}), ...common };
}

function parseInputs(raw: unknown, path: string[], report: Report): Map<string, McpInputSpec> {
  const inputs = new Map<string, McpInputSpec>();
  if (raw === undefined) return inputs;
  if (!Array.isArray(raw)) {
    report(path, '"inputs" must be an array');
    return inputs;
  }
  raw.forEach((item, index) => {
    const result = inputSchema.safeParse(item);
    if (!result.success) {
      for (const issue of result.error.issues) report([...path, index, ...(issue.path as (string | number)[])], `input: '${issue.path.join('.')}' ${issue.message}`);
      return;
    }
    const input = result.data;
    if (input.type !== 'promptString' && input.type !== 'pickString') {
      report([...path, index, 'type'], `input '${input.id}': type '${input.type}' is not supported; use promptString or pickString`, undefined, 'warning');
      return;
    }
    inputs.set(input.id, {
      id: input.id,
      type: input.type,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.password !== undefined ? { password: input.password } : {}),
      ...(input.default !== undefined ? { default: input.default } : {}),
      ...(input.options ? { options: input.options.map((o) => (typeof o === 'string' ? o : o.value)) } : {}),
    });
  });
  return inputs;
}
