import type { PictureGesture } from '../../protocol/index';
import {
  addElement,
  connectElements,
  connectToNewElement,
  deleteElements,
  moveToGroup,
  reconnect,
  renameLabel,
  restyle,
  type PictureEditOptions,
  type PictureEditResult,
} from '../../languageService/pictureEdits/index';
import { ENGLISH } from '../../languageService/index';

/** The text edit a preview gesture stands for (nothing of VS Code: the gesture and the text in, the edits out). */
export function gestureEdit(text: string, gesture: PictureGesture, options: PictureEditOptions): PictureEditResult {
  switch (gesture.kind) {
    case 'connect':
      return connectElements(text, { source: gesture.source, target: gesture.target }, options);
    case 'connectToNew':
      return connectToNewElement(text, gesture.source, gesture.element, options);
    case 'reconnect':
      return reconnect(text, { connection: gesture.connection, end: gesture.end, to: gesture.to }, options);
    case 'rename':
      return renameLabel(text, gesture.target, gesture.label, options);
    case 'delete':
      return deleteElements(text, { elements: gesture.elements, connections: gesture.connections, ...(gesture.groups ? { groups: gesture.groups } : {}) }, options);
    case 'add':
      return addElement(text, gesture.element, options);
    case 'restyle': {
      const change = gesture.shape ? { shape: gesture.shape } : gesture.attribute ? { attribute: gesture.attribute, ...(gesture.value !== undefined ? { value: gesture.value } : {}) } : undefined;
      const l10n = options.l10n ?? ENGLISH;
      if (!change) return { ok: false, reason: l10n.t('Choose a shape or an attribute to change.') };
      return restyle(text, gesture.targets, change, options);
    }
    case 'move':
      return moveToGroup(text, gesture.elements, gesture.group, options);
  }
}
