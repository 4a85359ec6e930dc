import { useCallback, useRef, type MouseEvent } from 'react';
import { useStoreApi } from '@xyflow/react';

/** True when a click adds to the selection instead of replacing it (and so does not jump to the text). */
export function addsToSelection(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.shiftKey || event.ctrlKey || event.metaKey;
}

/**
 * Shift, Ctrl or Cmd+click adds to the selection even when React Flow did not see the key go
 * down: clicking a box shows its line in the editor, which takes the focus, so the key is
 * often pressed outside the preview. React Flow reads a flag its key listener sets; the click's
 * own modifiers set it for that click (capture phase, before the node's handler), then it is
 * put back. On the drawing's container: `onClickCapture` and `onClick`.
 */
export function useModifierSelection(): { onClickCapture(event: MouseEvent): void; onClick(): void } {
  const store = useStoreApi();
  const forced = useRef(false);
  const onClickCapture = useCallback(
    (event: MouseEvent) => {
      if (!addsToSelection(event) || store.getState().multiSelectionActive) return;
      forced.current = true;
      store.setState({ multiSelectionActive: true });
    },
    [store],
  );
  const onClick = useCallback(() => {
    if (!forced.current) return;
    forced.current = false;
    store.setState({ multiSelectionActive: false });
  }, [store]);
  return { onClickCapture, onClick };
}
