import { Handle, Position } from '@xyflow/react';

/**
 * React Flow draws an edge only between handles. Edges here follow the scene's own
 * routes, so the handles are invisible anchors that play no part in the geometry.
 */
export function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} className="af-handle" />
      <Handle type="source" position={Position.Right} isConnectable={false} className="af-handle" />
    </>
  );
}
