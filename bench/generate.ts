/**
 * Deterministic synthetic architectures for benchmarks: `n` nodes, a tenth of them in
 * groups (every other group nested in the previous one), a spanning tree of
 * connections plus a fifth more cross links. The same graph is emitted as ArchFlow
 * text, as D2 text and as a raw ELK graph, so every contender lays out the same thing.
 */
import { rng } from '../test/core/layout/builders';

export interface GeneratedGraph {
  nodes: Array<{ id: string; label: string; group?: string }>;
  groups: Array<{ id: string; label: string; parent?: string }>;
  edges: Array<{ source: string; target: string; label?: string }>;
}

export function generateGraph(n: number, seed = 42): GeneratedGraph {
  const rand = rng(seed + n);
  const grouped = Math.max(n >= 10 ? 1 : 0, Math.round(n / 10));
  const perGroup = 5;
  const groupCount = Math.ceil(grouped / perGroup);
  const groups: GeneratedGraph['groups'] = [];
  for (let g = 0; g < groupCount; g++) {
    groups.push({ id: `g${g}`, label: `Zone ${g}`, parent: g % 2 === 1 ? `g${g - 1}` : undefined });
  }
  const nodes: GeneratedGraph['nodes'] = [];
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `n${i}`, label: `Service ${i}`, group: i < grouped ? `g${Math.floor(i / perGroup)}` : undefined });
  }
  const edges: GeneratedGraph['edges'] = [];
  for (let i = 1; i < n; i++) {
    const j = Math.floor(rand() * i);
    edges.push({ source: `n${j}`, target: `n${i}`, label: i % 7 === 0 ? `call ${i}` : undefined });
  }
  for (let k = 0; k < Math.floor(n / 5); k++) {
    const a = Math.floor(rand() * n);
    const b = Math.floor(rand() * n);
    if (a !== b) edges.push({ source: `n${Math.min(a, b)}`, target: `n${Math.max(a, b)}` });
  }
  return { nodes, groups, edges };
}

export function toArchflow(graph: GeneratedGraph): string {
  const lines: string[] = [`diagram "Generated ${graph.nodes.length}"`, 'direction LR', ''];
  const childrenOf = new Map<string | undefined, string[]>();
  const push = (k: string | undefined, line: string) => childrenOf.set(k, [...(childrenOf.get(k) ?? []), line]);
  for (const node of graph.nodes) push(node.group, `${node.id} = rect "${node.label}"`);
  const emit = (parent: string | undefined, indent: string) => {
    for (const line of childrenOf.get(parent) ?? []) lines.push(indent + line);
    for (const g of graph.groups.filter((g) => g.parent === parent)) {
      lines.push(`${indent}${g.id} = group "${g.label}" {`);
      emit(g.id, indent + '  ');
      lines.push(`${indent}}`);
    }
  };
  emit(undefined, '');
  lines.push('');
  for (const e of graph.edges) lines.push(`${e.source} -> ${e.target}${e.label ? ` "${e.label}"` : ''}`);
  return lines.join('\n') + '\n';
}

export function toD2(graph: GeneratedGraph): string {
  const groupPath = new Map<string, string>();
  const pathOf = (g: string): string => {
    const cached = groupPath.get(g);
    if (cached) return cached;
    const group = graph.groups.find((x) => x.id === g)!;
    const p = group.parent ? `${pathOf(group.parent)}.${g}` : g;
    groupPath.set(g, p);
    return p;
  };
  const nodePath = (id: string) => {
    const node = graph.nodes.find((x) => x.id === id)!;
    return node.group ? `${pathOf(node.group)}.${id}` : id;
  };
  const lines: string[] = ['direction: right'];
  for (const g of graph.groups) lines.push(`${pathOf(g.id)}: "${g.label}"`);
  for (const node of graph.nodes) lines.push(`${nodePath(node.id)}: "${node.label}"`);
  for (const e of graph.edges) lines.push(`${nodePath(e.source)} -> ${nodePath(e.target)}${e.label ? `: "${e.label}"` : ''}`);
  return lines.join('\n') + '\n';
}

/** An ELK graph of the same shape with fixed node sizes and ELK's default layered options. */
export function toElk(graph: GeneratedGraph): { id: string; layoutOptions: Record<string, string>; children: unknown[]; edges: unknown[] } {
  type ElkNode = { id: string; width?: number; height?: number; children?: ElkNode[]; labels?: unknown[]; layoutOptions?: Record<string, string> };
  const byGroup = new Map<string, ElkNode>();
  for (const g of graph.groups) byGroup.set(g.id, { id: g.id, children: [], labels: [{ text: g.label, width: 60, height: 16 }], layoutOptions: { 'elk.padding': '[top=36,left=16,bottom=16,right=16]' } });
  const root: ElkNode = { id: 'root', children: [] };
  for (const g of graph.groups) (g.parent ? byGroup.get(g.parent)! : root).children!.push(byGroup.get(g.id)!);
  for (const node of graph.nodes) (node.group ? byGroup.get(node.group)! : root).children!.push({ id: node.id, width: 150, height: 56 });
  return {
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' },
    children: root.children!,
    edges: graph.edges.map((e, i) => ({ id: `e${i}`, sources: [e.source], targets: [e.target], labels: e.label ? [{ text: e.label, width: 50, height: 16 }] : [] })),
  };
}
