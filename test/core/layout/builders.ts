// Hand-built models for layout tests (independent of the parser).
import type { Connection, DiagramModel, Direction, ElementDecl, GroupDecl, NodeDecl, Range, Shape, Size } from '../../../src/core/model';

const range = (line: number): Range => ({ line, column: 1, endLine: line, endColumn: 2 });

export interface NodeSpec {
  id: string;
  parent?: string;
  shape?: Shape;
  label?: string;
  size?: Size;
  icon?: string;
  implicit?: boolean;
}
export interface GroupSpec {
  group: string;
  parent?: string;
  label?: string;
  direction?: Direction;
  icon?: string;
  size?: Size;
}
export type EdgeSpec = [string, string] | [string, string, { label?: string }];

/** Builds a model: elements in the given order (lines 1..n), then connections. */
export function diagram(spec: { direction?: Direction; title?: string; elements?: (NodeSpec | GroupSpec)[]; edges?: EdgeSpec[] }): DiagramModel {
  const elements: ElementDecl[] = [];
  let line = 1;
  for (const e of spec.elements ?? []) {
    if ('group' in e) {
      const g: GroupDecl = { kind: 'group', id: e.group, label: e.label ?? e.group, size: e.size ?? 'medium', children: [], range: range(line), idRange: range(line) };
      if (e.parent) g.parent = e.parent;
      if (e.direction) g.direction = e.direction;
      if (e.icon) g.icon = e.icon;
      elements.push(g);
    } else {
      const n: NodeDecl = { kind: 'node', id: e.id, shape: e.shape ?? 'rectangle', label: e.label ?? e.id, size: e.size ?? 'medium', range: range(line), idRange: range(line) };
      if (e.parent) n.parent = e.parent;
      if (e.icon) n.icon = e.icon;
      if (e.implicit) n.implicit = true;
      elements.push(n);
    }
    line++;
  }
  for (const el of elements) {
    if (el.parent) {
      const p = elements.find((x) => x.id === el.parent);
      if (p && p.kind === 'group') p.children.push(el.id);
    }
  }
  const connections: Connection[] = (spec.edges ?? []).map(([source, target, opts], i) => {
    const c: Connection = {
      id: `c${i}`, source, target, heads: 'end', anim: 'none', speed: 1.5, style: 'solid',
      range: range(line + i), sourceRange: range(line + i), targetRange: range(line + i),
    };
    if (opts?.label !== undefined) c.label = opts.label;
    return c;
  });
  const model: DiagramModel = {
    direction: spec.direction ?? 'LR',
    theme: 'auto',
    elements,
    roots: elements.filter((e) => !e.parent).map((e) => e.id),
    connections,
  };
  if (spec.title) model.title = spec.title;
  return model;
}

/** A deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A generated architecture-like graph: `n` nodes, about a tenth of them inside groups (some
 * nested), edges mostly forward with some labels and some crossing group borders.
 */
export function generated(n: number, seed = 7): DiagramModel {
  const rand = rng(seed);
  const elements: (NodeSpec | GroupSpec)[] = [];
  const grouped = Math.max(1, Math.round(n / 10));
  const groupCount = Math.max(1, Math.round(grouped / 4));
  for (let g = 0; g < groupCount; g++) {
    const spec: GroupSpec = { group: `g${g}`, label: `Group ${g}` };
    if (g % 3 === 2) spec.parent = `g${g - 1}`;
    elements.push(spec);
  }
  for (let i = 0; i < n; i++) {
    const spec: NodeSpec = { id: `n${i}`, label: `Service ${i}` };
    if (i < grouped) spec.parent = `g${i % groupCount}`;
    elements.push(spec);
  }
  const edges: EdgeSpec[] = [];
  for (let i = 1; i < n; i++) {
    const j = Math.floor(rand() * i);
    edges.push(rand() < 0.2 ? [`n${j}`, `n${i}`, { label: `call ${i}` }] : [`n${j}`, `n${i}`]);
    if (rand() < 0.3) edges.push([`n${Math.floor(rand() * n)}`, `n${i}`]);
  }
  return diagram({ elements, edges: edges.filter(([a, b]) => a !== b) });
}
