import { useEffect, useRef, useState } from 'react';

/** One choice of the menu: an action, or a section that opens its own list. */
export interface MenuItem {
  label: string;
  run?: () => void;
  items?: MenuItem[];
  /** A typed value (the icon id), asked in a field instead of a list. */
  prompt?: { placeholder: string; submit(value: string): void };
}

/**
 * The context menu of an element or connection (right click, Shift+F10 or the context-menu
 * key): arrow keys move, Enter chooses, a section opens its list, Escape or Back returns.
 */
export function ElementMenu({ title, items, at, onClose }: { title: string; items: MenuItem[]; at: { x: number; y: number }; onClose(): void }) {
  const [stack, setStack] = useState<MenuItem[][]>([items]);
  const [prompt, setPrompt] = useState<MenuItem['prompt']>();
  const list = stack[stack.length - 1]!;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    (ref.current?.querySelector('input, [role="menuitem"]') as HTMLElement | null)?.focus();
  }, [stack, prompt]);
  const choose = (item: MenuItem) => {
    if (item.items) setStack([...stack, item.items]);
    else if (item.prompt) setPrompt(item.prompt);
    else {
      onClose();
      item.run?.();
    }
  };
  const back = () => (prompt ? setPrompt(undefined) : stack.length > 1 ? setStack(stack.slice(0, -1)) : onClose());
  return (
    <div
      ref={ref}
      className="af-menu"
      role="menu"
      aria-label={title}
      style={{ left: at.x, top: at.y }}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') back();
        if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
        e.preventDefault();
        const all = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const i = all.indexOf(document.activeElement as HTMLElement);
        all[(i + (e.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
      }}
    >
      <div className="af-menu-title">{title}</div>
      {prompt ? (
        <input
          className="af-menu-input"
          aria-label={prompt.placeholder}
          placeholder={prompt.placeholder}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            onClose();
            prompt.submit((e.target as HTMLInputElement).value.trim());
          }}
        />
      ) : (
        list.map((item, i) => (
          <button key={`${i}-${item.label}`} type="button" role="menuitem" className="af-menu-item" aria-haspopup={item.items || item.prompt ? 'menu' : undefined} onClick={() => choose(item)}>
            {item.label}
            {item.items || item.prompt ? ' ›' : ''}
          </button>
        ))
      )}
    </div>
  );
}
