import * as vscode from 'vscode';
import { isIdentifier } from '../../core/language/index';
import type { DiagramService } from '../documents/diagramService';
import { toVsRange } from '../util/ranges';
import { elementById, occurrenceAt, occurrencesOf } from './occurrences';

/**
 * Go to definition, find references, document highlights and rename of ids, all from
 * the cached parse: an id is declared once (`id = shape …`) and referenced by
 * connections. Implicit nodes (named only by connections) have references but no
 * definition; renaming them renames every reference.
 */
export class IdNavigationProvider implements vscode.DefinitionProvider, vscode.ReferenceProvider, vscode.DocumentHighlightProvider, vscode.RenameProvider {
  constructor(private readonly service: DiagramService) {}

  provideDefinition(document: vscode.TextDocument, position: vscode.Position): vscode.Location | undefined {
    const { model } = this.service.analyze(document);
    const at = occurrenceAt(model, position);
    if (!at) return undefined;
    const element = elementById(model, at.id);
    if (!element || (element.kind === 'node' && element.implicit)) return undefined;
    return new vscode.Location(document.uri, toVsRange(element.idRange));
  }

  provideReferences(document: vscode.TextDocument, position: vscode.Position, context: vscode.ReferenceContext): vscode.Location[] {
    const { model } = this.service.analyze(document);
    const at = occurrenceAt(model, position);
    if (!at) return [];
    return occurrencesOf(model, at.id)
      .filter((o) => context.includeDeclaration || o.kind === 'reference')
      .map((o) => new vscode.Location(document.uri, toVsRange(o.range)));
  }

  provideDocumentHighlights(document: vscode.TextDocument, position: vscode.Position): vscode.DocumentHighlight[] {
    const { model } = this.service.analyze(document);
    const at = occurrenceAt(model, position);
    if (!at) return [];
    return occurrencesOf(model, at.id).map(
      (o) => new vscode.DocumentHighlight(toVsRange(o.range), o.kind === 'declaration' ? vscode.DocumentHighlightKind.Write : vscode.DocumentHighlightKind.Read),
    );
  }

  prepareRename(document: vscode.TextDocument, position: vscode.Position): { range: vscode.Range; placeholder: string } {
    const { model } = this.service.analyze(document);
    const at = occurrenceAt(model, position);
    if (!at) throw new Error(vscode.l10n.t('Only node and group ids can be renamed.'));
    return { range: toVsRange(at.range), placeholder: at.id };
  }

  provideRenameEdits(document: vscode.TextDocument, position: vscode.Position, newName: string): vscode.WorkspaceEdit {
    const { model } = this.service.analyze(document);
    const at = occurrenceAt(model, position);
    if (!at) throw new Error(vscode.l10n.t('Only node and group ids can be renamed.'));
    if (!isIdentifier(newName)) throw new Error(vscode.l10n.t("'{0}' is not a valid id: use a letter or _ followed by letters, digits or _.", newName));
    if (newName !== at.id && elementById(model, newName)) throw new Error(vscode.l10n.t("'{0}' is already used by another element.", newName));
    const edit = new vscode.WorkspaceEdit();
    for (const o of occurrencesOf(model, at.id)) edit.replace(document.uri, toVsRange(o.range), newName);
    return edit;
  }
}
