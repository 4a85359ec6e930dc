// The floor the preview is measured against in `npm run bench -- --only webview`: a bare
// React Flow app fed the same `update` messages, drawing the scene's boxes as React Flow's
// default nodes (with their label) at the scene's positions and sizes, and its connections
// as default edges, written the way React Flow's docs write an app. What ArchFlow's preview
// costs beyond it is its shapes, icons, labels, arrowheads and routed lines.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ReactFlow, ReactFlowProvider, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { Scene } from '../../src/core/scene';

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };
const api = acquireVsCodeApi();

interface Drawn {
  version: number;
  nodes: Node[];
  edges: Edge[];
  arrived: number;
}

function toFlow(scene: Scene): { nodes: Node[]; edges: Edge[] } {
  const nodes: Node[] = [
    ...scene.groups.map((g) => ({ id: g.id, type: 'group', position: { x: g.x, y: g.y }, width: g.width, height: g.height, data: {}, zIndex: g.depth })),
    ...scene.nodes.map((n) => ({ id: n.id, position: { x: n.x, y: n.y }, width: n.width, height: n.height, data: { label: n.label.lines.join(' ') }, zIndex: 100 })),
  ];
  const edges: Edge[] = scene.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, ...(e.label ? { label: e.label.lines.join(' ') } : {}) }));
  return { nodes, edges };
}

function App() {
  const [drawn, setDrawn] = useState<Drawn>({ version: -1, nodes: [], edges: [], arrived: 0 });
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const m = event.data as { type: string; version: number; scene?: Scene };
      if (m.type !== 'update' || !m.scene) return;
      const arrived = performance.now();
      setDrawn({ version: m.version, arrived, ...toFlow(m.scene) });
    };
    window.addEventListener('message', onMessage);
    api.postMessage({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (drawn.version < 0) return;
    const frame = requestAnimationFrame(() => api.postMessage({ type: 'rendered', version: drawn.version, renderMs: performance.now() - drawn.arrived }));
    return () => cancelAnimationFrame(frame);
  }, [drawn]);
  return (
    <div style={{ width: '100vw', height: '100vh' }}>
      <ReactFlow nodes={drawn.nodes} edges={drawn.edges} fitView nodesDraggable={false} nodesConnectable={false} proOptions={{ hideAttribution: true }} />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <ReactFlowProvider>
    <App />
  </ReactFlowProvider>,
);
