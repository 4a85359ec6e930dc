/**
 * The layout file: the positions a user keeps beside a diagram (`NAME.diagram.layout.json`,
 * or `NAME.md.layout.json` with one entry per diagram fence), keyed by the diagram's own ids.
 *
 * Written for version control: keys sorted, one element per line, whole pixels, so that
 * moving one box changes one line and two people moving different boxes do not conflict.
 * Read strictly but without throwing: a file that does not parse yields problems with a line
 * and column, and the caller draws without it (never overwriting it unasked).
 */
import type { DiagramModel, Direction } from '../model';
import type { Point, Scene } from '../scene';
import { JsonSyntaxError, parseJsonWithPositions, type JsonValue, type Located } from './jsonPositions';

/** The value of the `format` field this version writes and reads. */
export const LAYOUT_FORMAT = 'archflow-layout-file/1';

/** A box in scene coordinates (the drawing's margin included), whole pixels. */
export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The kept layout of one diagram. */
export interface DiagramLayout {
  /** The direction the positions were drawn in. */
  direction?: Direction;
  nodes: Map<string, LayoutBox>;
  groups: Map<string, LayoutBox>;
  /**
   * Points a user gave a connection, by connection key (see `connectionKeys`): the route
   * passes through them in order. Connections without waypoints are routed automatically.
   */
  waypoints: Map<string, Point[]>;
  /**
   * The routes the drawing had, by connection key: kept exactly while they still start and
   * end on their boxes and pass through no other (keptRoutes.ts), so an edit redraws only the
   * connections it touches. Derived, not the user's: dropped silently when stale.
   */
  routes: Map<string, Point[]>;
}

export type LayoutFile =
  | { kind: 'diagram'; layout: DiagramLayout }
  /** A Markdown file's layouts, by fence name (see `fenceNames`). */
  | { kind: 'markdown'; diagrams: Map<string, DiagramLayout> };

export type LayoutProblemCode = 'layout-syntax' | 'layout-format' | 'layout-value';

/** Why a layout file cannot be used, and where (1-based line and column). */
export interface LayoutProblem extends Located {
  code: LayoutProblemCode;
  /** An English description of the problem (the CLI localises by `code`). */
  message: string;
}

export type LayoutParse = { ok: true; file: LayoutFile } | { ok: false; problems: LayoutProblem[] };

const DIRECTIONS: readonly Direction[] = ['LR', 'RL', 'TB', 'BT'];

export function emptyLayout(direction?: Direction): DiagramLayout {
  const layout: DiagramLayout = { nodes: new Map(), groups: new Map(), waypoints: new Map(), routes: new Map() };
  if (direction !== undefined) layout.direction = direction;
  return layout;
}

/**
 * The key of each connection, in order: `source -> target`, and `source -> target #2`, `#3`, …
 * for repeats of one pair. Keyed by the ends rather than by position in the text, so that
 * adding or removing another connection leaves a connection's waypoints attached to it.
 */
export function connectionKeys(connections: ReadonlyArray<{ source: string; target: string }>): string[] {
  const seen = new Map<string, number>();
  return connections.map((c) => {
    const base = `${c.source} -> ${c.target}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} #${n}`;
  });
}

const whole = (v: number) => {
  const r = Math.round(v);
  return r === 0 ? 0 : r;
};
const wholeBox = (b: LayoutBox): LayoutBox => ({ x: whole(b.x), y: whole(b.y), width: whole(b.width), height: whole(b.height) });

const wholePoints = (points: readonly Point[]): Point[] => points.map((p) => ({ x: whole(p.x), y: whole(p.y) }));

/**
 * The layout of a drawn scene, in whole pixels, with its routes; `previous` contributes the
 * waypoints of the connections that are still in the scene (a drawing does not know which
 * bends a user gave).
 */
export function layoutFromScene(scene: Scene, previous?: DiagramLayout): DiagramLayout {
  const layout = emptyLayout(scene.direction);
  for (const g of scene.groups) layout.groups.set(g.id, wholeBox(g));
  for (const n of scene.nodes) layout.nodes.set(n.id, wholeBox(n));
  const keys = connectionKeys(scene.edges);
  scene.edges.forEach((e, index) => {
    if (e.points.length >= 2) layout.routes.set(keys[index]!, wholePoints(e.points));
  });
  if (previous) {
    for (const key of keys) {
      const points = previous.waypoints.get(key);
      if (points) layout.waypoints.set(key, wholePoints(points));
    }
  }
  return layout;
}

