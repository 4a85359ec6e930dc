import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guardRequest } from '../../src/mcpServer/httpGuard';

const local = { host: '127.0.0.1', port: 4321 };

test('accepts the loopback names with the server port, with or without a matching Origin', () => {
  for (const host of ['127.0.0.1:4321', 'localhost:4321', '[::1]:4321', 'LOCALHOST:4321']) {
    assert.equal(guardRequest({ host }, local), undefined, host);
    assert.equal(guardRequest({ host, origin: `http://${host}` }, local), undefined, host);
  }
  assert.equal(guardRequest({ host: 'localhost:4321', origin: 'http://127.0.0.1:4321' }, local), undefined);
});

test('refuses rebinding hosts, other ports and malformed authorities with 403', () => {
  for (const host of ['evil.example.com', 'evil.example.com:4321', '127.0.0.1:80', '127.0.0.1', 'localhost:4322', 'user@localhost:4321', '127.0.0.1.nip.io:4321', '']) {
    const refusal = guardRequest({ host }, local);
    assert.equal(refusal?.status, 403, host);
  }
  assert.equal(guardRequest({}, local)?.status, 403);
});

test('refuses foreign, null and other-port Origins with 403', () => {
  for (const origin of ['http://evil.example.com', 'http://evil.example.com:4321', 'null', 'http://localhost:4322', 'file://', 'chrome-extension://abc']) {
    assert.equal(guardRequest({ host: '127.0.0.1:4321', origin }, local)?.status, 403, origin);
  }
});

test('a non-wildcard bind address is accepted as Host; 0.0.0.0 is not', () => {
  assert.equal(guardRequest({ host: '192.168.1.5:4321' }, { host: '192.168.1.5', port: 4321 }), undefined);
  assert.equal(guardRequest({ host: '0.0.0.0:4321' }, { host: '0.0.0.0', port: 4321 })?.status, 403);
});

test('with a token, requests need the bearer token (401), after Host and Origin (403)', () => {
  const options = { ...local, token: 's3cret-token' };
  assert.equal(guardRequest({ host: '127.0.0.1:4321', authorization: 'Bearer s3cret-token' }, options), undefined);
  assert.equal(guardRequest({ host: '127.0.0.1:4321', authorization: 'bearer s3cret-token' }, options), undefined);
  for (const authorization of [undefined, '', 'Bearer', 'Bearer wrong', 'Basic czNjcmV0LXRva2Vu', 'Bearer s3cret-token-and-more']) {
    const refusal = guardRequest({ host: '127.0.0.1:4321', authorization }, options);
    assert.equal(refusal?.status, 401, String(authorization));
    assert.match(refusal?.headers?.['WWW-Authenticate'] ?? '', /^Bearer/);
    assert.doesNotMatch(refusal?.message ?? '', /s3cret/);
  }
  assert.equal(guardRequest({ host: 'evil.example.com:4321', authorization: 'Bearer s3cret-token' }, options)?.status, 403);
});
