import type { DocumentHighlight, Location, Position, Range, TextEdit } from 'vscode-languageserver-types';
import { DocumentHighlightKind } from './lspConstants';
import { isIdentifier } from '../core/language/index';
import type { DiagramModel } from '../core/model';
import type { L10n } from './l10n';
import { elementById, occurrenceAt, occurrencesOf } from './occurrences';
import { toLspRange } from './ranges';

/** A request the service refuses with a message for the user (a rename to a taken id…). */
export class LanguageServiceError extends Error {
  override readonly name = 'LanguageServiceError';
}

/**
 * Go to definition, references, highlights and rename of ids, all from the cached parse: an
 * id is declared once (`id = shape …`) and referenced by connections. Implicit nodes (named
 * only by connections) have references but no definition; renaming them renames every reference.
 */
export function definitionAt(model: DiagramModel, uri: string, position: Position): Location | null {
  const at = occurrenceAt(model, position);
  const element = at && elementById(model, at.id);
  if (!element || (element.kind === 'node' && element.implicit)) return null;
  return { uri, range: toLspRange(element.idRange) };
}

export function referencesAt(model: DiagramModel, uri: string, position: Position, includeDeclaration: boolean): Location[] {
  const at = occurrenceAt(model, position);
  if (!at) return [];
  return occurrencesOf(model, at.id)
    .filter((o) => includeDeclaration || o.kind === 'reference')
    .map((o) => ({ uri, range: toLspRange(o.range) }));
}

/** Every occurrence of the id under the cursor: its declaration as a write, connections as reads. */
export function highlightsAt(model: DiagramModel, position: Position): DocumentHighlight[] {
  const at = occurrenceAt(model, position);
  if (!at) return [];
  return occurrencesOf(model, at.id).map((o) => ({
    range: toLspRange(o.range),
    kind: o.kind === 'declaration' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

/** The id under the cursor and its range; throws LanguageServiceError where nothing can be renamed. */
export function prepareRenameAt(model: DiagramModel, position: Position, l10n: L10n): { range: Range; placeholder: string } {
  const at = occurrenceAt(model, position);
  if (!at) throw new LanguageServiceError(l10n.t('Only node and group ids can be renamed.'));
  return { range: toLspRange(at.range), placeholder: at.id };
}

/** The edits renaming the id under the cursor everywhere; throws LanguageServiceError for an invalid or taken name. */
export function renameAt(model: DiagramModel, position: Position, newName: string, l10n: L10n): TextEdit[] {
  const at = occurrenceAt(model, position);
  if (!at) throw new LanguageServiceError(l10n.t('Only node and group ids can be renamed.'));
  if (!isIdentifier(newName)) throw new LanguageServiceError(l10n.t("'{0}' is not a valid id: use a letter or _ followed by letters, digits or _.", newName));
  if (newName !== at.id && elementById(model, newName)) throw new LanguageServiceError(l10n.t("'{0}' is already used by another element.", newName));
  return occurrencesOf(model, at.id).map((o) => ({ range: toLspRange(o.range), newText: newName }));
}
