/**
 * Deterministic synthetic architectures for the layout-quality benchmark, closer to real
 * diagrams than `generate.ts`: about two thirds of the nodes in groups of 3–7 (every fourth
 * group nested in the one before), connections mostly flowing forward between nearby
 * nodes, a fifth more long cross links, and a few connections running back (the
 * feedback between groups that makes layered layouts wrap routes around the drawing).
 */
import { rng } from '../test/core/layout/builders';

export function architectureText(n: number, seed = 1, direction: 'LR' | 'TB' = 'LR'): string {
  const rand = rng(seed * 1000 + n);
  const lines = [`diagram "Architecture ${n}"`, `direction ${direction}`, ''];
  const groupOf: Array<number | undefined> = [];
  const groups: Array<{ parent?: number; nodes: number[] }> = [];
  let i = 0;
  while (i < Math.round(n * 0.66)) {
    const size = 3 + Math.floor(rand() * 5);
    const g = groups.length;
    groups.push({ parent: g % 4 === 3 ? g - 1 : undefined, nodes: [] });
    for (let k = 0; k < size && i < n; k++, i++) {
      groupOf[i] = g;
      groups[g]!.nodes.push(i);
    }
  }
  const shapes = ['rectangle', 'rounded', 'database', 'queue', 'hexagon', 'cylinder'];
  const node = (k: number) => `n${k} = ${shapes[k % shapes.length]} "Service ${k}${k % 9 === 4 ? ' with a long name' : ''}"`;
  const emit = (g: number, indent: string) => {
    lines.push(`${indent}g${g} = group "Zone ${g}" {`);
    for (const k of groups[g]!.nodes) lines.push(`${indent}  ${node(k)}`);
    groups.forEach((h, child) => {
      if (h.parent === g) emit(child, indent + '  ');
    });
    lines.push(`${indent}}`);
  };
  groups.forEach((g, index) => {
    if (g.parent === undefined) emit(index, '');
  });
  for (let k = i; k < n; k++) lines.push(node(k));
  lines.push('');
  const seen = new Set<string>();
  const connect = (a: number, b: number, label?: string) => {
    if (a === b || seen.has(`${a}>${b}`) || seen.has(`${b}>${a}`)) return;
    seen.add(`${a}>${b}`);
    lines.push(`n${a} -> n${b}${label ? ` "${label}"` : ''}`);
  };
  for (let k = 1; k < n; k++) connect(Math.max(0, k - 1 - Math.floor(rand() * 6)), k, k % 6 === 0 ? `call ${k}` : undefined);
  for (let k = 0; k < Math.floor(n / 5); k++) {
    const a = Math.floor(rand() * n);
    const b = Math.floor(rand() * n);
    connect(Math.min(a, b), Math.max(a, b));
  }
  for (let k = 0; k < Math.max(1, Math.floor(n / 15)); k++) {
    const a = Math.floor(rand() * n);
    const b = Math.floor(rand() * n);
    if (groupOf[a] !== groupOf[b]) connect(Math.max(a, b), Math.min(a, b), k % 2 === 0 ? 'reply' : undefined);
  }
  return lines.join('\n') + '\n';
}

/**
 * The kind of diagram a new user generates to try the tool on something big: `n` nodes, a
 * tenth as many groups of ten side by side (none when `grouped` is false), and about 1.5
 * connections per node between random nodes, a tenth of them running back. At 300 nodes: 30
 * groups and 455 connections, the graph of the 300-node speed figures (`--only layout-speed`).
 * Denser and less local than `architectureText`: many connections cross group borders.
 */
export function groupedArchitectureText(n: number, direction: 'LR' | 'TB' = 'LR', grouped = true, seed = 1): string {
  const rand = rng(seed * 7 + n);
  const lines = [`diagram "Grouped ${n}"`, `direction ${direction}`, ''];
  const groups = grouped ? Math.round(n / 10) : 0;
  for (let g = 0; g < groups; g++) {
    lines.push(`g${g} = group "Zone ${g}" {`);
    for (let k = g * 10; k < g * 10 + 10 && k < n; k++) lines.push(`  n${k} = rect "Service ${k}"`);
    lines.push('}');
  }
  for (let k = groups * 10; k < n; k++) lines.push(`n${k} = rect "Service ${k}"`);
  lines.push('');
  const seen = new Set<string>();
  const target = Math.round(n * 1.517);
  const connect = (a: number, b: number) => {
    if (a === b || seen.has(`${a}>${b}`) || seen.has(`${b}>${a}`)) return;
    seen.add(`${a}>${b}`);
    lines.push(`n${a} -> n${b}`);
  };
  for (let k = 1; k < n; k++) connect(Math.floor(rand() * k), k);
  while (seen.size < target) {
    const a = Math.floor(rand() * n);
    const b = Math.floor(rand() * n);
    if (rand() < 0.9) connect(Math.min(a, b), Math.max(a, b));
    else connect(Math.max(a, b), Math.min(a, b));
  }
  return lines.join('\n') + '\n';
}
