import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildAppCsp, checkCspEntry } from '../../../../src/extension/chat/apps/appCsp';

/** The policy as a map of directive to sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((d) => {
    const [name, ...sources] = d.split(' ');
    return [name!, sources];
  }));
}

test('without a declaration an app gets the standard default: inline script and style, data: images and media, nothing else', () => {
  const { policy, refused } = buildAppCsp(undefined);
  assert.equal(
    policy,
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src 'none'; media-src data:; connect-src 'none'; frame-src 'none'; base-uri 'none'; object-src 'none'; form-action 'none'; sandbox allow-scripts",
  );
  assert.deepEqual(refused, []);
  assert.deepEqual(buildAppCsp({}).policy, policy);
});

test('declared domains go to their directives, and only there', () => {
  const { policy, accepted } = buildAppCsp({
    connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
    resourceDomains: ['https://*.cdn.example.com'],
    frameDomains: ['https://www.youtube.com'],
    baseUriDomains: ['https://base.example.com/'],
  });
  const d = directives(policy);
  assert.deepEqual(d.get('connect-src'), ['https://api.example.com', 'wss://live.example.com:8443']);
  for (const name of ['script-src', 'style-src']) assert.deepEqual(d.get(name), ["'unsafe-inline'", 'https://*.cdn.example.com']);
  for (const name of ['img-src', 'media-src']) assert.deepEqual(d.get(name), ['data:', 'https://*.cdn.example.com']);
  assert.deepEqual(d.get('font-src'), ['https://*.cdn.example.com']);
  assert.deepEqual(d.get('frame-src'), ['https://www.youtube.com']);
  assert.deepEqual(d.get('base-uri'), ['https://base.example.com']);
  assert.deepEqual(d.get('default-src'), ["'none'"]);
  assert.deepEqual(accepted.resourceDomains, ['https://*.cdn.example.com']);
});

test("a declaration is data, never policy text: keywords, wildcards, schemes, separators and loopback hosts are refused", () => {
  const hostile = [
    "'unsafe-eval'",
    '*',
    'https:',
    'data:',
    'blob:',
    'https://ok.example.com; script-src *',
    'https://a.example.com https://b.example.com',
    'https://a.example.com,https://b.example.com',
    "https://x.example.com'",
    'javascript:alert(1)',
    'https://*',
    'https://example.com/path/deeper',
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'ws://[::1]:9',
    'http://*.localhost:*',
    'ws://*.localhost:*',
    'http://app.localhost:3333',
    'http://app.LOCALHOST.:3333',
    'http://localhost.:1',
    'http://0x7f000001:80',
    'http://2130706433',
    'http://127.1:8080',
    'https://10.0.0.1',
    'https://*.com',
    'https://*.io:*',
    'https://*.co.uk',
    'https://*.github.io',
    'https://*.Co.Uk.',
    'ftp://files.example.com',
    '',
    42,
    null,
  ];
  const { policy, accepted, refused } = buildAppCsp({ connectDomains: hostile, resourceDomains: hostile, frameDomains: 'https://not-a-list.example.com' });
  assert.deepEqual(accepted, { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
  assert.equal(refused.length, hostile.length * 2 + 1);
  assert.doesNotMatch(policy, /unsafe-eval|\*|localhost|127\.|example|0x|\.com|\.io|\.uk/);
  for (const entry of hostile) assert.equal(checkCspEntry(entry).ok, false, String(entry));
});

test('entries are normalised and counted: lower case, no trailing slash, no repeats, at most 32 per kind', () => {
  const many = Array.from({ length: 40 }, (_, i) => `https://h${i}.example.com`);
  const { accepted, refused } = buildAppCsp({ connectDomains: ['HTTPS://API.Example.com/', 'https://api.example.com'], resourceDomains: many });
  assert.deepEqual(accepted.connectDomains, ['https://api.example.com']);
  assert.equal(accepted.resourceDomains.length, 32);
  assert.deepEqual(refused, ['resourceDomains: 8 entries past the first 32']);
});

test('names a browser cannot be kept from resolving to loopback are accepted, as the README says: filtering is by name only', () => {
  for (const entry of ['http://localtest.me:*', 'http://127.0.0.1.nip.io:*', 'https://*.example.co.uk']) assert.equal(checkCspEntry(entry).ok, true, entry);
});
