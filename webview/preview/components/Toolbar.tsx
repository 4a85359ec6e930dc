/** The preview's own actions (zoom and fit are React Flow's Controls). */
export function Toolbar({
  strings,
  minimap,
  onToggleMinimap,
  onExport,
  held,
  selected,
  onKeep,
  onRelayout,
}: {
  strings: Record<string, string>;
  minimap: boolean;
  onToggleMinimap(): void;
  onExport(format: 'svg' | 'png'): void;
  /** The drawing is held in this session (no layout file): say so, quietly. */
  held: boolean;
  /** How many elements are selected (Re-layout then lays out those only). */
  selected: number;
  onKeep(): void;
  onRelayout(): void;
}) {
  const relayout = selected > 0 ? strings.relayoutSelected : strings.relayout;
  return (
    <div className="af-toolbar" role="toolbar">
      {held && (
        <span className="af-held-note" title={strings.heldNoteTitle}>
          {strings.heldNote}
        </span>
      )}
      <button type="button" className="af-tool af-keep-layout" title={strings.keepLayout} aria-label={strings.keepLayout} onClick={onKeep}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M5 1.5h6l-1 4 2.5 2.5h-9L6 5.5z M8 8v6.5" fill="none" stroke="currentColor" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className="af-tool af-relayout" title={relayout} aria-label={relayout} onClick={onRelayout}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M13 8a5 5 0 1 1-1.5-3.6 M11.5 1.5v3h-3" fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className={`af-tool${minimap ? ' af-on' : ''}`} title={strings.minimap} aria-label={strings.minimap} aria-pressed={minimap} onClick={onToggleMinimap}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" />
          <rect x="8" y="8" width="5" height="4" fill="currentColor" />
        </svg>
      </button>
      <button type="button" className="af-tool af-export-svg" title={strings.exportSvg} aria-label={strings.exportSvg} onClick={() => onExport('svg')}>
        SVG
      </button>
      <button type="button" className="af-tool af-export-png" title={strings.exportPng} aria-label={strings.exportPng} onClick={() => onExport('png')}>
        PNG
      </button>
    </div>
  );
}
