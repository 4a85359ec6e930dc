import { useEffect, useState } from 'react';
import type { McpUiHostContext, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

/** VS Code's theme kinds, as the webview's body class names them. */
export type ThemeKind = 'light' | 'dark' | 'hcDark' | 'hcLight';

/**
 * The MCP Apps style variables, each from the VS Code theme colour (or font setting) that
 * plays the same part in VS Code's own UI; the first one the theme defines wins.
 */
const VARIABLES: Partial<Record<keyof McpUiStyles, string[]>> = {
  // The app sits in a tool card, which is drawn like an editor widget.
  '--color-background-primary': ['--vscode-editorWidget-background', '--vscode-sideBar-background', '--vscode-editor-background'],
  '--color-background-secondary': ['--vscode-sideBar-background', '--vscode-editor-background'],
  '--color-background-tertiary': ['--vscode-input-background'],
  '--color-background-inverse': ['--vscode-foreground'],
  '--color-background-ghost': ['--vscode-toolbar-hoverBackground'],
  '--color-background-info': ['--vscode-inputValidation-infoBackground'],
  '--color-background-danger': ['--vscode-inputValidation-errorBackground'],
  '--color-background-warning': ['--vscode-inputValidation-warningBackground'],
  '--color-background-success': ['--vscode-diffEditor-insertedLineBackground'],
  '--color-background-disabled': ['--vscode-input-background'],
  '--color-text-primary': ['--vscode-foreground'],
  '--color-text-secondary': ['--vscode-descriptionForeground'],
  '--color-text-tertiary': ['--vscode-disabledForeground'],
  '--color-text-inverse': ['--vscode-editorWidget-background', '--vscode-sideBar-background', '--vscode-editor-background'],
  '--color-text-ghost': ['--vscode-descriptionForeground'],
  '--color-text-info': ['--vscode-editorInfo-foreground'],
  '--color-text-danger': ['--vscode-errorForeground'],
  '--color-text-success': ['--vscode-testing-iconPassed'],
  '--color-text-warning': ['--vscode-editorWarning-foreground'],
  '--color-text-disabled': ['--vscode-disabledForeground'],
  '--color-border-primary': ['--vscode-contrastBorder', '--vscode-widget-border', '--vscode-panel-border'],
  '--color-border-secondary': ['--vscode-panel-border', '--vscode-widget-border'],
  '--color-border-tertiary': ['--vscode-widget-border', '--vscode-panel-border'],
  '--color-border-inverse': ['--vscode-foreground'],
  '--color-border-info': ['--vscode-inputValidation-infoBorder'],
  '--color-border-danger': ['--vscode-inputValidation-errorBorder'],
  '--color-border-warning': ['--vscode-inputValidation-warningBorder'],
  '--color-border-disabled': ['--vscode-disabledForeground'],
  '--color-ring-primary': ['--vscode-focusBorder'],
  '--color-ring-info': ['--vscode-focusBorder'],
  '--color-ring-danger': ['--vscode-inputValidation-errorBorder'],
  '--font-sans': ['--vscode-font-family'],
  '--font-mono': ['--vscode-editor-font-family'],
  '--font-weight-normal': ['--vscode-font-weight'],
  '--font-text-md-size': ['--vscode-font-size'],
};

/** The theme kind from the body's classes (`vscode-light`, `vscode-dark`, `vscode-high-contrast`, `vscode-high-contrast-light`). */
export function themeKind(body: { classList: { contains(name: string): boolean } }): ThemeKind {
  if (body.classList.contains('vscode-high-contrast-light')) return 'hcLight';
  if (body.classList.contains('vscode-high-contrast')) return 'hcDark';
  return body.classList.contains('vscode-dark') ? 'dark' : 'light';
}

export interface VsCodeLook {
  kind: ThemeKind;
  /** What an MCP App is told: `light` or `dark` (high contrast themes by their background). */
  theme: NonNullable<McpUiHostContext['theme']>;
  variables: McpUiStyles;
}

/** The look of the theme VS Code shows now, read from the webview's CSS variables. */
export function readVsCodeLook(): VsCodeLook {
  const kind = themeKind(document.body);
  const style = getComputedStyle(document.documentElement);
  const variables: Partial<McpUiStyles> = {};
  for (const [key, sources] of Object.entries(VARIABLES) as [keyof McpUiStyles, string[]][]) {
    for (const source of sources) {
      const value = style.getPropertyValue(source).trim();
      if (value) {
        variables[key] = value;
        break;
      }
    }
  }
  variables['--border-radius-sm'] = '2px';
  variables['--border-radius-md'] = '4px';
  variables['--border-radius-lg'] = '6px';
  variables['--border-width-regular'] = kind === 'hcDark' || kind === 'hcLight' ? '2px' : '1px';
  return { kind, theme: kind === 'dark' || kind === 'hcDark' ? 'dark' : 'light', variables: variables as McpUiStyles };
}

/**
 * The theme VS Code shows, kept current: VS Code changes the body's class and the page's CSS
 * variables (on `<html>`'s style) when the user picks another theme.
 */
export function useVsCodeLook(): VsCodeLook {
  const [look, setLook] = useState(readVsCodeLook);
  useEffect(() => {
    let last = JSON.stringify(look);
    const observer = new MutationObserver(() => {
      const next = readVsCodeLook();
      const text = JSON.stringify(next);
      if (text !== last) {
        last = text;
        setLook(next);
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
    return () => observer.disconnect();
    // Reads the DOM itself; `look` is only the first value.
  }, []);
  return look;
}
