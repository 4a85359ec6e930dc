import * as vscode from 'vscode';
import { ANIMATIONS, ATTRIBUTES, LINE_STYLES, SHAPES, SIZES, SPEEDS, type AttributeName, type VocabularyEntry } from '../../core/language/index';
import type { DiagramModel, Shape } from '../../core/model';
import { connectElements, deleteElements, renameLabel, restyle, type EditTarget, type PictureEditResult, type StyleChange } from '../../languageService/pictureEdits/index';
import type { DiagramService } from '../documents/diagramService';
import type { Command } from '../util/commandManager';
import { isDiagramDocument } from '../util/diagramDocument';
import { displayLocale } from '../locale';
import { applyPictureEdit, pictureEditOptions } from './applyPictureEdit';
import { elementAtCursor, targetAtCursor } from './cursorTarget';

/** The active `.diagram` editor, or an error for the user. */
function diagramEditor(): vscode.TextEditor {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isDiagramDocument(editor.document)) throw new Error(vscode.l10n.t('Open a .diagram file first.'));
  return editor;
}

/** The active editor, its model and what is under its cursor, or an error for the user. */
function atCursor(service: DiagramService): { editor: vscode.TextEditor; model: DiagramModel; target: EditTarget } {
  const editor = diagramEditor();
  const { model } = service.analyze(editor.document);
  const target = targetAtCursor(model, editor.selection.active);
  if (!target) throw new Error(vscode.l10n.t('Put the cursor on a node, group or connection.'));
  return { editor, model, target };
}

async function run(editor: vscode.TextEditor, edit: (text: string) => PictureEditResult): Promise<void> {
  const result = await applyPictureEdit(editor.document, edit);
  if (!result.ok) void vscode.window.showWarningMessage(result.reason);
}

function describe(model: DiagramModel, target: EditTarget): string {
  if ('element' in target) return target.element;
  const c = model.connections.find((x) => x.id === target.connection);
  return c ? `${c.source} → ${c.target}` : target.connection;
}

/** Rename the label of the node, group or connection under the cursor. */
export class RenameLabelCommand implements Command {
  readonly id = 'archflow.renameLabel';
  constructor(private readonly service: DiagramService) {}
  async execute(): Promise<void> {
    const { editor, model, target } = atCursor(this.service);
    const current = 'element' in target ? model.elements.find((e) => e.id === target.element)?.label : model.connections.find((c) => c.id === target.connection)?.label;
    const label = await vscode.window.showInputBox({ title: vscode.l10n.t('Label of {0}', describe(model, target)), value: current ?? '', prompt: vscode.l10n.t('\\n starts a new line.') });
    if (label === undefined) return;
    await run(editor, (text) => renameLabel(text, target, label.replace(/\\n/g, '\n'), pictureEditOptions()));
  }
}

/** Delete the node, group or connection under the cursor (a group asks about its members). */
export class DeleteElementCommand implements Command {
  readonly id = 'archflow.deleteElement';
  constructor(private readonly service: DiagramService) {}
  async execute(): Promise<void> {
    const { editor, model, target } = atCursor(this.service);
    if ('connection' in target) {
      await run(editor, (text) => deleteElements(text, { connections: [target.connection] }, pictureEditOptions()));
      return;
    }
    let groups: 'keepMembers' | 'deleteMembers' | undefined;
    if (model.elements.find((e) => e.id === target.element)?.kind === 'group') {
      const keep = { label: vscode.l10n.t('Keep its members (moved out of the group)'), value: 'keepMembers' as const };
      const all = { label: vscode.l10n.t('Delete its members too'), value: 'deleteMembers' as const };
      const picked = await vscode.window.showQuickPick([keep, all], { title: vscode.l10n.t('Delete group {0}', target.element) });
      if (!picked) return;
      groups = picked.value;
    }
    await run(editor, (text) => deleteElements(text, { elements: [target.element], ...(groups ? { groups } : {}) }, pictureEditOptions()));
  }
}

