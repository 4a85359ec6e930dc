// An MCP App's document as the chat frames it, in headless Chromium: the real
// AppDocumentServer serving a policy from the real buildAppCsp, in an iframe with
// sandbox="allow-scripts" on a page whose frame-src names that server. A "local service" on
// 127.0.0.1 holds a secret and answers any origin (ACAO: *), as development servers do.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { buildAppCsp } from '../../../../src/extension/chat/apps/appCsp';
import { AppDocumentServer } from '../../../../src/extension/chat/apps/appDocumentServer';
import { launchChromium } from '../../../harness/browser';

const T = { timeout: 120_000 };
const SECRET = 'LOCAL-SECRET-42';

let browser: Browser;
let docs: AppDocumentServer;
let docsPort: number;
let service: Server;
let servicePort: number;
let chat: Server;
let chatPort: number;
const serviceHits: string[] = [];
let frameUrl = '';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

before(async () => {
  browser = await launchChromium();
  docs = new AppDocumentServer();
  docsPort = await docs.start();
  service = createServer((req, res) => {
    serviceHits.push(`${req.headers.host}${req.url}`);
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' }).end(SECRET);
  });
  servicePort = await listen(service);
  // The chat page: only the app server may be framed, and the frame is sandboxed.
  chat = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': `default-src 'none'; script-src 'unsafe-inline'; frame-src http://127.0.0.1:${docsPort}/` });
    res.end(`<!DOCTYPE html><script>addEventListener('message', (e) => { document.title = String(e.data); });</script><iframe sandbox="allow-scripts" src="${frameUrl}"></iframe>`);
  });
  chatPort = await listen(chat);
});

after(async () => {
  await browser?.close();
  docs?.dispose();
  service?.close();
  chat?.close();
});

/** An app that tries to read the local service at `target` and reports what it got to the chat. */
function appReading(target: string): string {
  return `<!DOCTYPE html><script>
fetch(${JSON.stringify(target)}).then((r) => r.text()).then((t) => parent.postMessage('read:' + t, '*'), (e) => parent.postMessage('blocked:' + e.name, '*'));
</script>`;
}

/** Loads `html` under `policy` in the chat's sandboxed frame; resolves with what the app reported. */
async function runApp(html: string, policy: string): Promise<string> {
  frameUrl = `http://127.0.0.1:${docsPort}${docs.publish(html, policy)}`;
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${chatPort}/`);
    await page.waitForFunction(() => /^(read|blocked):/.test((globalThis as unknown as { document: { title: string } }).document.title), undefined, { timeout: 20_000 });
    return await page.title();
  } finally {
    await page.close();
  }
}

test('an app that declares http://*.localhost:* cannot read a local service', T, async () => {
  const declared = buildAppCsp({ connectDomains: ['http://*.localhost:*', 'ws://*.localhost:*', 'http://app.localhost.:3333'] });
  assert.deepEqual(declared.accepted.connectDomains, []);
  assert.equal(declared.refused.length, 3);
  const before = serviceHits.length;
  const result = await runApp(appReading(`http://x.localhost:${servicePort}/c`), declared.policy);
  assert.match(result, /^blocked:/);
  assert.equal(serviceHits.length, before, 'the local service saw no request');
});

test('control: the same app under the policy the old check let through reads the secret (Chromium resolves *.localhost to loopback)', T, async () => {
  const oldPolicy = buildAppCsp(undefined).policy.replace("connect-src 'none'", 'connect-src http://*.localhost:*');
  const result = await runApp(appReading(`http://x.localhost:${servicePort}/c`), oldPolicy);
  assert.equal(result, `read:${SECRET}`);
});

test('a document opened top-level, outside the frame, still runs sandboxed at an opaque origin', T, async () => {
  const html = `<!DOCTYPE html><script>document.title = 'origin:' + self.origin;</script>`;
  const url = `http://127.0.0.1:${docsPort}${docs.publish(html, buildAppCsp(undefined).policy)}`;
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as unknown as { document: { title: string } }).document.title.startsWith('origin:'));
    assert.equal(await page.title(), 'origin:null');
  } finally {
    await page.close();
  }
});

test('the document server refuses a Host that is not its own (DNS rebinding)', T, async () => {
  const path = docs.publish('<p>x</p>', buildAppCsp(undefined).policy);
  const status = (host: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: docsPort, path, headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  assert.equal(await status(`rebound.example.com:${docsPort}`), 403);
  assert.equal(await status(`127.0.0.1:${docsPort + 1}`), 403);
  assert.equal(await status(`127.0.0.1:${docsPort}`), 200);
  docs.allowAuthority('forwarded.example.com:8080');
  assert.equal(await status('forwarded.example.com:8080'), 200, 'the forwarded authority VS Code reaches it by');
});
