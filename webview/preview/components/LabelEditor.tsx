import { useEffect, useRef, useState } from 'react';

/**
 * Edits a label in place: Enter writes it, Shift+Enter starts a new line, Escape cancels.
 * Losing the focus does not cancel: a click on the element also moves the editor's cursor.
 * Placed over the element it renames (or at the top of the view when that is not on screen).
 */
export function LabelEditor({ title, initial, at, onCommit, onCancel }: { title: string; initial: string; at: { x: number; y: number }; onCommit(label: string): void; onCancel(): void }) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <div className="af-label-editor" style={{ left: at.x, top: at.y }} role="dialog" aria-label={title}>
      <textarea
        ref={ref}
        className="af-label-input"
        aria-label={title}
        rows={Math.min(4, value.split('\n').length)}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') onCancel();
          else if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onCommit(value);
          }
        }}
      />
    </div>
  );
}
