// Pure (no `vscode`): unit-tested in test/extension/chat/apps against real servers.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApprovalPolicy, type ApprovalRequest } from '../../../agent/index';
import { MemoryApprovalStore, type QualifiedTool } from '../../../mcpClient/index';
import { decideAppToolCall } from './appRules';

/** What {@link callToolForApp} needs from the host: the owner's tools, the call, the question to the user, a log. */
export interface AppToolCallPorts {
  /** The tools server `server` lists now, with its trust and their fingerprints. */
  listServerTools(server: string): Promise<QualifiedTool[]>;
  callServerTool(server: string, name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Asks the user whether the app may make this one call; true only when they allow it. */
  ask(request: ApprovalRequest): Promise<boolean>;
  log: { info(line: string): void; warn(line: string): void };
  /** `archflow.chat.autoApproveReadOnly`, as the model's calls follow it: false asks about every call. */
  autoApproveTrustedReadOnly: boolean;
}

/**
 * Runs an app's `tools/call` of tool `name` for the app of `app.tool` on server `app.server`.
 * Throws (the app gets an error) when {@link decideAppToolCall} refuses it. Otherwise the
 * model's {@link ApprovalPolicy} decides, with nothing remembered: a read-only tool of a trusted
 * (or built-in) server runs (unless `autoApproveTrustedReadOnly` is off); any other tool runs only when `ask` says yes, every time (a tool the
 * user just denied to the model is asked about again, never run silently). A call the user did
 * not allow resolves to an error result and never reaches the server.
 */
export async function callToolForApp(ports: AppToolCallPorts, app: { server: string; tool: string }, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const listed = await ports.listServerTools(app.server);
  const decision = decideAppToolCall(
    app.server,
    name,
    listed.map((q) => q.tool),
  );
  if (!decision.ok) {
    ports.log.warn(`app of ${app.tool}: refused tools/call: ${decision.reason}`);
    throw new Error(decision.reason);
  }
  const qt = listed.find((q) => q.tool === decision.tool)!;
  // A fresh store: an app's calls are allowed once at a time, and never inherit the model's approvals.
  const policy = new ApprovalPolicy(async (request) => ((await ports.ask(request)) ? 'allow_once' : 'deny'), ports.autoApproveTrustedReadOnly, new MemoryApprovalStore());
  const outcome = await policy.decide(qt, `app:${app.tool}`, args, new AbortController().signal, () => undefined);
  if (!outcome.allowed) {
    ports.log.info(`app of ${app.tool}: tools/call ${name} not allowed by the user`);
    return { isError: true, content: [{ type: 'text', text: `The user did not allow the call to ${name}.` }] };
  }
  ports.log.info(`app of ${app.tool}: tools/call ${name}${outcome.how === 'trusted_read_only' ? ' (read-only, trusted server)' : ' (allowed by the user)'}`);
  return ports.callServerTool(app.server, name, args);
}
