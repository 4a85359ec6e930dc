// End to end: `archflow ask` as a child process, the real client manager with the built-in
// diagram server, the fake API playing a model that reads the syntax, checks, fixes and renders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lastToolResults, startFakeAnthropic, type RecordedRequest, type SeenToolResult } from '../fakeAnthropic';
import { assertAllValid } from './helpers/harness';

const repo = join(import.meta.dirname, '..', '..');
const ENTRY = join(import.meta.dirname, 'fixtures', 'askEntry.ts');
const TSX = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

const BROKEN = 'diagram "Shop"\nweb = retangolo "Web shop"\ndb = cylinder "Postgres"\nweb -> db "SQL"\n';
const FIXED = 'diagram "Shop"\nweb = rectangle "Web shop" icon=lucide:monitor\ndb = cylinder "Postgres" icon=logos:postgresql\nweb -> db "SQL" anim=packets\n';

test('archflow ask draws a diagram into a file with the built-in server: syntax, check, fix, render, look', { timeout: 90_000 }, async () => {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'archflow-ask-e2e-')));
  const fake = await startFakeAnthropic();
  const seen: SeenToolResult[][] = [];
  let toolNames: string[] = [];
  const name = (tool: string) => toolNames.find((n) => n.endsWith(`__${tool}`)) ?? `missing__${tool}`;
  const see = (req: RecordedRequest) => seen.push(lastToolResults(req));
  try {
    fake.script(
      (req) => {
        toolNames = req.body.tools.map((t: { name: string }) => t.name);
        return { content: [{ type: 'text', text: 'I will read the syntax first.' }, { type: 'tool_use', name: name('syntax_help'), input: {} }], stopReason: 'tool_use' };
      },
      (req) => {
        see(req);
        return { content: [{ type: 'tool_use', name: name('check_diagram'), input: { text: BROKEN } }], stopReason: 'tool_use' };
      },
      (req) => {
        see(req);
        return { content: [{ type: 'text', text: 'A typo; fixing it.' }, { type: 'tool_use', name: name('check_diagram'), input: { text: FIXED } }], stopReason: 'tool_use' };
      },
      (req) => {
        see(req);
        return { content: [{ type: 'tool_use', name: name('render_diagram'), input: { text: FIXED, output: 'docs/shop.svg', preview: true } }], stopReason: 'tool_use' };
      },
      (req) => {
        see(req);
        return { content: [{ type: 'text', text: 'The preview looks right. I drew the shop and its database in docs/shop.svg.' }], stopReason: 'end_turn' };
      },
    );
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, 'Draw our web shop and its database into docs/shop.svg', '--yes'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, ARCHFLOW_TEST_PROVIDER: 'builtin' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    assert.equal(code, 0, stderr);
    assert.equal(fake.pending, 0, 'the model got to the end of its plan');
    assert.deepEqual(['syntax_help', 'check_diagram', 'render_diagram', 'search_icons'].map((t) => toolNames.includes(`archflow__${t}`)), [true, true, true, true]);

    const [syntax, broken, fixed, rendered] = seen.map((r) => r[0]);
    assert.equal(syntax.isError, false);
    assert.match(syntax.text, /rectangle/);
    assert.equal(broken.isError, true);
    assert.match(broken.text, /diagrama:2:\d+: error: .*retangolo/);
    assert.match(broken.text, /rectangle|retângulo/);
    assert.equal(fixed.isError, false);
    assert.equal(rendered.isError, false);
    assert.match(rendered.text, /docs\/shop\.svg/);
    const preview = rendered.content.find((b: { type: string }) => b.type === 'image');
    assert.ok(preview, 'the model gets the preview as an image');
    assert.equal(preview.source.media_type, 'image/png');
    assert.ok(Buffer.from(preview.source.data, 'base64').subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])));

    const svg = await readFile(join(dir, 'docs', 'shop.svg'), 'utf8');
    assert.match(svg, /<svg[\s>]/);
    assert.match(svg, /Postgres/);
    assert.match(svg, /Web shop/);

    assert.match(stdout, /I will read the syntax first\.\n/);
    assert.match(stdout, /I drew the shop and its database in docs\/shop\.svg\.\n$/);
    assert.match(stderr, /→ archflow › render_diagram text=".*output="docs\/shop\.svg" preview=true/);
    assert.match(stderr, /✓ archflow › render_diagram: /);
    assert.match(stderr, /✗ archflow › check_diagram: /);
    assertAllValid(fake);
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
});
