import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParseResult, Range } from '../../../src/core/model';
import { formatDiagram, formatMessage, formatRelated } from '../../../src/core/language';
import { FIXTURES, diagramFiles, parse } from './helpers';

// Set UPDATE_GOLDEN=1 to rewrite the expected files after a deliberate change (then review the diff).
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const at = (r: Range) => `@${r.line}:${r.column}-${r.endLine}:${r.endColumn}`;

/** A readable dump of a parse: the model (one line per element/connection) and the diagnostics. */
function dump({ model, diagnostics }: ParseResult): string {
  const out: string[] = [];
  if (model.title !== undefined) out.push(`title ${JSON.stringify(model.title)}`);
  out.push(`direction ${model.direction}`, `theme ${model.theme}`, `roots ${model.roots.join(' ')}`);
  for (const e of model.elements) {
    const parts = [e.kind, e.id];
    if (e.kind === 'node') parts.push(e.shape, `size=${e.size}`);
    parts.push(JSON.stringify(e.label));
    for (const k of ['icon', 'color', 'fill', 'tooltip', 'link'] as const) if (e[k] !== undefined) parts.push(`${k}=${JSON.stringify(e[k])}`);
    if (e.kind === 'group') {
      if (e.direction) parts.push(`direction=${e.direction}`);
      parts.push(`children=[${e.children.join(' ')}]`);
    }
    if (e.parent) parts.push(`parent=${e.parent}`);
    if (e.kind === 'node' && e.implicit) parts.push('implicit');
    parts.push(at(e.range), `id${at(e.idRange)}`);
    out.push(parts.join(' '));
  }
  for (const c of model.connections) {
    const parts = [c.id, c.source, c.heads === 'both' ? '<->' : c.heads === 'none' ? '--' : '->', c.target];
    if (c.label !== undefined) parts.push(JSON.stringify(c.label));
    parts.push(`anim=${c.anim}`, `speed=${c.speed}`, `style=${c.style}`);
    if (c.color) parts.push(`color=${c.color}`);
    parts.push(at(c.range), `src${at(c.sourceRange)}`, `dst${at(c.targetRange)}`);
    out.push(parts.join(' '));
  }
  out.push('diagnostics');
  for (const d of diagnostics) {
    out.push(`  ${d.severity} ${d.code} ${at(d.range)}`, `    en: ${formatMessage(d, 'en')}`, `    pt-BR: ${formatMessage(d, 'pt-BR')}`);
    for (const s of d.suggestions) out.push(`    fix ${JSON.stringify(s.text)} ${at(s.range)}`);
    for (const r of d.related ?? []) out.push(`    related ${at(r.range)} ${formatRelated(d, r, 'en')}`);
  }
  return out.join('\n') + '\n';
}

function golden(file: string, actual: string): void {
  if (UPDATE || !existsSync(file)) {
    assert.ok(UPDATE, `missing golden file ${file}; run with UPDATE_GOLDEN=1 and review it`);
    writeFileSync(file, actual);
    return;
  }
  assert.equal(actual, readFileSync(file, 'utf8'));
}

for (const [name, text] of diagramFiles(join(FIXTURES, 'parse'))) {
  test(`parse golden: ${name}`, () => {
    golden(join(FIXTURES, 'parse', name.replace(/\.diagram$/, '.golden.txt')), dump(parse(text)));
  });
}

for (const [name, text] of diagramFiles(join(FIXTURES, 'format')).filter(([n]) => n.endsWith('.input.diagram'))) {
  test(`format golden: ${name}`, () => {
    const expected = join(FIXTURES, 'format', name.replace('.input.', '.expected.'));
    const formatted = formatDiagram(text);
    golden(expected, formatted);
    assert.equal(formatDiagram(formatted), formatted, 'idempotent');
  });
}
