import type { Connection, DiagramModel, Direction, ElementDecl, GroupDecl, NodeDecl } from '../model';

/**
 * The nesting of a model, made safe to lay out: unknown or non-group parents count as the
 * top level, duplicate ids keep their first declaration, cycles are cut, and connections to
 * missing ids are dropped.
 *
 * It also decides which groups get a layout run of their own. ELK layered lays out a
 * hierarchy with one direction per run (`INCLUDE_CHILDREN` ignores children's directions,
 * kieler/elkjs#26, eclipse-elk/elk#495), and a separate run cannot route a connection that
 * crosses its border. So a group whose border no connection crosses is *sealed*: it is laid
 * out on its own, in its own direction. A group crossed by a connection (including one
 * between the group and something inside it) joins the run of its nearest sealed ancestor
 * (or the diagram) and follows that run's direction.
 */
export interface Hierarchy {
  /** Nodes in declaration order. */
  nodes: NodeDecl[];
  /** Groups, parents before children (depth-first, declaration order). */
  groups: GroupDecl[];
  byId: Map<string, ElementDecl>;
  /** The validated parent group of an element, if any. */
  parent: Map<string, string>;
  /** Direct children of each group id, and of `undefined` for the top level, in declaration order. */
  children: Map<string | undefined, string[]>;
  depth: Map<string, number>;
  /** Connections whose both ends exist, in model order. */
  connections: Connection[];
  /** Groups laid out in a run of their own (no connection crosses their border). */
  sealed: Set<string>;
  /** The declared direction in force for each group: its own, else its nearest ancestor's, else the diagram's. */
  direction: Map<string, Direction>;
}

export function buildHierarchy(model: DiagramModel, diagramDirection: Direction): Hierarchy {
  const byId = new Map<string, ElementDecl>();
  for (const element of model.elements) if (!byId.has(element.id)) byId.set(element.id, element);

  // Validate parents and cut cycles: a parent must be a declared group reachable from the top.
  const parent = new Map<string, string>();
  for (const element of byId.values()) {
    const p = element.parent;
    if (p !== undefined && p !== element.id && byId.get(p)?.kind === 'group') parent.set(element.id, p);
  }
  for (const id of byId.keys()) {
    const seen = new Set<string>([id]);
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) {
      if (seen.has(p)) {
        parent.delete(id);
        break;
      }
      seen.add(p);
    }
  }

  const children = new Map<string | undefined, string[]>();
  for (const id of byId.keys()) {
    const p = parent.get(id);
    let list = children.get(p);
    if (!list) children.set(p, (list = []));
    list.push(id);
  }

  const nodes: NodeDecl[] = [];
  const groups: GroupDecl[] = [];
  const depth = new Map<string, number>();
  const direction = new Map<string, Direction>();
  // Depth-first with an explicit stack (children pushed in reverse to keep declaration order):
  // thousands of nested groups must not overflow the call stack.
  const stack: [string, number, Direction][] = (children.get(undefined) ?? []).map((id): [string, number, Direction] => [id, 0, diagramDirection]).reverse();
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [id, level, inherited] = top;
    const element = byId.get(id)!;
    if (element.kind !== 'group') continue;
    const own = element.direction ?? inherited;
    groups.push(element);
    depth.set(id, level);
    direction.set(id, own);
    const kids = children.get(id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, level + 1, own]);
  }
  for (const element of byId.values()) if (element.kind === 'node') nodes.push(element);

  const connections = model.connections.filter((c) => byId.has(c.source) && byId.has(c.target));

  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) out.push(p);
    return out;
  };
  const crossed = new Set<string>();
  for (const c of connections) {
    if (c.source === c.target) continue;
    const a = ancestors(c.source);
    const b = ancestors(c.target);
    // Groups holding exactly one end (an end that is the group itself is not inside it).
    for (const g of a) if (!b.includes(g)) crossed.add(g);
    for (const g of b) if (!a.includes(g)) crossed.add(g);
  }
  const sealed = new Set(groups.map((g) => g.id).filter((id) => !crossed.has(id)));

  return { nodes, groups, byId, parent, children, depth, connections, sealed, direction };
}

/**
 * The group whose ELK graph holds a connection: the lowest common ancestor of the two ends'
 * parents (ELK's containment convention), `undefined` for the top level.
 */
export function connectionContainer(h: Hierarchy, c: Connection): string | undefined {
  const chain = (id: string): (string | undefined)[] => {
    const out: (string | undefined)[] = [];
    for (let p = h.parent.get(id); p !== undefined; p = h.parent.get(p)) out.push(p);
    out.push(undefined);
    return out;
  };
  const targetChain = new Set(chain(c.target));
  return chain(c.source).find((p) => targetChain.has(p));
}