/** Connect the element under the cursor to one picked from a list. */
export class ConnectToCommand implements Command {
  readonly id = 'archflow.connectTo';
  constructor(private readonly service: DiagramService) {}
  async execute(): Promise<void> {
    const editor = diagramEditor();
    const { model } = this.service.analyze(editor.document);
    const source = elementAtCursor(model, editor.selection.active);
    if (!source) throw new Error(vscode.l10n.t('Put the cursor on a node or group.'));
    const items = model.elements.filter((e) => e.id !== source.id).map((e) => ({ label: e.id, description: e.label !== e.id ? e.label.replace(/\n/g, ' ') : '' }));
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Connect {0} to…', source.id), matchOnDescription: true });
    if (!picked) return;
    await run(editor, (text) => connectElements(text, { source: source.id, target: picked.label }, pictureEditOptions()));
  }
}

interface ValueItem extends vscode.QuickPickItem {
  value?: string;
}

function entryItems(entries: readonly VocabularyEntry[]): ValueItem[] {
  const locale = displayLocale();
  return entries.map((e) => ({ label: (locale === 'pt-BR' ? e.pt : e.en)[0]!, description: e.description[locale], value: e.value }));
}

/** The choices of one attribute; undefined: typed in (colours, icons). */
function choicesFor(name: AttributeName): ValueItem[] | undefined {
  switch (name) {
    case 'anim':
      return entryItems(ANIMATIONS);
    case 'style':
      return entryItems(LINE_STYLES);
    case 'size':
      return entryItems(SIZES);
    case 'speed':
      return entryItems(SPEEDS);
    default:
      return undefined;
  }
}

/** Restyle the element or connection under the cursor: pick what to change, then its value. */
export class RestyleCommand implements Command {
  readonly id = 'archflow.restyle';
  constructor(private readonly service: DiagramService) {}
  async execute(): Promise<void> {
    const { editor, model, target } = atCursor(this.service);
    const element = 'element' in target ? model.elements.find((e) => e.id === target.element) : undefined;
    const context = element ? element.kind : 'connection';
    const locale = displayLocale();
    const what: Array<ValueItem & { attribute?: AttributeName }> = [
      ...(element?.kind === 'node' ? [{ label: vscode.l10n.t('Shape'), value: 'shape' }] : []),
      ...ATTRIBUTES.filter((a) => a.appliesTo.includes(context) && a.value !== 'tooltip' && a.value !== 'link').map((a) => ({ label: (locale === 'pt-BR' ? a.pt : a.en)[0]!, description: a.description[locale], attribute: a.value })),
    ];
    const picked = await vscode.window.showQuickPick(what, { title: vscode.l10n.t('Restyle {0}', describe(model, target)) });
    if (!picked) return;
    let change: StyleChange;
    if (!picked.attribute) {
      const shape = await vscode.window.showQuickPick(entryItems(SHAPES), { title: vscode.l10n.t('Shape') });
      if (!shape?.value) return;
      change = { shape: shape.value as Shape };
    } else {
      const remove: ValueItem = { label: vscode.l10n.t('(remove)'), description: vscode.l10n.t('Back to the default') };
      const choices = choicesFor(picked.attribute);
      let value: string | undefined;
      if (choices) {
        const v = await vscode.window.showQuickPick([...choices, remove], { title: picked.label });
        if (!v) return;
        value = v.value;
      } else {
        const typed = await vscode.window.showInputBox({ title: picked.label, prompt: picked.attribute === 'icon' ? vscode.l10n.t('An icon id such as logos:aws-ec2; empty removes it.') : vscode.l10n.t('A colour such as #1f77b4 or teal; empty removes it.') });
        if (typed === undefined) return;
        value = typed.trim() || undefined;
      }
      change = { attribute: picked.attribute, ...(value !== undefined ? { value } : {}) };
    }
    await run(editor, (text) => restyle(text, [target], change, pictureEditOptions()));
  }
}

export function pictureEditCommands(service: DiagramService): Command[] {
  return [new RenameLabelCommand(service), new DeleteElementCommand(service), new ConnectToCommand(service), new RestyleCommand(service)];
}
