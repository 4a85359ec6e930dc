// A scripted LSP client for the tests: vscode-jsonrpc's own message connection over any pair
// of streams (in-memory pipes, a child process's stdio), with the pushed diagnostics recorded.
import type { Readable, Writable } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { InitializeParams, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

export interface TestClient {
  connection: MessageConnection;
  request<R>(method: string, params?: unknown): Promise<R>;
  notify(method: string, params?: unknown): Promise<void>;
  initialize(overrides?: Partial<InitializeParams>): Promise<InitializeResult>;
  /** Resolves with the first diagnostics pushed for `uri` (after now) that satisfy `accept`. */
  diagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, languageId?: string, version?: number): Promise<void>;
  dispose(): void;
}

export function testClient(input: Readable, output: Writable): TestClient {
  const connection = createMessageConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
  const waiting: Array<{ uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    for (const w of [...waiting]) {
      if (w.uri === p.uri && w.accept(p)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  const client: TestClient = {
    connection,
    request: (method, params) => connection.sendRequest(method, params),
    notify: (method, params) => connection.sendNotification(method, params),
    initialize: (overrides = {}) =>
      client.request<InitializeResult>('initialize', {
        processId: null,
        rootUri: null,
        capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } } },
        ...overrides,
      }).then(async (r) => {
        await client.notify('initialized', {});
        return r;
      }),
    diagnostics: (uri, accept = () => true) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}`)), 20_000);
        waiting.push({ uri, accept, resolve: (p) => (clearTimeout(timer), resolve(p)) });
      }),
    open: (uri, text, languageId = 'archflow', version = 1) => client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } }),
    dispose: () => connection.dispose(),
  };
  return client;
}
