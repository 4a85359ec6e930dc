import { useLayoutEffect, useMemo } from 'react';
import { applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { useMediaQuery as useMedia } from '../diagram/hooks';

export interface HostTheme {
  dark: boolean;
  highContrast: boolean;
}

/**
 * Follows the host's look: its `theme` (light or dark; the system's before the host says)
 * and its standard CSS variables (`--color-background-primary`, `--font-sans`, …) go onto
 * the document, where styles.css maps them onto the variables the diagram's stylesheet
 * reads. High contrast comes from the system (`forced-colors`, `prefers-contrast: more`),
 * as MCP hosts do not report it. Host font faces are not loaded: the view fetches nothing.
 */
export function useHostTheme(context: McpUiHostContext): HostTheme {
  const variables = context.styles?.variables;
  useLayoutEffect(() => {
    if (context.theme) applyDocumentTheme(context.theme);
    if (variables) applyHostStyleVariables(variables);
  }, [context.theme, variables]);
  const systemDark = useMedia('(prefers-color-scheme: dark)');
  const forcedColors = useMedia('(forced-colors: active)');
  const moreContrast = useMedia('(prefers-contrast: more)');
  return useMemo(
    () => ({ dark: context.theme ? context.theme === 'dark' : systemDark, highContrast: forcedColors || moreContrast }),
    [context.theme, systemDark, forcedColors, moreContrast],
  );
}

