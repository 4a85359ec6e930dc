import { SHAPES } from '../../../src/core/language/index';
import type { PaletteElement } from '../../../src/protocol/index';

/** What a palette item carries while dragged onto the drawing. */
export const PALETTE_MIME = 'application/x-archflow-palette';

/**
 * Shapes and a group to add: drag one onto the drawing (into the group it lands in), or press
 * Enter on it to add it at the top level (or into the selected group).
 */
export function Palette({ strings, onAdd }: { strings: Record<string, string>; onAdd(element: PaletteElement): void }) {
  const lang = strings.editLang === 'pt' ? 'pt' : 'en';
  const items: { name: string; element: PaletteElement }[] = [
    ...SHAPES.filter((s) => s.value !== 'icon').map((s) => ({ name: s[lang][0]!, element: { kind: 'node' as const, shape: s.value, label: s[lang][0]! } })),
    { name: strings.editGroup ?? 'Group', element: { kind: 'group', label: strings.editGroup ?? 'Group' } },
  ];
  return (
    <div className="af-palette" role="toolbar" aria-label={strings.editPalette}>
      {items.map((item) => (
        <button
          key={item.name}
          type="button"
          className="af-palette-item"
          draggable
          title={strings.editPalette}
          aria-label={item.name}
          data-shape={item.element.shape ?? 'group'}
          onDragStart={(e) => {
            e.dataTransfer.setData(PALETTE_MIME, JSON.stringify(item.element));
            e.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onAdd(item.element)}
        >
          {item.name}
        </button>
      ))}
    </div>
  );
}
