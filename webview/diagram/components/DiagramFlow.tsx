import type { DragEvent, MouseEvent as ReactMouseEvent, ReactNode } from 'react';
import {
  ReactFlow,
  type EdgeMouseHandler,
  type EdgeTypes,
  type FinalConnectionState,
  type HandleType,
  type NodeMouseHandler,
  type NodeTypes,
  type OnConnect,
  type OnConnectEnd,
  type OnMoveEnd,
  type OnNodeDrag,
  type OnNodesChange,
  type OnEdgesChange,
  type OnReconnect,
} from '@xyflow/react';
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

/** Gestures that edit the text behind the drawing (the preview passes them; see webview/preview/usePictureEdits). */
export interface DiagramEditing {
  onConnect?: OnConnect;
  onConnectEnd?: OnConnectEnd;
  onReconnect?: OnReconnect<DiagramFlowEdge>;
  onReconnectStart?: (event: ReactMouseEvent, edge: DiagramFlowEdge, handleType: HandleType) => void;
  onReconnectEnd?: (event: MouseEvent | TouchEvent, edge: DiagramFlowEdge, handleType: HandleType, state: FinalConnectionState) => void;
  onNodeDoubleClick?: NodeMouseHandler<DiagramFlowNode>;
  onEdgeDoubleClick?: EdgeMouseHandler<DiagramFlowEdge>;
  onNodeContextMenu?: NodeMouseHandler<DiagramFlowNode>;
  onEdgeContextMenu?: EdgeMouseHandler<DiagramFlowEdge>;
  onDrop?: (event: DragEvent) => void;
  onDragOver?: (event: DragEvent) => void;
}

/** Keys held to add a click to the selection: Shift as well as the platform's Ctrl or Cmd. */
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];

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
  onEdgesChange,
  onNodeDragStop,
  editing,
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
  /** Selection of connections, where a surface keeps it (the preview's delete and restyle act on it). */
  onEdgesChange?: OnEdgesChange<DiagramFlowEdge>;
  onNodeDragStop?: OnNodeDrag<DiagramFlowNode>;
  /** The preview's picture edits; without them (the MCP App) the drawing stays read-only. */
  editing?: DiagramEditing;
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
      nodesConnectable={editing?.onConnect !== undefined}
      edgesReconnectable={editing?.onReconnect !== undefined}
      onConnect={editing?.onConnect}
      onConnectEnd={editing?.onConnectEnd}
      onReconnect={editing?.onReconnect}
      onReconnectStart={editing?.onReconnectStart}
      onReconnectEnd={editing?.onReconnectEnd}
      onNodeDoubleClick={editing?.onNodeDoubleClick}
      onEdgeDoubleClick={editing?.onEdgeDoubleClick}
      onNodeContextMenu={editing?.onNodeContextMenu}
      onEdgeContextMenu={editing?.onEdgeContextMenu}
      onDrop={editing?.onDrop}
      onDragOver={editing?.onDragOver}
      zoomOnDoubleClick={editing === undefined}
      elementsSelectable={true}
      edgesFocusable={true}
      nodesFocusable={true}
      selectNodesOnDrag={false}
      multiSelectionKeyCode={MULTI_SELECT_KEYS}
      onNodeClick={onNodeClick}
      onEdgeClick={onEdgeClick}
      onMoveEnd={onMoveEnd}
      onPaneClick={onPaneClick}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
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
