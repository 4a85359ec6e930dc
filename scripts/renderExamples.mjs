#!/usr/bin/env node
// Renders every bundled example through the built CLI, as a user would:
// examples/NAME.diagram -> out/examples/NAME.svg and NAME.png (light) and NAME-dark.png.
import { readdirSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'out', 'examples');
mkdirSync(outDir, { recursive: true });
let failed = 0;
for (const file of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.diagram')).sort()) {
  const name = file.replace(/\.diagram$/, '');
  for (const [suffix, theme] of [['', 'light'], ['-dark', 'dark']]) {
    const svg = join(outDir, `${name}${suffix}.svg`);
    const png = join(outDir, `${name}${suffix}.png`);
    const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'render', join('examples', file), '-o', svg, '--png', png, '--theme', theme], { cwd: root, encoding: 'utf8' });
    process.stderr.write(r.stderr);
    if (r.status !== 0) failed++;
  }
}
console.log(`rendered into ${outDir}${failed ? ` (${failed} failed)` : ''}`);
process.exit(failed ? 1 : 0);
