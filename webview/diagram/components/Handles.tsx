import { Handle, Position } from '@xyflow/react';
import { useDrawing } from '../drawingContext';

/**
 * React Flow draws an edge only between handles. Edges here follow the scene's own
 * routes, so the handles are invisible anchors that play no part in the geometry. Where
 * the drawing is editable, the source handle shows on hover and a drag from it connects.
 */
export function Handles() {
  const editable = useDrawing().editable === true;
  const className = editable ? 'af-handle af-handle-editable' : 'af-handle';
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={editable} className={className} />
      <Handle type="source" position={Position.Right} isConnectable={editable} className={className} />
    </>
  );
}
