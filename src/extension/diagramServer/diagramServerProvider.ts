import * as vscode from 'vscode';
import { WITHHELD_ENV } from '../../mcpClient/withheldEnv';
import { displayLocale } from '../locale';

/** The id under `contributes.mcpServerDefinitionProviders`. */
export const DIAGRAM_SERVER_PROVIDER_ID = 'archflow.diagramServer';

/** What runs JavaScript here: the extension host's own executable, Electron's or Node's. */
export interface Runtime {
  execPath: string;
  /** True when `execPath` is Electron, which runs a script as Node only with `ELECTRON_RUN_AS_NODE=1`. */
  electron: boolean;
}

export const HOST_RUNTIME: Runtime = { execPath: process.execPath, electron: process.versions.electron !== undefined };

/**
 * How VS Code's own chat (Copilot's agent mode) starts ArchFlow's diagram server: the
 * `dist/mcp.js` that ships in the .vsix, on the editor's own runtime, so nobody has to
 * install Node. In desktop VS Code the extension host runs on Electron, which runs the script
 * as Node with `ELECTRON_RUN_AS_NODE=1`; in code-server it runs on Node, which needs nothing.
 * The model's API keys are removed from the server's environment; it answers in the editor's
 * language and, when the client announces no MCP roots, writes in the first workspace folder.
 */
export function diagramServerDefinition(extensionUri: vscode.Uri, version: string, runtime: Runtime = HOST_RUNTIME): vscode.McpStdioServerDefinition {
  const env: Record<string, string | null> = Object.fromEntries(WITHHELD_ENV.map((name) => [name, null]));
  if (runtime.electron) env.ELECTRON_RUN_AS_NODE = '1';
  const script = vscode.Uri.joinPath(extensionUri, 'dist', 'mcp.js').fsPath;
  const definition = new vscode.McpStdioServerDefinition('ArchFlow', runtime.execPath, [script, '--locale', displayLocale()], env, version);
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  if (folder) definition.cwd = folder.uri;
  return definition;
}

/**
 * The provider VS Code asks for MCP servers: the diagram server, in a trusted workspace only
 * (the chat of ArchFlow starts no server in Restricted Mode either). It announces a change when
 * trust is granted or the folders change.
 */
export class DiagramServerProvider implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable {
  readonly #onDidChange = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.#onDidChange.event;
  readonly #subscriptions: vscode.Disposable[];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly version: string,
  ) {
    this.#subscriptions = [
      this.#onDidChange,
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.#onDidChange.fire()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.#onDidChange.fire()),
    ];
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    return vscode.workspace.isTrusted ? [diagramServerDefinition(this.extensionUri, this.version)] : [];
  }

  dispose(): void {
    vscode.Disposable.from(...this.#subscriptions).dispose();
  }
}

/** Registers the provider where the editor has the API (VS Code >= 1.101); a no-op elsewhere. */
export function registerDiagramServerProvider(context: vscode.ExtensionContext): DiagramServerProvider {
  const provider = new DiagramServerProvider(context.extensionUri, String(context.extension.packageJSON.version ?? '0.0.0'));
  context.subscriptions.push(provider);
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider === 'function') {
    context.subscriptions.push(vscode.lm.registerMcpServerDefinitionProvider(DIAGRAM_SERVER_PROVIDER_ID, provider));
  }
  return provider;
}
