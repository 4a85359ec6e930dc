import * as vscode from 'vscode';
import { THEMES } from '../../core/render/themes';
import { createLanguageService, type LanguageService } from '../../languageService/index';
import type { DiagramService } from '../documents/diagramService';
import { displayLocale } from '../locale';
import type { MarkdownFences } from '../markdown/markdownFences';

/** The colour monochrome icons are drawn in, matching the preview in the current theme. */
function iconColor(): string {
  const kind = vscode.window.activeColorTheme.kind;
  const dark = kind === vscode.ColorThemeKind.Dark || kind === vscode.ColorThemeKind.HighContrast;
  return (dark ? THEMES.dark : THEMES.light).node.icon;
}

/**
 * The language service as the extension runs it, in-process: parses come from the
 * DiagramService (documents) and MarkdownFences (Markdown fences), the very results the
 * Problems panel, preview and export use, so no feature parses a version a second time;
 * strings go through `vscode.l10n`, the locale is VS Code's display language.
 */
export function createEditorLanguageService(service: DiagramService, fences: MarkdownFences): LanguageService {
  return createLanguageService({
    source: {
      analyze: (document) => service.analyze(document),
      analyzeMarkdown: (document) => fences.analyze(document),
      catalog: () => service.catalog(),
    },
    locale: displayLocale,
    l10n: vscode.l10n,
    iconColor,
  });
}
