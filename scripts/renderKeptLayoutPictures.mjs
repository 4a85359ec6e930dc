#!/usr/bin/env node
// The README's "Keep your drawing" pictures, through the built CLI as a user makes them:
// examples/microservices.diagram is laid out and its layout file kept (`layout --keep`), then
// one node and one connection are added and the edited text is drawn twice: fresh (`render
// --fresh`, the whole picture may move) and with the layout file (`render`, the drawing stays).
// Writes docs/images/keep-layout-{before,fresh,kept}.png (PNG: VS Code and the Marketplace
// refuse SVG pictures in a README, see docs/decisions/0008). Run `npm run build` first.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');
const images = join(root, 'docs', 'images');
const work = mkdtempSync(join(tmpdir(), 'archflow-pictures-'));

function archflow(...args) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: work, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`archflow ${args.join(' ')} failed:\n${r.stderr}`);
}

try {
  const diagram = join(work, 'shop.diagram');
  copyFileSync(join(root, 'examples', 'microservices.diagram'), diagram);
  // Light theme: the pictures sit on GitHub's page whatever its theme.
  archflow('layout', 'shop.diagram', '--keep');
  archflow('render', 'shop.diagram', '-o', join(images, 'keep-layout-before.png'), '--theme', 'light');
  writeFileSync(diagram, `${readFileSync(diagram, 'utf8').trimEnd()}\n\nsearch = rectangle "Search" icon=logos:elasticsearch\ncatalog -> search "index"\n`);
  archflow('render', 'shop.diagram', '--fresh', '-o', join(images, 'keep-layout-fresh.png'), '--theme', 'light');
  archflow('render', 'shop.diagram', '-o', join(images, 'keep-layout-kept.png'), '--theme', 'light');
  console.log(`wrote ${['before', 'fresh', 'kept'].map((n) => `docs/images/keep-layout-${n}.png`).join(', ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
