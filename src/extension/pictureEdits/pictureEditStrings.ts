import * as vscode from 'vscode';
import { displayLocale } from '../locale';

/** The preview's strings for editing in the picture (merged into the preview's boot strings). */
export function pictureEditStrings(): Record<string, string> {
  return {
    editLang: displayLocale() === 'pt-BR' ? 'pt' : 'en',
    editUnavailable: vscode.l10n.t('Editing in the picture is unavailable until the text has no errors: connect, rename, delete, add, restyle and move are off.'),
    editRename: vscode.l10n.t('Rename'),
    editLabelOf: vscode.l10n.t('Label of {0}'),
    editNewNodeLabel: vscode.l10n.t('Label of the new node connected from {0}'),
    editShape: vscode.l10n.t('Shape'),
    editColor: vscode.l10n.t('Colour'),
    editIcon: vscode.l10n.t('Icon'),
    editIconPrompt: vscode.l10n.t('Icon id, e.g. logos:aws-ec2 (empty removes it)'),
    editLineStyle: vscode.l10n.t('Line style'),
    editAnimation: vscode.l10n.t('Animation'),
    editResetRoute: vscode.l10n.t('Reset Route'),
    editConnectTo: vscode.l10n.t('Connect to'),
    editMoveTo: vscode.l10n.t('Move to group'),
    editTopLevel: vscode.l10n.t('(top level)'),
    editDelete: vscode.l10n.t('Delete'),
    editDefault: vscode.l10n.t('(default)'),
    editBack: vscode.l10n.t('Back'),
    editMenu: vscode.l10n.t('Edit {0}'),
    editPalette: vscode.l10n.t('Add to the diagram: drag onto the drawing, or press Enter to add'),
    editGroup: vscode.l10n.t('Group'),
    editSearchIcons: vscode.l10n.t('Search icons'),
    editDeleteGroup: vscode.l10n.t('Delete the group {0}: keep its members?'),
    editKeepMembers: vscode.l10n.t('Keep members'),
    editDeleteMembers: vscode.l10n.t('Delete members too'),
    editCancel: vscode.l10n.t('Cancel'),
    editPickTarget: vscode.l10n.t('Connecting from {0}: Tab to the target and press Enter; Escape cancels.'),
    editRefused: vscode.l10n.t('Not changed: {0}'),
  };
}
