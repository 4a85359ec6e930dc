import { syntaxHelp } from '../../../core/language';
import type { Locale } from '../../../core/model';
import type { ToolOutcome } from './outcome';

/** `syntax_help`: the language cheat sheet (Markdown, with a complete example) in `locale`. Never fails. */
export function syntaxHelpTool(locale: Locale): ToolOutcome {
  return { isError: false, text: syntaxHelp(locale) };
}
