import * as vscode from 'vscode';
import type { IconData } from '../../core/scene';
import { iconToSvg } from '../../core/icons/index';
import { THEMES } from '../../core/render/index';

/** The colour monochrome icons are drawn in, matching the preview in the current theme. */
function iconColor(): string {
  const kind = vscode.window.activeColorTheme.kind;
  const dark = kind === vscode.ColorThemeKind.Dark || kind === vscode.ColorThemeKind.HighContrast;
  return (dark ? THEMES.dark : THEMES.light).node.icon;
}

/** A `data:` URI of the icon as a standalone SVG (safe: the core strips scripts and references). */
export function iconDataUri(data: IconData, size: number): string {
  const svg = iconToSvg(data, { size, color: iconColor() });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Markdown with a picture of the icon, its id and set, for hovers and completion details. */
export function iconMarkdown(id: string, data: IconData, setName?: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`![${id}](${iconDataUri(data, 64)})\n\n`);
  md.appendMarkdown(`\`${id}\``);
  if (setName) md.appendMarkdown(` — ${setName.replace(/[\\`*_[\]<>]/g, '\\$&')}`);
  return md;
}
