/**
 * One-line edits of a diagram's text, as a person makes them while drawing: each returns the
 * edited text, or undefined when the diagram has nothing to apply it to. Chosen
 * deterministically from the parsed model, so every run edits the same thing.
 */
import type { DiagramModel, NodeDecl } from '../src/core/model';

export type EditKind = '+connection' | '-connection' | '+node' | 'longer label' | 'colour';
export const EDIT_KINDS: EditKind[] = ['+connection', '-connection', '+node', 'longer label', 'colour'];

const declaredNodes = (model: DiagramModel) =>
  model.elements.filter((e): e is NodeDecl => e.kind === 'node' && !e.implicit && e.range.line === e.range.endLine);

export function applyEdit(text: string, model: DiagramModel, kind: EditKind): string | undefined {
  const lines = text.split('\n');
  const nodes = declaredNodes(model);
  if (nodes.length < 3) return undefined;
  const pick = (share: number) => nodes[Math.min(nodes.length - 1, Math.floor(nodes.length * share))]!;
  switch (kind) {
    case '+connection': {
      const linked = new Set(model.connections.map((c) => `${c.source}>${c.target}`));
      for (const [a, b] of [[0.3, 0.7], [0.2, 0.6], [0.4, 0.9], [0.1, 0.5]] as const) {
        const s = pick(a).id;
        const t = pick(b).id;
        if (s !== t && !linked.has(`${s}>${t}`) && !linked.has(`${t}>${s}`)) return `${text.trimEnd()}\n${s} -> ${t}\n`;
      }
      return undefined;
    }
    case '-connection': {
      // A statement that makes exactly one connection, from the middle of the list.
      const perLine = new Map<number, number>();
      for (const c of model.connections) perLine.set(c.range.line, (perLine.get(c.range.line) ?? 0) + 1);
      const single = model.connections.filter((c) => perLine.get(c.range.line) === 1 && c.range.line === c.range.endLine);
      const c = single[Math.floor(single.length / 2)];
      if (!c) return undefined;
      return lines.filter((_, i) => i !== c.range.line - 1).join('\n');
    }
    case '+node': {
      const from = pick(0.5).id;
      return `${text.trimEnd()}\nadded_node = rectangle "New service"\n${from} -> added_node\n`;
    }
    case 'longer label': {
      const n = nodes.find((x, i) => i >= nodes.length / 3 && lines[x.range.line - 1]!.includes(`"${x.label}"`));
      if (!n) return undefined;
      const out = [...lines];
      out[n.range.line - 1] = out[n.range.line - 1]!.replace(`"${n.label}"`, `"${n.label} and its longer name"`);
      return out.join('\n');
    }
    case 'colour': {
      const n = pick(0.5);
      const out = [...lines];
      out[n.range.line - 1] = `${out[n.range.line - 1]!.trimEnd()} color=#e11d48`;
      return out.join('\n');
    }
  }
}
