import type { ReactNode } from 'react';
import { ReactFlow, type EdgeMouseHandler, type EdgeTypes, type NodeMouseHandler, type NodeTypes, type OnMoveEnd, type OnNodeDrag, type OnNodesChange } from '@xyflow/react';
import type { Shape } from '../../../src/core/model';
import type { DiagramFlowEdge, DiagramFlowNode } from '../sceneToFlow';
import { DiagramEdge } from './DiagramEdge';
import { GroupNode, TitleNode } from './GroupNode';
import { ShapeNode } from './ShapeNode';

// Module level, so React Flow never sees new type maps (which would remount every node).
const nodeTypes = {
  rectangle: ShapeNode,
  rounded: ShapeNode,
  circle: ShapeNode,
  diamond: ShapeNode,
  cylinder: ShapeNode,
  cloud: ShapeNode,
  hexagon: ShapeNode,
  person: ShapeNode,
  document: ShapeNode,
  queue: ShapeNode,
  note: ShapeNode,
  text: ShapeNode,
  icon: ShapeNode,
  diagramGroup: GroupNode,
  diagramTitle: TitleNode,
} satisfies Record<Shape | 'diagramGroup' | 'diagramTitle', unknown> as NodeTypes;
const edgeTypes = { diagram: DiagramEdge } as EdgeTypes;

/** How a drawing is fitted into view (first drawing, the fit button). */
export const FIT_OPTIONS = { padding: 0.12, maxZoom: 1.5 };

/**
 * A laid-out diagram in React Flow, read-only: what every ArchFlow surface that draws a
 * scene (the VS Code preview, the MCP App in AI chats) shows, with the same node and
 * edge components, stacking (`zIndexMode="manual"`, see sceneToFlow) and zoom range.
 * Elements can be focused and clicked, not connected or deleted; they are dragged only
 * where a surface marks its nodes draggable and takes the changes (`onNodesChange`). Must be
 * inside a `ReactFlowProvider` and a `DrawingContext`.
 */
export function DiagramFlow({
  nodes,
  edges,
  colorMode,
  ariaLabel,
  onNodeClick,
  onEdgeClick,
  onMoveEnd,
  onPaneClick,
  onNodesChange,
  onNodeDragStop,
  children,
}: {
  nodes: DiagramFlowNode[];
  edges: DiagramFlowEdge[];
  colorMode: 'light' | 'dark';
  ariaLabel?: string;
  onNodeClick?: NodeMouseHandler<DiagramFlowNode>;
  onEdgeClick?: EdgeMouseHandler<DiagramFlowEdge>;
  onMoveEnd?: OnMoveEnd;
  onPaneClick?: () => void;
  onNodesChange?: OnNodesChange<DiagramFlowNode>;
  onNodeDragStop?: OnNodeDrag<DiagramFlowNode>;
  children?: ReactNode;
}) {
  return (
    <ReactFlow<DiagramFlowNode, DiagramFlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      zIndexMode="manual"
      colorMode={colorMode}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={true}
      edgesFocusable={true}
      nodesFocusable={true}
      selectNodesOnDrag={false}
      onNodeClick={onNodeClick}
      onEdgeClick={onEdgeClick}
      onMoveEnd={onMoveEnd}
      onPaneClick={onPaneClick}
      onNodesChange={onNodesChange}
      onNodeDragStop={onNodeDragStop}
      minZoom={0.05}
      maxZoom={4}
      fitViewOptions={FIT_OPTIONS}
      proOptions={{ hideAttribution: true }}
      deleteKeyCode={null}
      aria-label={ariaLabel}
    >
      {children}
    </ReactFlow>
  );
}
