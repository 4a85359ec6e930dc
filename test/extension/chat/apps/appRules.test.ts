import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { appLinkTarget, appMessagesInARow, decideAppToolCall, MAX_APP_MESSAGES_IN_A_ROW } from '../../../../src/extension/chat/apps/appRules';
import type { ChatItem } from '../../../../src/protocol/index';

const tool = (name: string, visibility?: unknown): Tool => ({ name, inputSchema: { type: 'object' }, ...(visibility !== undefined ? { _meta: { ui: { visibility } } } : {}) });
const own = [tool('render_diagram'), tool('select_diagram_element', ['app']), tool('check_diagram', ['model']), tool('both', ['model', 'app']), tool('nobody', ['nobody'])];

test("an app may call its own server's tools that are open to apps, and nothing else", () => {
  assert.equal(decideAppToolCall('archflow', 'select_diagram_element', own).ok, true);
  assert.equal(decideAppToolCall('archflow', 'render_diagram', own).ok, true, 'no visibility: model and app');
  assert.equal(decideAppToolCall('archflow', 'both', own).ok, true);
  const modelOnly = decideAppToolCall('archflow', 'check_diagram', own);
  assert.deepEqual(modelOnly, { ok: false, reason: `The tool 'check_diagram' of server 'archflow' is for the model only (its visibility does not include "app").` });
  assert.equal(decideAppToolCall('archflow', 'nobody', own).ok, false, 'an unknown audience opens it to no one');
  for (const name of ['echo', 'toolbox__echo', 'archflow__render_diagram', '']) {
    const d = decideAppToolCall('archflow', name, own);
    assert.equal(d.ok, false, name);
    assert.match(d.ok ? '' : d.reason, /may call only that server's tools/);
  }
});

test('links an app may ask to open: web, mail and files; never scripts, commands or other handlers', () => {
  assert.deepEqual(appLinkTarget('https://example.com/docs?q=1#x'), { kind: 'web', url: 'https://example.com/docs?q=1#x' });
  assert.deepEqual(appLinkTarget('http://example.com'), { kind: 'web', url: 'http://example.com/' });
  assert.deepEqual(appLinkTarget('mailto:team@example.com'), { kind: 'web', url: 'mailto:team@example.com' });
  assert.deepEqual(appLinkTarget('vscode://file/home/me/docs/checkout%20flow.svg'), { kind: 'file', path: '/home/me/docs/checkout flow.svg' });
  assert.deepEqual(appLinkTarget('vscode://file/C:/Users/me/a.svg'), { kind: 'file', path: 'C:/Users/me/a.svg' });
  assert.deepEqual(appLinkTarget('file:///tmp/a.diagram'), { kind: 'file', path: '/tmp/a.diagram' });
  for (const bad of ['javascript:alert(1)', 'command:workbench.action.quit', 'vscode://vscode.git/clone?url=x', 'vscode:extension/foo', 'file://server/share/x', 'data:text/html,x', 'docs/a.svg', '', 'https://', 'vscode://file/', 'vscode://file/%E0%A4%A']) {
    assert.equal(appLinkTarget(bad), undefined, bad);
  }
});

test('app messages in a row count back to the last message the user wrote', () => {
  const user = (id: string, app?: boolean): ChatItem => ({ kind: 'user', id, text: id, attachments: [], at: 0, ...(app ? { app: { server: 's', tool: 't' } } : {}) });
  const reply = (id: string): ChatItem => ({ kind: 'assistant', id, run: 'r', round: 1, text: 'ok', done: true });
  assert.equal(appMessagesInARow([]), 0);
  assert.equal(appMessagesInARow([user('a'), reply('1')]), 0);
  assert.equal(appMessagesInARow([user('a'), reply('1'), user('b', true), reply('2'), user('c', true), reply('3')]), 2);
  const looping = [user('a'), ...Array.from({ length: MAX_APP_MESSAGES_IN_A_ROW }, (_, i) => [user(`m${i}`, true), reply(`r${i}`)]).flat()];
  assert.equal(appMessagesInARow(looping), MAX_APP_MESSAGES_IN_A_ROW);
  assert.equal(appMessagesInARow([...looping, user('typed')]), 0, 'the user writing resets it');
});
