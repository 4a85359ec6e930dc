import type { ElkExtendedEdge, ElkNode, LayoutOptions as ElkLayoutOptions } from 'elkjs/lib/elk-api';
import type { Connection, Direction } from '../model';
import type { TextBlock } from '../scene';
import { measureEdgeLabel, measureGroup, measureNode, type GroupBox, type NodeBox } from './boxes';
import { LAYOUT_SPACING } from './constants';
import { elkTuning, type ElkTuning } from './elkTuning';
import { feedbackEdgeOptions } from './feedback';
import { connectionContainer, type Hierarchy } from './hierarchy';

/** Ids of synthetic ELK elements contain `:`, which element ids (identifiers) never do. */
export const ROOT_ID = 'archflow:root';
const contentId = (group: string) => `archflow:content:${group}`;
export const edgeId = (index: number) => `archflow:edge:${index}`;

const ELK_DIRECTION: Record<Direction, string> = { LR: 'RIGHT', RL: 'LEFT', TB: 'DOWN', BT: 'UP' };

/** What the scene needs besides ELK's answer: measured boxes and labels. */
export interface ElkInput {
  graph: ElkNode;
  nodeBoxes: Map<string, NodeBox>;
  groupBoxes: Map<string, GroupBox>;
  /** By connection index. */
  edgeLabels: Map<number, { label: TextBlock; width: number; height: number }>;
  /** Connection indices handed to ELK target first (see `feedbackConnections`): their routes run backwards. */
  reversed: ReadonlySet<number>;
}

/** Options of one layered run: spacing, a fixed seed, balanced alignment and the size's tuning. */
function runOptionsFor(direction: Direction, tuning: ElkTuning): ElkLayoutOptions {
  const s = LAYOUT_SPACING;
  return {
    'elk.algorithm': 'layered',
    'elk.direction': ELK_DIRECTION[direction],
    'elk.randomSeed': '1',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.spacing.nodeNode': String(s.nodeNode),
    'elk.spacing.componentComponent': String(s.nodeNode),
    'elk.layered.spacing.nodeNodeBetweenLayers': String(s.betweenLayers),
    'elk.spacing.edgeNode': String(s.edgeNode),
    'elk.layered.spacing.edgeNodeBetweenLayers': String(s.edgeNode),
    'elk.spacing.edgeEdge': String(s.edgeEdge),
    'elk.layered.spacing.edgeEdgeBetweenLayers': String(s.edgeEdge),
    'elk.spacing.edgeLabel': String(s.edgeLabel),
    'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED',
    ...tuning.run,
  };
}

function boxOptions(box: GroupBox): ElkLayoutOptions {
  const p = box.padding;
  return {
    'elk.padding': `[top=${p.top},left=${p.left},bottom=${p.bottom},right=${p.right}]`,
    'elk.nodeSize.constraints': 'MINIMUM_SIZE',
    'elk.nodeSize.minimum': `(${box.minWidth},${box.minHeight})`,
    'elk.contentAlignment': 'H_CENTER V_TOP',
  };
}

/**
 * Builds one ELK graph for the whole diagram, all runs included (see {@link Hierarchy} for
 * which groups are sealed). A sealed group is `SEPARATE_CHILDREN` in its own direction;
 * when its content holds crossed groups, an invisible `INCLUDE_CHILDREN` wrapper inside it
 * starts the hierarchical run, since only a run's root decides the direction. Crossed groups
 * are `INCLUDE_CHILDREN` compound nodes of their run. With `separateAll`, every group is laid
 * out on its own and connections crossing a group border are left unrouted (the fallback
 * when ELK rejects the hierarchical graph).
 */
