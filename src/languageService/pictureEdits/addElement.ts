import { lookupWord, SHAPES, STATEMENT_KEYWORDS, ATTRIBUTES, isIdentifier } from '../../core/language/index';
import type { Shape } from '../../core/model';
import { formatLine, quoteLabel, type DiagramText } from './diagramText';
import { LineEditor } from './lineEditor';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';

export interface AddRequest {
  kind: 'node' | 'group';
  label?: string;
  /** Default rectangle; `icon` needs an icon. */
  shape?: Shape;
  icon?: string;
  /** The group it was dropped in. */
  parent?: string;
}

/** An id for a new element made from its label (or icon, or shape), unused in the diagram and no keyword. */
export function newElementId(doc: DiagramText, req: Pick<AddRequest, 'label' | 'icon' | 'shape' | 'kind'>): string {
  const from = req.label?.trim() || req.icon?.split(':').pop() || (req.kind === 'group' ? 'group' : (req.shape ?? 'node'));
  let base = from
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}_]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  if (!isIdentifier(base)) base = `n_${base}`.replace(/_+$/, '') || 'node';
  if (!isIdentifier(base)) base = 'node';
  const taken = (id: string) => !!doc.element(id) || lookupWord(id).some((m) => m.category === 'statement' || m.category === 'shape');
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}_${n}`)) return `${base}_${n}`;
}

/** Pads a declaration's id so that its `=` lines up with the node line above it, as the formatter does. */
export function alignToLineAbove(doc: DiagramText, above: number, indent: string, code: string): string {
  const toks = doc.tokens(above).tokens;
  const isGroup = toks[2] && lookupWord(toks[2].text).some((m) => m.category === 'statement' && m.entry.value === 'group');
  if (above < 0 || toks[1]?.kind !== 'equals' || isGroup || !doc.lines[above]!.startsWith(indent) || /^[ \t]/.test(doc.lines[above]!.slice(indent.length))) return code;
  const width = toks[1].offset - toks[0]!.offset - 1;
  const m = /^(\S+) =/.exec(code);
  if (!m || [...m[1]!].length >= width) return code;
  return m[1]! + ' '.repeat(width - [...m[1]!].length) + code.slice(m[1]!.length);
}

/** The declaration line(s) of a new element, in the file's keywords. */
export function declarationLines(doc: DiagramText, ctx: EditContext, id: string, req: AddRequest): string[] {
  const label = req.label ? ` ${quoteLabel(req.label)}` : '';
  const iconAttr = (icon: string) => ` ${doc.word(ATTRIBUTES.find((a) => a.value === 'icon')!)}=${icon}`;
  if (req.kind === 'group') {
    const keyword = doc.word(STATEMENT_KEYWORDS.find((k) => k.value === 'group')!);
    return [formatLine(`${id} = ${keyword}${label}${req.icon ? iconAttr(req.icon) : ''} {`), '}'];
  }
  const shape = req.shape ?? 'rectangle';
  const word = doc.word(SHAPES.find((s) => s.value === shape)!);
  if (shape === 'icon') {
    if (!req.icon) throw new EditRefused(ctx.l10n.t('An icon node needs an icon.'));
    return [formatLine(`${id} = ${word} ${req.icon}${label}`)];
  }
  return [formatLine(`${id} = ${word}${label}${req.icon ? iconAttr(req.icon) : ''}`)];
}

export function addText(doc: DiagramText, ctx: EditContext, req: AddRequest): { text: string; newId: string } {
  const id = newElementId(doc, req);
  let after: number;
  let depth: number;
  if (req.parent) {
    const group = doc.declared(req.parent);
    if (group?.kind !== 'group') throw new EditRefused(ctx.l10n.t("'{0}' is not a group.", req.parent));
    after = group.range.endLine - 2;
    depth = doc.depth(group.range.line - 1) + 1;
  } else {
    after = doc.lastTopLevelLine();
    depth = 0;
  }
  const indent = doc.indent(depth);
  const lines = declarationLines(doc, ctx, id, req);
  lines[0] = alignToLineAbove(doc, after, indent, lines[0]!);
  const editor = new LineEditor(doc);
  const written = lines.map((l) => indent + l);
  if (req.parent) editor.insertBefore(after + 1, written);
  else editor.insertAfter(after, written);
  return { text: editor.text(), newId: id };
}

/** Add: a node or group from the palette, at the top level or inside the group it was dropped in. */
export function addElement(text: string, req: AddRequest, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => addText(doc, ctx, req));
}
