/**
 * D2's layouts of an ArchFlow model, as scenes the layout metrics can read: the model is
 * written as D2 text (same nodes, groups, connections, labels and top-level direction),
 * compiled by D2 (WASM, `@terrastruct/d2`) with its ELK or dagre layout, and its shapes and
 * routes read back. dagre's routes are splines: they are flattened for crossings and length,
 * and their bends are not comparable (reported as NaN).
 */
import type { DiagramModel } from '../src/core/model';
import type { Point, Scene } from '../src/core/scene';

export type D2LayoutName = 'elk' | 'dagre';

interface D2Shape {
  id: string;
  pos: Point;
  width: number;
  height: number;
  label: string;
  labelWidth: number;
  labelHeight: number;
  labelPosition?: string;
}
interface D2Connection {
  src: string;
  dst: string;
  route: Point[];
  label: string;
  labelWidth: number;
  labelHeight: number;
  isCurve?: boolean;
}
interface D2Api {
  compile(text: string, options: { layout: D2LayoutName }): Promise<{ diagram: { shapes: D2Shape[]; connections: D2Connection[] } }>;
}

const D2_DIRECTION = { LR: 'right', RL: 'left', TB: 'down', BT: 'up' } as const;
// Every key gets a prefix so that ids such as `label` or `style` are never D2 keywords.
const key = (id: string) => `x_${id}`;
const quote = (s: string) => JSON.stringify(s.replace(/\n/g, ' '));

/** The model as D2 text. */
export function toD2Text(model: DiagramModel): string {
  const parent = new Map(model.elements.map((e) => [e.id, e.parent]));
  const path = (id: string): string => {
    const out: string[] = [];
    const seen = new Set<string>();
    for (let p: string | undefined = id; p !== undefined && !seen.has(p); p = parent.get(p)) {
      seen.add(p);
      out.unshift(key(p));
    }
    return out.join('.');
  };
  const lines = [`direction: ${D2_DIRECTION[model.direction]}`];
  for (const e of model.elements) lines.push(`${path(e.id)}: ${quote(e.label)}`);
  for (const c of model.connections) lines.push(`${path(c.source)} -> ${path(c.target)}${c.label ? `: ${quote(c.label)}` : ''}`);
  return lines.join('\n') + '\n';
}

function flattenCurve(route: Point[]): Point[] {
  const out: Point[] = [route[0]!];
  for (let i = 0; i + 3 < route.length; i += 3) {
    const [p0, p1, p2, p3] = [route[i]!, route[i + 1]!, route[i + 2]!, route[i + 3]!];
    for (let k = 1; k <= 8; k++) {
      const t = k / 8;
      const u = 1 - t;
      out.push({
        x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
        y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
      });
    }
  }
  return out;
}

/** The point halfway along a polyline. */
function midpoint(points: Point[]): Point {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y));
  let rest = lengths.reduce((s, l) => s + l, 0) / 2;
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i]! && lengths[i]! > 0) {
      const t = rest / lengths[i]!;
      return { x: points[i]!.x + t * (points[i + 1]!.x - points[i]!.x), y: points[i]!.y + t * (points[i + 1]!.y - points[i]!.y) };
    }
    rest -= lengths[i]!;
  }
  return points[0]!;
}

/** D2's layout of the model as a scene (only the geometry the metrics read is filled in). */
export async function d2Scene(d2: D2Api, model: DiagramModel, layout: D2LayoutName): Promise<{ scene: Scene; curved: boolean }> {
  const { diagram } = await d2.compile(toD2Text(model), { layout });
  const idOf = (path: string) => path.split('.').pop()!.replace(/^x_/, '');
  const parentOf = (path: string) => {
    const parts = path.split('.');
    return parts.length > 1 ? idOf(parts.slice(0, -1).join('.')) : undefined;
  };
  const containers = new Set(diagram.shapes.map((s) => s.id.split('.').slice(0, -1).join('.')).filter((p) => p !== ''));
  const text = (label: string, width: number, height: number) => ({ lines: [label], fontSize: 16, fontWeight: 400 as const, width, height, lineHeight: height });
  const groups: Scene['groups'] = [];
  const nodes: Scene['nodes'] = [];
  for (const s of diagram.shapes) {
    const base = { id: idOf(s.id), x: s.pos.x, y: s.pos.y, width: s.width, height: s.height, size: 'medium' as const, line: 0, label: text(s.label, s.labelWidth, s.labelHeight) };
    const parent = parentOf(s.id);
    if (containers.has(s.id)) {
      // D2 draws a container's label centred at the top, inside.
      groups.push({ ...base, depth: s.id.split('.').length - 1, labelPosition: { x: s.pos.x + (s.width - s.labelWidth) / 2, y: s.pos.y + 5 }, ...(parent ? { parent } : {}) });
    } else {
      nodes.push({ ...base, shape: 'rectangle', labelPosition: { x: s.pos.x, y: s.pos.y }, ...(parent ? { parent } : {}) });
    }
  }
  let curved = false;
  const edges: Scene['edges'] = diagram.connections.map((c, i) => {
    curved ||= c.isCurve === true;
    const points = c.isCurve ? flattenCurve(c.route) : c.route.map((p) => ({ x: p.x, y: p.y }));
    const edge: Scene['edges'][number] = {
      id: `c${i}`,
      source: idOf(c.src),
      target: idOf(c.dst),
      points,
      heads: 'end' as never,
      anim: 'none' as never,
      speed: 1,
      style: 'solid',
      line: 0,
    };
    if (c.label) {
      // Labels sit on the middle of the route; the box is the text without our padding.
      const m = midpoint(points);
      edge.label = text(c.label, c.labelWidth - 12, c.labelHeight - 6);
      edge.labelPosition = { x: m.x - c.labelWidth / 2, y: m.y - c.labelHeight / 2 };
    }
    return edge;
  });
  const scene: Scene = { direction: 'LR', theme: 'light', width: 0, height: 0, groups, nodes, edges, icons: {} };
  return { scene, curved };
}