export function buildElkGraph(h: Hierarchy, direction: Direction, separateAll = false, reversed: ReadonlySet<number> = new Set()): ElkInput {
  const sealed = separateAll ? new Set(h.groups.map((g) => g.id)) : h.sealed;
  const tuning = elkTuning(h.nodes.length + h.groups.length);
  const runOptions = (d: Direction) => runOptionsFor(d, tuning);
  const nodeBoxes = new Map<string, NodeBox>();
  const groupBoxes = new Map<string, GroupBox>();
  const edgeLabels = new Map<number, { label: TextBlock; width: number; height: number }>();

  // The run each crossed group belongs to: its nearest sealed ancestor, or the diagram.
  const runOf = (id: string): string | undefined => {
    for (let p = h.parent.get(id); p !== undefined; p = h.parent.get(p)) if (sealed.has(p)) return p;
    return undefined;
  };
  const hierarchicalRuns = new Set<string | undefined>();
  for (const g of h.groups) if (!sealed.has(g.id)) hierarchicalRuns.add(runOf(g.id));
  const runDirection = (run: string | undefined) => (run === undefined ? direction : h.direction.get(run)!);

  const feedbackOptions = feedbackEdgeOptions(h.nodes.length + h.groups.length);
  const edgesByContainer = new Map<string | undefined, ElkExtendedEdge[]>();
  h.connections.forEach((c: Connection, index) => {
    const container = connectionContainer(h, c);
    const [from, to] = reversed.has(index) ? [c.target, c.source] : [c.source, c.target];
    const edge: ElkExtendedEdge = { id: edgeId(index), sources: [from], targets: [to] };
    if (reversed.has(index) && feedbackOptions) edge.layoutOptions = { ...feedbackOptions };
    if (c.label) {
      const measured = measureEdgeLabel(c.label);
      if (measured.label.lines.length > 0) {
        edgeLabels.set(index, measured);
        edge.labels = [{ text: c.label, width: measured.width, height: measured.height }];
      }
    }
    let list = edgesByContainer.get(container);
    if (!list) edgesByContainer.set(container, (list = []));
    list.push(edge);
  });
  const edgesIn = (container: string | undefined) => edgesByContainer.get(container) ?? [];

  // Filled in by the loop below, not by recursion: thousands of nested groups must not overflow the stack.
  const unfilled: [ElkNode[], string | undefined][] = [];
  const childrenOf = (container: string | undefined): ElkNode[] => {
    const list: ElkNode[] = [];
    unfilled.push([list, container]);
    return list;
  };

  const elementNode = (id: string): ElkNode => {
    const element = h.byId.get(id)!;
    if (element.kind === 'node') {
      const box = measureNode(element);
      nodeBoxes.set(id, box);
      return { id, width: box.width, height: box.height };
    }
    const box = measureGroup(element);
    groupBoxes.set(id, box);
    if ((h.children.get(id) ?? []).length === 0) return { id, width: box.minWidth, height: box.minHeight };
    if (!sealed.has(id)) {
      return {
        id,
        layoutOptions: { ...runOptions(runDirection(runOf(id))), ...boxOptions(box), 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' },
        children: childrenOf(id),
        edges: edgesIn(id),
      };
    }
    const own = runDirection(id);
    const options = { ...runOptions(own), ...tuning.runRoot, ...boxOptions(box), 'elk.hierarchyHandling': 'SEPARATE_CHILDREN' };
    if (!hierarchicalRuns.has(id)) return { id, layoutOptions: options, children: childrenOf(id), edges: edgesIn(id) };
    const wrapper: ElkNode = {
      id: contentId(id),
      layoutOptions: {
        ...runOptions(own),
        ...tuning.runRoot,
        'elk.padding': '[top=0,left=0,bottom=0,right=0]',
        'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      },
      children: childrenOf(id),
      edges: edgesIn(id),
    };
    return { id, layoutOptions: options, children: [wrapper] };
  };

  const graph: ElkNode = {
    id: ROOT_ID,
    layoutOptions: {
      ...runOptions(direction),
      ...tuning.runRoot,
      'elk.padding': '[top=0,left=0,bottom=0,right=0]',
      'elk.hierarchyHandling': hierarchicalRuns.has(undefined) ? 'INCLUDE_CHILDREN' : 'SEPARATE_CHILDREN',
      // Every coordinate in the answer is relative to the root, so nothing needs converting.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: childrenOf(undefined),
    edges: edgesIn(undefined),
  };
  for (let i = 0; i < unfilled.length; i++) {
    const [list, container] = unfilled[i]!;
    for (const id of h.children.get(container) ?? []) list.push(elementNode(id));
  }
  return { graph, nodeBoxes, groupBoxes, edgeLabels, reversed };
}
