import { useEffect, useRef } from 'react';

/** Deleting a group asks what happens to its members: kept (moved out of it) or deleted with it. */
export function GroupDeleteDialog({ strings, group, onChoose, onCancel }: { strings: Record<string, string>; group: string; onChoose(mode: 'keepMembers' | 'deleteMembers'): void; onCancel(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const question = (strings.editDeleteGroup ?? '{0}').replace('{0}', group);
  return (
    <div className="af-dialog" role="alertdialog" aria-label={question} onKeyDown={(e) => (e.stopPropagation(), e.key === 'Escape' && onCancel())}>
      <p>{question}</p>
      <button ref={first} type="button" className="af-keep-members" onClick={() => onChoose('keepMembers')}>
        {strings.editKeepMembers}
      </button>
      <button type="button" className="af-delete-members" onClick={() => onChoose('deleteMembers')}>
        {strings.editDeleteMembers}
      </button>
      <button type="button" onClick={onCancel}>
        {strings.editCancel}
      </button>
    </div>
  );
}
