import * as vscode from 'vscode';
import { ANIMATIONS, ATTRIBUTES, LINE_STYLES, SHAPES, SIZES, SPEEDS, type AttributeName, type VocabularyEntry } from '../../core/language/index';
import type { DiagramModel, Shape } from '../../core/model';
import { connectElements, deleteElements, renameLabel, restyle, type EditTarget, type PictureEditResult, type StyleChange } from '../../languageService/pictureEdits/index';
import type { DiagramService } from '../documents/diagramService';
import type { Command } from '../util/commandManager';
import { isDiagramDocument } from '../util/diagramDocument';
import { displayLocale } from '../locale';
import type { DiagramSource, SourceText } from '../preview/diagramSource';
import { documentSource } from '../preview/diagramSource';
import { applyPictureEdit, pictureEditOptions } from './applyPictureEdit';
import { elementAtCursor, targetAtCursor } from './cursorTarget';

/** The diagram fence of a Markdown document that holds `position`, if any. */
export type FenceAtCursor = (document: vscode.TextDocument, position: vscode.Position) => DiagramSource | undefined;

/** The diagram the cursor is in: its editor, its text (a `.diagram` document's, or a Markdown fence's), the cursor in that text. */
interface CursorDiagram {
  editor: vscode.TextEditor;
  text: SourceText;
  model: DiagramModel;
  position: vscode.Position;
}

/** The diagram under the active editor's cursor, or an error for the user. */
function diagramAtCursor(service: DiagramService, fenceAt: FenceAtCursor | undefined): CursorDiagram {
  const editor = vscode.window.activeTextEditor;
  const active = editor?.selection.active;
  const source = !editor || !active ? undefined : isDiagramDocument(editor.document) ? documentSource(editor.document.uri) : fenceAt?.(editor.document, active);
  const read = source && editor ? source.read(editor.document) : undefined;
  const at = read?.ok && active ? read.text.positionAt(active) : undefined;
  if (!editor || !read?.ok || !at) throw new Error(vscode.l10n.t('Open a .diagram file, or put the cursor in a diagram block, first.'));
  const text = read.text;
  return { editor, text, model: service.analyze(text).model, position: new vscode.Position(at.line, at.character) };
}

/** The diagram under the cursor and the node, group or connection there, or an error for the user. */
function atCursor(service: DiagramService, fenceAt: FenceAtCursor | undefined): CursorDiagram & { target: EditTarget } {
  const at = diagramAtCursor(service, fenceAt);
  const target = targetAtCursor(at.model, at.position);
  if (!target) throw new Error(vscode.l10n.t('Put the cursor on a node, group or connection.'));
  return { ...at, target };
}

async function run(at: CursorDiagram, edit: (text: string) => PictureEditResult): Promise<void> {
  const result = await applyPictureEdit(at.editor.document, edit, at.text);
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
  constructor(
    private readonly service: DiagramService,
    private readonly fenceAt?: FenceAtCursor,
  ) {}
  async execute(): Promise<void> {
    const at = atCursor(this.service, this.fenceAt);
    const { model, target } = at;
    const current = 'element' in target ? model.elements.find((e) => e.id === target.element)?.label : model.connections.find((c) => c.id === target.connection)?.label;
    const label = await vscode.window.showInputBox({ title: vscode.l10n.t('Label of {0}', describe(model, target)), value: current ?? '', prompt: vscode.l10n.t('\\n starts a new line.') });
    if (label === undefined) return;
    await run(at, (text) => renameLabel(text, target, label.replace(/\\n/g, '\n'), pictureEditOptions()));
  }
}

/** Delete the node, group or connection under the cursor (a group asks about its members). */
export class DeleteElementCommand implements Command {
  readonly id = 'archflow.deleteElement';
  constructor(
    private readonly service: DiagramService,
    private readonly fenceAt?: FenceAtCursor,
  ) {}
  async execute(): Promise<void> {
    const at = atCursor(this.service, this.fenceAt);
    const { model, target } = at;
    if ('connection' in target) {
      await run(at, (text) => deleteElements(text, { connections: [target.connection] }, pictureEditOptions()));
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
    await run(at, (text) => deleteElements(text, { elements: [target.element], ...(groups ? { groups } : {}) }, pictureEditOptions()));
  }
}

/** Connect the element under the cursor to one picked from a list. */
export class ConnectToCommand implements Command {
  readonly id = 'archflow.connectTo';
  constructor(
    private readonly service: DiagramService,
    private readonly fenceAt?: FenceAtCursor,
  ) {}
  async execute(): Promise<void> {
    const at = diagramAtCursor(this.service, this.fenceAt);
    const { model } = at;
    const source = elementAtCursor(model, at.position);
    if (!source) throw new Error(vscode.l10n.t('Put the cursor on a node or group.'));
    const items = model.elements.filter((e) => e.id !== source.id).map((e) => ({ label: e.id, description: e.label !== e.id ? e.label.replace(/\n/g, ' ') : '' }));
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Connect {0} to…', source.id), matchOnDescription: true });
    if (!picked) return;
    await run(at, (text) => connectElements(text, { source: source.id, target: picked.label }, pictureEditOptions()));
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
  constructor(
    private readonly service: DiagramService,
    private readonly fenceAt?: FenceAtCursor,
  ) {}
  async execute(): Promise<void> {
    const at = atCursor(this.service, this.fenceAt);
    const { model, target } = at;
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
    await run(at, (text) => restyle(text, [target], change, pictureEditOptions()));
  }
}

/** The commands that edit the diagram under the cursor: a `.diagram` document's, or (given `fenceAt`) a Markdown fence's. */
export function pictureEditCommands(service: DiagramService, fenceAt?: FenceAtCursor): Command[] {
  return [new RenameLabelCommand(service, fenceAt), new DeleteElementCommand(service, fenceAt), new ConnectToCommand(service, fenceAt), new RestyleCommand(service, fenceAt)];
}
