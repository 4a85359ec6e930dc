import { addText, type AddRequest } from './addElement';
import { connectText } from './connect';
import { runPictureEdit, type PictureEditOptions, type PictureEditResult } from './pictureEdit';

/** Connect dropped on empty space: a new element there, connected from the source, in one edit (one undo). */
export function connectToNewElement(text: string, source: string, element: AddRequest, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => {
    const added = addText(doc, ctx, element);
    return { text: connectText(ctx.read(added.text), ctx, { source, target: added.newId }), newId: added.newId };
  });
}
