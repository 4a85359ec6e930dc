import type { ThemeSetting } from '../../core/model';

/**
 * The palette of an export. A fixed setting (`light`/`dark`) wins; with `auto` the
 * diagram's own `theme` decides, and where that is `auto` too, the editor's theme does.
 */
export function resolveExportTheme(setting: 'auto' | 'light' | 'dark', diagramTheme: ThemeSetting, editorIsDark: boolean): 'light' | 'dark' {
  if (setting !== 'auto') return setting;
  if (diagramTheme === 'light' || diagramTheme === 'dark') return diagramTheme;
  return editorIsDark ? 'dark' : 'light';
}

/** `name.diagram` -> `name.svg` (any other extension is replaced too; none gets one added). */
export function exportFileName(sourcePath: string, format: 'svg' | 'png'): string {
  const base = sourcePath.split('/').pop() || 'diagram';
  const dot = base.lastIndexOf('.');
  return `${dot > 0 ? base.slice(0, dot) : base}.${format}`;
}
