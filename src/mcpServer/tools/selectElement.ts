import type { ElementSelection } from '../../protocol/mcpAppMessages';
import type { Locale } from '../../core/model';
import { serverMessages } from '../serverMessages';
import type { ToolOutcome } from './outcome';

/** Longest label and title quoted back to the model. */
const MAX_QUOTED = 200;

/**
 * `select_diagram_element` (app-only): the sentence that tells the model which element of
 * the drawn diagram the user clicked, in the server's locale, for the view to hand to the
 * host as model context. Labels and titles come from diagram text, so they are flattened
 * to one line and shortened before they are quoted; `data` holds the same facts.
 */
export function selectElement(input: ElementSelection, context: { locale: Locale }): ToolOutcome<ElementSelection> {
  const clean: ElementSelection = {
    kind: input.kind,
    id: oneLine(input.id),
    label: oneLine(input.label),
    ...(input.line !== undefined ? { line: input.line } : {}),
    ...(input.diagram?.trim() ? { diagram: oneLine(input.diagram) } : {}),
    ...(input.output?.trim() ? { output: oneLine(input.output) } : {}),
    ...(input.file?.trim() ? { file: oneLine(input.file) } : {}),
  };
  return { isError: false, text: serverMessages(context.locale).elementSelected(clean), data: clean };
}

function oneLine(text: string): string {
  const flat = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > MAX_QUOTED ? `${flat.slice(0, MAX_QUOTED - 1)}…` : flat;
}
