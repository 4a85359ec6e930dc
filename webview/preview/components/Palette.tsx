import { SHAPES } from '../../../src/core/language/index';
import type { IconSearchResultMessage, PaletteElement } from '../../../src/protocol/index';
import { IconImage } from '../../diagram/components/IconImage';
import { useDrawing } from '../../diagram/drawingContext';

/** What a palette item carries while dragged onto the drawing. */
export const PALETTE_MIME = 'application/x-archflow-palette';

/**
 * Shapes, a group and icons (searched in the host's catalog) to add: drag one onto the
 * drawing (into the group it lands in), or press Enter on it to add it at the top level (or
 * into the selected group).
 */
export function Palette({
  strings,
  onAdd,
  icons,
  onSearch,
}: {
  strings: Record<string, string>;
  onAdd(element: PaletteElement): void;
  icons: IconSearchResultMessage['icons'];
  onSearch(query: string): void;
}) {
  const { palette } = useDrawing();
  const lang = strings.editLang === 'pt' ? 'pt' : 'en';
  const items: { name: string; element: PaletteElement; icon?: IconSearchResultMessage['icons'][number] }[] = [
    ...SHAPES.filter((s) => s.value !== 'icon').map((s) => ({ name: s[lang][0]!, element: { kind: 'node' as const, shape: s.value, label: s[lang][0]! } })),
    { name: strings.editGroup ?? 'Group', element: { kind: 'group', label: strings.editGroup ?? 'Group' } },
    ...icons.map((icon) => ({ name: icon.id, icon, element: { kind: 'node' as const, shape: 'icon' as const, icon: icon.id, label: icon.id.split(':').pop()! } })),
  ];
  return (
    <div className="af-palette" role="toolbar" aria-label={strings.editPalette}>
      <input className="af-palette-search" type="search" placeholder={strings.editSearchIcons} aria-label={strings.editSearchIcons} onChange={(e) => onSearch(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
      {items.map((item) => (
        <button
          key={item.name}
          type="button"
          className="af-palette-item"
          draggable
          title={item.icon ? `${item.name} (${item.icon.set})` : strings.editPalette}
          aria-label={item.name}
          data-shape={item.element.shape ?? 'group'}
          data-icon={item.element.icon}
          onDragStart={(e) => {
            e.dataTransfer.setData(PALETTE_MIME, JSON.stringify(item.element));
            e.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onAdd(item.element)}
        >
          {item.icon ? (
            <svg width="20" height="20" aria-hidden="true">
              <IconImage data={item.icon.data} x={0} y={0} size={20} color={palette.node.icon} palette={palette} />
            </svg>
          ) : (
            item.name
          )}
        </button>
      ))}
    </div>
  );
}
