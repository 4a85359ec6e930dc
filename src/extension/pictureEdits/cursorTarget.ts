import type * as vscode from 'vscode';
import type { DiagramModel, ElementDecl } from '../../core/model';
import { connectionsAtLine, elementAtLine, elementById, occurrenceAt } from '../../languageService/index';
import type { EditTarget } from '../../languageService/pictureEdits/index';

/** The element whose id is under the cursor, else the innermost element whose lines hold it. */
export function elementAtCursor(model: DiagramModel, position: vscode.Position): ElementDecl | undefined {
  const at = occurrenceAt(model, { line: position.line, character: position.character });
  return (at && elementById(model, at.id)) ?? elementAtLine(model, position.line);
}

/** What a command edits at the cursor: the connection written on its line (the first of a list), else the element. */
export function targetAtCursor(model: DiagramModel, position: vscode.Position): EditTarget | undefined {
  const connection = connectionsAtLine(model, position.line)[0];
  if (connection) return { connection };
  const element = elementAtCursor(model, position);
  return element && !(element.kind === 'node' && element.implicit) ? { element: element.id } : undefined;
}
