import type { Connection, DiagnosticCode, ElementDecl, Range } from '../model';

/**
 * What a diagram may hold and still be laid out in seconds. Past these the layout engine
 * (elkjs) takes minutes or exhausts the stack, and the drawing is unreadable anyway:
 * - `depth`: groups inside groups (elkjs recurses once per level);
 * - `elements`: nodes and groups, implicit nodes included;
 * - connections: at most `perElement` per element plus `slack`, since layered layout's
 *   crossing minimisation grows much faster than linearly with density (20 × 20 fully
 *   connected, 400 connections, took 13 s; 15 × 15 took 2 s).
 */
export const DIAGRAM_LIMITS = Object.freeze({ depth: 100, elements: 5_000, perElement: 6, slack: 50 });

/** A limit a model breaks: where, and the arguments of its message. */
export interface LimitBreach {
  code: Extract<DiagnosticCode, 'nesting-too-deep' | 'too-many-elements' | 'too-dense'>;
  range: Range;
  args: Record<string, number>;
}

/**
 * The limits of {@link DIAGRAM_LIMITS} that `elements` and `connections` break, at most one
 * breach per limit, each at the first element or connection past it. Parents must come
 * before their children (the parser's order); work is linear and nothing recurses.
 */
export function diagramLimitBreaches(elements: readonly ElementDecl[], connections: readonly Connection[]): LimitBreach[] {
  const out: LimitBreach[] = [];
  const depth = new Map<string, number>();
  for (const e of elements) {
    const d = e.parent === undefined ? 1 : (depth.get(e.parent) ?? 0) + 1;
    depth.set(e.id, d);
    if (e.kind === 'group' && d === DIAGRAM_LIMITS.depth + 1) {
      out.push({ code: 'nesting-too-deep', range: e.idRange, args: { limit: DIAGRAM_LIMITS.depth } });
      break;
    }
  }
  if (elements.length > DIAGRAM_LIMITS.elements) {
    out.push({ code: 'too-many-elements', range: elements[DIAGRAM_LIMITS.elements]!.idRange, args: { limit: DIAGRAM_LIMITS.elements, count: elements.length } });
  }
  const allowed = DIAGRAM_LIMITS.perElement * elements.length + DIAGRAM_LIMITS.slack;
  if (connections.length > allowed) {
    out.push({ code: 'too-dense', range: connections[allowed]!.range, args: { limit: allowed, count: connections.length, elements: elements.length } });
  }
  return out;
}