/** Ids (and connection keys) of `layout` that `model` no longer has, sorted. */
export function staleIds(layout: DiagramLayout, model: DiagramModel): string[] {
  const kinds = new Map(model.elements.map((e) => [e.id, e.kind]));
  const keys = new Set(connectionKeys(model.connections));
  const stale: string[] = [];
  for (const id of layout.nodes.keys()) if (kinds.get(id) !== 'node') stale.push(id);
  for (const id of layout.groups.keys()) if (kinds.get(id) !== 'group') stale.push(id);
  for (const key of layout.waypoints.keys()) if (!keys.has(key)) stale.push(key);
  return [...new Set(stale)].sort(byCodeUnit);
}

/**
 * `layout` without what `model` no longer has (the merge done before each write), and what
 * was dropped: a node that became a group, or the reverse, counts as dropped.
 */
export function mergeLayout(layout: DiagramLayout, model: DiagramModel): { layout: DiagramLayout; dropped: string[] } {
  const dropped = staleIds(layout, model);
  const keys = new Set(connectionKeys(model.connections));
  // A stale route is the drawing's, not the user's: dropped without being named.
  const staleRoute = [...layout.routes.keys()].some((key) => !keys.has(key));
  if (dropped.length === 0 && !staleRoute) return { layout, dropped };
  const kinds = new Map(model.elements.map((e) => [e.id, e.kind]));
  const out = emptyLayout(layout.direction);
  for (const [id, b] of layout.nodes) if (kinds.get(id) === 'node') out.nodes.set(id, b);
  for (const [id, b] of layout.groups) if (kinds.get(id) === 'group') out.groups.set(id, b);
  for (const [key, p] of layout.waypoints) if (keys.has(key)) out.waypoints.set(key, p);
  for (const [key, p] of layout.routes) if (keys.has(key)) out.routes.set(key, p);
  return { layout: out, dropped };
}

// Code-unit order, not the locale's: the same file on every machine.
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const json = (v: unknown) => JSON.stringify(v);
const pointsLine = (points: readonly Point[]) => `[${points.map((p) => `[${whole(p.x)}, ${whole(p.y)}]`).join(', ')}]`;
const boxLine = (b: LayoutBox) => `{ "x": ${whole(b.x)}, "y": ${whole(b.y)}, "width": ${whole(b.width)}, "height": ${whole(b.height)} }`;

function section<T>(name: string, entries: Map<string, T>, line: (v: T) => string, indent: string): string {
  const keys = [...entries.keys()].sort(byCodeUnit);
  if (keys.length === 0) return `${indent}${json(name)}: {}`;
  const body = keys.map((k) => `${indent}  ${json(k)}: ${line(entries.get(k)!)}`).join(',\n');
  return `${indent}${json(name)}: {\n${body}\n${indent}}`;
}

function diagramBody(layout: DiagramLayout, indent: string): string[] {
  const parts: string[] = [];
  if (layout.direction !== undefined) parts.push(`${indent}"direction": ${json(layout.direction)}`);
  parts.push(section('groups', layout.groups, boxLine, indent));
  parts.push(section('nodes', layout.nodes, boxLine, indent));
  parts.push(section('connections', layout.waypoints, pointsLine, indent));
  // Written only when there are some, so a file of boxes alone reads as before.
  if (layout.routes.size) parts.push(section('routes', layout.routes, pointsLine, indent));
  return parts;
}

/** The file's text: the same layout always gives the same bytes (sorted keys, one element per line, a final newline). */
export function serializeLayoutFile(file: LayoutFile): string {
  const head = `  "format": ${json(LAYOUT_FORMAT)}`;
  if (file.kind === 'diagram') return `{\n${[head, ...diagramBody(file.layout, '  ')].join(',\n')}\n}\n`;
  const names = [...file.diagrams.keys()].sort(byCodeUnit);
  const diagrams = names.length
    ? `  "diagrams": {\n${names.map((n) => `    ${json(n)}: {\n${diagramBody(file.diagrams.get(n)!, '      ').join(',\n')}\n    }`).join(',\n')}\n  }`
    : '  "diagrams": {}';
  return `{\n${head},\n${diagrams}\n}\n`;
}

class ValueProblem extends Error {
  constructor(
    message: string,
    readonly at: Located,
  ) {
    super(message);
  }
}

const kindName = (v: JsonValue) => (v.kind === 'object' ? 'an object' : v.kind === 'array' ? 'a list' : v.kind === 'null' ? 'null' : `a ${v.kind}`);

function expectObject(v: JsonValue, what: string): Extract<JsonValue, { kind: 'object' }> {
  if (v.kind !== 'object') throw new ValueProblem(`${what} must be an object, not ${kindName(v)}`, v);
  return v;
}

