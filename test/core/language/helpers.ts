import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { closestMatches } from '../../../src/core/fuzzy';
import type { Diagnostic, DiagnosticCode, DiagramModel, ElementDecl, ParseResult } from '../../../src/core/model';
import { formatMessage, parseDiagram } from '../../../src/core/language';

export const ROOT = join(__dirname, '..', '..', '..');
export const FIXTURES = join(__dirname, 'fixtures');
export const EXAMPLES = join(ROOT, 'examples');

export function parse(text: string): ParseResult {
  return parseDiagram(text);
}

export function codes(text: string): DiagnosticCode[] {
  return parseDiagram(text).diagnostics.map((d) => d.code);
}

/** Asserts the text yields exactly one diagnostic, of `code`, and returns it. */
export function only(text: string, code: DiagnosticCode): Diagnostic {
  const { diagnostics } = parseDiagram(text);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    [code],
    `expected only ${code} for ${JSON.stringify(text)}, got ${diagnostics.map((d) => `${d.code} (${formatMessage(d, 'en')})`).join('; ')}`,
  );
  return diagnostics[0];
}

export function element(model: DiagramModel, id: string): ElementDecl {
  const e = model.elements.find((x) => x.id === id);
  assert.ok(e, `no element ${id}`);
  return e;
}

/** The model with every range removed (ranges move when formatting). */
export function withoutRanges<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'range' || key.endsWith('Range') ? undefined : v)));
}

/** Line lengths as VS Code counts them (lines end at \r\n, \n or \r). */
export function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((l) => l.length);
}

/** Every diagnostic (and related and suggestion) range lies inside the text. */
export function assertRangesInside(text: string, diagnostics: Diagnostic[]): void {
  const lens = lineLengths(text);
  const check = (r: Diagnostic['range'], what: string) => {
    assert.ok(r.line >= 1 && r.line <= lens.length, `${what}: line ${r.line} outside 1..${lens.length}`);
    assert.ok(r.endLine >= r.line && r.endLine <= lens.length, `${what}: endLine ${r.endLine}`);
    assert.ok(r.column >= 1 && r.column <= lens[r.line - 1] + 1, `${what}: column ${r.column} > ${lens[r.line - 1] + 1}`);
    assert.ok(r.endColumn >= 1 && r.endColumn <= lens[r.endLine - 1] + 1, `${what}: endColumn ${r.endColumn}`);
    if (r.endLine === r.line) assert.ok(r.endColumn >= r.column, `${what}: end before start`);
  };
  for (const d of diagnostics) {
    check(d.range, d.code);
    for (const s of d.suggestions) check(s.range, `${d.code} suggestion`);
    for (const r of d.related ?? []) check(r.range, `${d.code} related`);
  }
}

/** Every `.diagram` file under a folder, as [name, text]. */
export function diagramFiles(dir: string): [string, string][] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.diagram'))
    .sort()
    .map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
}

const SETS = ['logos', 'simple-icons', 'lucide', 'tabler', 'ph', 'mdi', 'fa6-solid', 'fa6-regular', 'fa6-brands'];

/** A catalog over the installed Iconify sets (names only), standing in for the real one. */
export function installedIcons(): { has(id: string): boolean; suggest(id: string, limit?: number): string[] } {
  const require = createRequire(__filename);
  const names = new Map<string, Set<string>>();
  for (const prefix of SETS) {
    const json = require(`@iconify-json/${prefix}/icons.json`) as { icons: Record<string, unknown>; aliases?: Record<string, unknown> };
    names.set(prefix, new Set([...Object.keys(json.icons), ...Object.keys(json.aliases ?? {})]));
  }
  return {
    has: (id) => {
      const [prefix, name] = id.split(':');
      return names.get(prefix)?.has(name) ?? false;
    },
    suggest: (id, limit = 3) => {
      const [prefix, name] = id.split(':');
      const set = names.get(prefix);
      if (!set) return [];
      return closestMatches(name, set, limit).map((n) => `${prefix}:${n}`);
    },
  };
}
