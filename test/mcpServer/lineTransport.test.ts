// The stdio framing of archflow-mcp with the real diagram server on in-process streams:
// every line JSON-RPC says to answer is answered, and nothing read stops the serving.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createDiagramServer } from '../../src/mcpServer';
import { INVALID_REQUEST, LineTransport, PARSE_ERROR } from '../../src/mcpServer/lineTransport';
import { serverMessages } from '../../src/mcpServer/serverMessages';

const T = { timeout: 60_000 };

async function connect(maxLineBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const errors: string[] = [];
  const server = createDiagramServer({ roots: [process.cwd()] });
  const transport = new LineTransport(input, output, maxLineBytes === undefined ? {} : { maxLineBytes });
  await server.connect(transport);
  server.server.onerror = (e) => errors.push(e.message);
  let buffered = '';
  const answers: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) !== -1) {
      answers.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
      buffered = buffered.slice(nl + 1);
      for (const w of waiters.splice(0)) w();
    }
  });
  const count = async (n: number) => {
    while (answers.length < n) await new Promise<void>((r) => waiters.push(r));
    return answers.slice(0, n);
  };
  const write = (text: string) => input.write(text);
  write(`${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
  await count(1);
  write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return { write, count, errors, close: () => server.close() };
}

describe('LineTransport', T, () => {
  test('malformed lines get -32700 / -32600 answers (with the id when there is one) and serving goes on', async () => {
    const s = await connect();
    try {
      s.write('{\n');
      s.write('this is not json\r\n');
      s.write('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":null}\n');
      s.write('{"jsonrpc":"1.0","id":"x"}\n');
      s.write('[]\n\n   \n');
      s.write('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
      const answers = (await s.count(6)).slice(1);
      assert.deepEqual(
        answers.map((a) => [a.id, (a.error as { code?: number } | undefined)?.code ?? 'ok']),
        [
          [null, PARSE_ERROR],
          [null, PARSE_ERROR],
          [7, INVALID_REQUEST],
          ['x', INVALID_REQUEST],
          [null, INVALID_REQUEST],
        ],
      );
      assert.deepEqual((await s.count(7))[6], { jsonrpc: '2.0', id: 8, result: {} });
      assert.equal(s.errors.length, 5, 'each refusal is also reported to the logger');
    } finally {
      await s.close();
    }
  });

  test('a line over the limit, in many chunks, is refused with its id, size and limit; the next requests are answered', async () => {
    const s = await connect(1000);
    try {
      const big = JSON.stringify({ method: 'tools/call', params: { name: 'check_diagram', arguments: { text: 'a'.repeat(5000) } }, jsonrpc: '2.0', id: 41 });
      for (let i = 0; i < big.length; i += 333) s.write(big.slice(i, i + 333));
      s.write('\n');
      const first = JSON.stringify({ jsonrpc: '2.0', id: '42', method: 'tools/call', params: { name: 'check_diagram', arguments: { text: 'b'.repeat(5000) } } });
      s.write(`${first}\n{"jsonrpc":"2.0","id":43,"method":"ping"}\n`);
      const [, tooBig, tooBigToo, ping] = await s.count(4);
      assert.deepEqual(tooBig, { jsonrpc: '2.0', id: 41, error: { code: INVALID_REQUEST, message: `Request too large: ${big.length.toLocaleString('en')} bytes; the limit is 1,000 bytes` } });
      assert.equal(tooBigToo!.id, '42', 'an id first in the line is found too');
      assert.deepEqual(ping, { jsonrpc: '2.0', id: 43, result: {} });
    } finally {
      await s.close();
    }
  });
});

test('sizes that round alike are told apart: 1 MiB + 1 byte against 1 MiB', () => {
  assert.equal(serverMessages('en').textTooLarge(1024 * 1024 + 1, 1024 * 1024), 'The diagram text is 1,048,577 bytes; the limit is 1,048,576 bytes. Split it into smaller diagrams.');
  assert.equal(serverMessages('pt-BR').textTooLarge(1024 * 1024 + 1, 1024 * 1024), 'O texto do diagrama tem 1.048.577 bytes; o limite é 1.048.576 bytes. Divida-o em diagramas menores.');
  assert.match(serverMessages('en').textTooLarge(10_500_000, 1024 * 1024), /is 10\.0 MB; the limit is 1\.0 MB/);
});
