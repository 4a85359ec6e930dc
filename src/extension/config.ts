import * as vscode from 'vscode';
import type { PreviewSettings } from '../protocol/index';

/** Settings of `archflow.preview.*`, with their defaults when unset or invalid. */
export interface PreviewConfig extends PreviewSettings {
  followActiveEditor: boolean;
  debounceMs: number;
}

export function previewConfig(): PreviewConfig {
  const c = vscode.workspace.getConfiguration('archflow.preview');
  return {
    followActiveEditor: c.get<boolean>('followActiveEditor', false) === true,
    minimap: c.get<boolean>('minimap', false) === true,
    animations: c.get<boolean>('animations', true) !== false,
    debounceMs: clamp(c.get<number>('debounceMs', 250), 0, 5000, 250),
  };
}

export type ExportThemeSetting = 'auto' | 'light' | 'dark';

/** Settings of `archflow.export.*` for a resource (they are resource-scoped). */
export interface ExportConfig {
  theme: ExportThemeSetting;
  animate: boolean;
  pngScale: number;
}

export function exportConfig(resource?: vscode.Uri): ExportConfig {
  const c = vscode.workspace.getConfiguration('archflow.export', resource);
  const theme = c.get<string>('theme', 'auto');
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
    animate: c.get<boolean>('animate', true) !== false,
    pngScale: clamp(c.get<number>('pngScale', 2), 0.5, 4, 2),
  };
}

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}
