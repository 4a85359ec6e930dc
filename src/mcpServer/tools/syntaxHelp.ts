import type { IconSetInfo } from '../../core/icons';
import { syntaxHelp } from '../../core/language';
import type { Locale } from '../../core/model';
import type { ToolOutcome } from './outcome';

/**
 * `syntax_help`: the language cheat sheet (Markdown, with a complete example) in `locale`,
 * with the bundled icon sets and their counts when `iconSets` is given. Never fails.
 */
export function syntaxHelpTool(locale: Locale, iconSets?: readonly IconSetInfo[]): ToolOutcome {
  return { isError: false, text: syntaxHelp(locale, iconSets) };
}
