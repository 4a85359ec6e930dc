import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { AppDocumentServer } from '../../../../src/extension/chat/apps/appDocumentServer';

const server = new AppDocumentServer(4096);
after(() => server.dispose());

function raw(port: number, method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a published document is served with its own CSP, on 127.0.0.1, under an unguessable path', async () => {
  const port = await server.start();
  assert.equal(await server.start(), port, 'started once');
  const html = '<!DOCTYPE html><html><body><script>1</script>é</body></html>';
  const csp = "default-src 'none'; script-src 'unsafe-inline'";
  const path = server.publish(html, csp);
  assert.match(path, /^\/[0-9a-f]{64}$/);
  assert.equal(server.publish(html, csp), path, 'the same document and policy: the same path');
  assert.notEqual(server.publish(html, "default-src 'none'"), path, 'another policy: another document');
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-security-policy'), csp);
  assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  assert.equal(await res.text(), html);
  const head = await raw(port, 'HEAD', path);
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
});

test('anything else is refused: other paths, other methods, traversal', async () => {
  const port = await server.start();
  const path = server.publish('<p>x</p>', "default-src 'none'");
  for (const p of ['/', '/index.html', `${path}/`, `${path}x`, `/..${path}`, `/${'0'.repeat(64)}`, '/%2e%2e/etc/passwd']) {
    const res = await raw(port, 'GET', p);
    assert.equal(res.status, 404, p);
    assert.equal(res.headers['content-security-policy'], "default-src 'none'");
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) assert.equal((await raw(port, method, path)).status, 405, method);
  assert.equal((await raw(port, 'GET', `${path}?q=1`)).status, 200, 'a query does not change the document');
});

test('documents past the byte limit go, least recently asked for first', async () => {
  const port = await server.start();
  const a = server.publish('a'.repeat(1500), 'p');
  const b = server.publish('b'.repeat(1500), 'p');
  server.publish('a'.repeat(1500), 'p');
  const c = server.publish('c'.repeat(1500), 'p');
  assert.equal((await raw(port, 'GET', a)).status, 200, 'asked for again: kept');
  assert.equal((await raw(port, 'GET', b)).status, 404, 'the oldest went');
  assert.equal((await raw(port, 'GET', c)).status, 200);
});
