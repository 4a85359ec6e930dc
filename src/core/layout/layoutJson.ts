import type { Direction } from '../model';
import type { Point, Scene } from '../scene';
import { edgeLabelBox } from './metrics';

/**
 * The laid-out diagram as a public format (`archflow layout --json`), like Graphviz's
 * `-Tjson`: the geometry the preview, the MCP App and the SVG are drawn from, without
 * styling. Stable: fields are added, never renamed or removed; `format` names the version.
 * Coordinates are CSS px, origin top-left, absolute, margin included, rounded to 1/100 px.
 */
export interface LayoutJson {
  format: 'archflow-layout/1';
  /** Size of the whole drawing, margin included. */
  width: number;
  height: number;
  direction: Direction;
  /** Groups parents first. */
  groups: LayoutJsonBox[];
  /** Nodes in declaration order. */
  nodes: LayoutJsonBox[];
  /** Connections in model order. */
  connections: LayoutJsonConnection[];
}

/** The box of a label: its text (lines joined by `\n`) and where it is drawn. */
export interface LayoutJsonLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LayoutJsonBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The enclosing group, absent at the top level. */
  parent?: string;
  /** The drawn label's block (a group's title); absent for an empty label. */
  label?: LayoutJsonLabel;
}

export interface LayoutJsonConnection {
  id: string;
  source: string;
  target: string;
  /** The orthogonal route from the source's border to the target's border. */
  points: Point[];
  /** The label's background box, absent without a label. */
  label?: LayoutJsonLabel;
}

const labelOf = (text: { lines: string[]; width: number; height: number }, at: Point): LayoutJsonLabel | undefined =>
  text.lines.length === 0 ? undefined : { text: text.lines.join('\n'), x: at.x, y: at.y, width: text.width, height: text.height };

/** The public layout of a scene (see {@link LayoutJson}). Pure; the same scene gives the same object. */
export function layoutJson(scene: Scene): LayoutJson {
  const box = (e: Scene['nodes'][number] | Scene['groups'][number]): LayoutJsonBox => {
    const out: LayoutJsonBox = { id: e.id, x: e.x, y: e.y, width: e.width, height: e.height };
    if (e.parent !== undefined) out.parent = e.parent;
    const label = labelOf(e.label, e.labelPosition);
    if (label) out.label = label;
    return out;
  };
  return {
    format: 'archflow-layout/1',
    width: scene.width,
    height: scene.height,
    direction: scene.direction,
    groups: scene.groups.map(box),
    nodes: scene.nodes.map(box),
    connections: scene.edges.map((e) => {
      const out: LayoutJsonConnection = { id: e.id, source: e.source, target: e.target, points: e.points.map((p) => ({ x: p.x, y: p.y })) };
      const b = edgeLabelBox(e);
      if (b && e.label) out.label = { text: e.label.lines.join('\n'), ...b };
      return out;
    }),
  };
}