function expectNumber(v: JsonValue, what: string, min = -Infinity): number {
  if (v.kind !== 'number' || !Number.isFinite(v.value)) throw new ValueProblem(`${what} must be a number, not ${kindName(v)}`, v);
  if (v.value < min) throw new ValueProblem(`${what} must be at least ${min}`, v);
  return whole(v.value);
}

function readBox(v: JsonValue, what: string): LayoutBox {
  const o = expectObject(v, what);
  const field = (name: keyof LayoutBox, min?: number) => {
    const e = o.entries.find((x) => x.key === name);
    if (!e) throw new ValueProblem(`${what} has no "${name}"`, o);
    return expectNumber(e.value, `"${name}" of ${what}`, min);
  };
  return { x: field('x'), y: field('y'), width: field('width', 0), height: field('height', 0) };
}

function readPoints(v: JsonValue, what: string): Point[] {
  if (v.kind !== 'array') throw new ValueProblem(`${what} must be a list of [x, y] points, not ${kindName(v)}`, v);
  return v.items.map((p) => {
    if (p.kind !== 'array' || p.items.length !== 2) throw new ValueProblem(`each point of ${what} must be an [x, y] point`, p);
    return { x: expectNumber(p.items[0]!, `x in ${what}`), y: expectNumber(p.items[1]!, `y in ${what}`) };
  });
}

function readDiagram(o: Extract<JsonValue, { kind: 'object' }>, what: string): DiagramLayout {
  const layout = emptyLayout();
  // Unknown fields are skipped: a later version may add some without breaking this reader.
  for (const { key, value } of o.entries) {
    if (key === 'direction') {
      if (value.kind !== 'string' || !DIRECTIONS.includes(value.value as Direction))
        throw new ValueProblem(`"direction"${what} must be one of ${DIRECTIONS.join(', ')}`, value);
      layout.direction = value.value as Direction;
    } else if (key === 'nodes' || key === 'groups') {
      const into = key === 'nodes' ? layout.nodes : layout.groups;
      for (const e of expectObject(value, `"${key}"${what}`).entries) into.set(e.key, readBox(e.value, `${key === 'nodes' ? 'node' : 'group'} ${json(e.key)}`));
    } else if (key === 'connections' || key === 'routes') {
      const into = key === 'connections' ? layout.waypoints : layout.routes;
      for (const e of expectObject(value, `"${key}"${what}`).entries) into.set(e.key, readPoints(e.value, `the ${key === 'connections' ? 'waypoints' : 'route'} of ${json(e.key)}`));
    }
  }
  return layout;
}

/**
 * Reads a layout file. `markdown` says which kind the caller expects (a Markdown file's
 * layout holds `diagrams`). Never throws: bad JSON, another format version or a value of the
 * wrong type give a problem with its line and column.
 */
export function parseLayoutFile(text: string, markdown = false): LayoutParse {
  let root: JsonValue;
  try {
    root = parseJsonWithPositions(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { ok: false, problems: [{ code: 'layout-syntax', message: err.message, line: err.line, column: err.column }] };
    throw err;
  }
  try {
    const o = expectObject(root, 'the layout file');
    const format = o.entries.find((e) => e.key === 'format');
    if (!format) return { ok: false, problems: [{ code: 'layout-format', message: `the layout file has no "format" (expected ${json(LAYOUT_FORMAT)})`, line: o.line, column: o.column }] };
    if (format.value.kind !== 'string' || format.value.value !== LAYOUT_FORMAT) {
      const found = format.value.kind === 'string' ? json(format.value.value) : kindName(format.value);
      return { ok: false, problems: [{ code: 'layout-format', message: `unsupported layout format ${found} (this version reads ${json(LAYOUT_FORMAT)})`, line: format.value.line, column: format.value.column }] };
    }
    if (!markdown) return { ok: true, file: { kind: 'diagram', layout: readDiagram(o, '') } };
    const diagrams = new Map<string, DiagramLayout>();
    const list = o.entries.find((e) => e.key === 'diagrams');
    if (list) for (const e of expectObject(list.value, '"diagrams"').entries) diagrams.set(e.key, readDiagram(expectObject(e.value, `diagram ${json(e.key)}`), ` of diagram ${json(e.key)}`));
    return { ok: true, file: { kind: 'markdown', diagrams } };
  } catch (err) {
    if (err instanceof ValueProblem) return { ok: false, problems: [{ code: 'layout-value', message: err.message, line: err.at.line, column: err.at.column }] };
    throw err;
  }
}

/** The layout file's name for a diagram or Markdown file: `NAME.diagram` → `NAME.diagram.layout.json`. */
export function layoutFileName(documentName: string): string {
  return `${documentName}.layout.json`;
}
