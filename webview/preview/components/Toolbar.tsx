/** The preview's own actions (zoom and fit are React Flow's Controls). */
export function Toolbar({
  strings,
  minimap,
  onToggleMinimap,
  onExport,
}: {
  strings: Record<string, string>;
  minimap: boolean;
  onToggleMinimap(): void;
  onExport(format: 'svg' | 'png'): void;
}) {
  return (
    <div className="af-toolbar" role="toolbar">
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
