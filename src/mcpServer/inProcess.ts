import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDiagramServer, type DiagramServerOptions } from './createDiagramServer';

export interface InProcessConnection {
  client: Client;
  /** Closes client and server; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * The diagram server and an SDK Client joined by `InMemoryTransport` in this process: what
 * the extension's own chat uses, no child process, no port. The client is connected and
 * initialised when the promise resolves. `clientName` identifies the host in logs.
 */
export async function connectInProcess(options: DiagramServerOptions = {}, clientName = 'archflow-chat'): Promise<InProcessConnection> {
  const server = createDiagramServer(options);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(clientTransport);
  let closed: Promise<void> | undefined;
  return {
    client,
    close: () => (closed ??= Promise.all([client.close(), server.close()]).then(() => undefined)),
  };
}
