import { ATTRIBUTES, ENUM_VALUES, lookupWord, SHAPES, SPEEDS, type AttributeName, type Token } from '../../core/language/index';
import type { Shape } from '../../core/model';
import { quoteLabel, spliceLine, tokenEnd, type DiagramText } from './diagramText';
import { LineEditor } from './lineEditor';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';
import { targetLine, type EditTarget } from './renameLabel';
import { readConnection } from './statements';

/** A shape for nodes, or an attribute set to a canonical (English) value; no value removes it. */
export type StyleChange = { shape: Shape } | { attribute: AttributeName; value?: string };

interface WrittenAttribute {
  key: Token;
  value: Token;
  /** End of the token before the key: removing the attribute removes from there. */
  before: number;
}

/** The first token after a statement's head, where attributes may start. */
function attributesStart(doc: DiagramText, line: number, target: EditTarget): number {
  if ('element' in target) return 2;
  const st = readConnection(doc, line)!;
  const last = st.lists[st.lists.length - 1]!;
  return doc.tokens(line).tokens.indexOf(last[last.length - 1]!) + 1;
}

function findAttribute(toks: readonly Token[], from: number, name: AttributeName): WrittenAttribute | undefined {
  for (let j = Math.max(from, 1); j + 2 < toks.length + 1; j++) {
    const [key, eq, value] = [toks[j], toks[j + 1], toks[j + 2]];
    if (key?.kind !== 'word' || eq?.kind !== 'equals' || !value) continue;
    if (lookupWord(key.text).some((m) => m.category === 'attribute' && m.entry.value === name)) return { key, value, before: tokenEnd(toks[j - 1]!) };
  }
  return undefined;
}

/** A canonical value in the file's words (enumerations), quoted (strings) or as given (colours, icons, numbers). */
function writtenValue(doc: DiagramText, name: AttributeName, value: string): string {
  const kind = ATTRIBUTES.find((a) => a.value === name)!.valueKind;
  if (kind === 'string' || kind === 'link') return quoteLabel(value);
  if (kind === 'size' || kind === 'anim' || kind === 'style') {
    const entry = ENUM_VALUES[kind].find((e) => e.value === value);
    return entry ? doc.word(entry) : value;
  }
  if (kind === 'speed') {
    const entry = SPEEDS.find((e) => e.value === value);
    return entry ? doc.word(entry) : value;
  }
  return value;
}

function setAttribute(doc: DiagramText, ctx: EditContext, line: number, target: EditTarget, text: string, name: AttributeName, value: string | undefined): string {
  const toks = doc.tokens(line).tokens;
  const entry = ATTRIBUTES.find((a) => a.value === name)!;
  const element = 'element' in target ? doc.declared(target.element) : undefined;
  const context = element ? element.kind : 'connection';
  if (!entry.appliesTo.includes(context)) throw new EditRefused(ctx.l10n.t("'{0}' does not apply to this element.", doc.word(entry)));
  if (name === 'icon' && element?.kind === 'node' && element.shape === 'icon') {
    // An icon node's icon is the word after its shape.
    if (value === undefined) throw new EditRefused(ctx.l10n.t('An icon node needs an icon.'));
    return spliceLine(text, toks[3]!.offset, tokenEnd(toks[3]!), value);
  }
  const written = findAttribute(toks, attributesStart(doc, line, target), name);
  if (written && value === undefined) return spliceLine(text, written.before, tokenEnd(written.value), '');
  if (value === undefined) return text;
  const val = writtenValue(doc, name, value);
  if (written) return spliceLine(text, written.value.offset, tokenEnd(written.value), val);
  const pair = `${doc.word(entry)}=${val}`;
  const brace = toks[toks.length - 1]?.kind === 'openBrace' ? toks[toks.length - 1]! : undefined;
  if (brace) return spliceLine(text, brace.offset, brace.offset, `${pair} `);
  const last = toks[toks.length - 1]!;
  return spliceLine(text, tokenEnd(last), tokenEnd(last), ` ${pair}`);
}

function setShape(doc: DiagramText, ctx: EditContext, line: number, target: EditTarget, text: string, shape: Shape): string {
  const element = 'element' in target ? doc.declared(target.element) : undefined;
  if (element?.kind !== 'node') throw new EditRefused(ctx.l10n.t('Only nodes have a shape.'));
  if (element.shape === shape) return text;
  const toks = doc.tokens(line).tokens;
  const word = doc.word(SHAPES.find((s) => s.value === shape)!);
  const iconKey = doc.word(ATTRIBUTES.find((a) => a.value === 'icon')!);
  if (element.shape === 'icon') {
    // `x = ícone logos:a "L"` becomes `x = retângulo "L" ícone=logos:a`: the icon stays.
    const icon = toks[3]!;
    const last = toks[toks.length - 1]!;
    const withIcon = spliceLine(text, tokenEnd(last), tokenEnd(last), ` ${iconKey}=${icon.text}`);
    return spliceLine(withIcon, toks[2]!.offset, tokenEnd(icon), word);
  }
  if (shape === 'icon') {
    const written = findAttribute(toks, 2, 'icon');
    if (!written) throw new EditRefused(ctx.l10n.t('An icon node needs an icon: choose one first.'));
    const without = spliceLine(text, written.before, tokenEnd(written.value), '');
    return spliceLine(without, toks[2]!.offset, tokenEnd(toks[2]!), `${word} ${written.value.text}`);
  }
  return spliceLine(text, toks[2]!.offset, tokenEnd(toks[2]!), word);
}

export function restyleText(doc: DiagramText, ctx: EditContext, targets: readonly EditTarget[], change: StyleChange): string {
  const editor = new LineEditor(doc);
  const done = new Set<number>();
  for (const target of targets) {
    const line = targetLine(doc, ctx, target);
    // A statement with several connections carries one set of attributes for all of them.
    if (done.has(line)) continue;
    done.add(line);
    const text = editor.line(line);
    editor.replace(line, 'shape' in change ? setShape(doc, ctx, line, target, text, change.shape) : setAttribute(doc, ctx, line, target, text, change.attribute, change.value));
  }
  return editor.text();
}

/** Restyle: shape, icon, colours, line style, animation… of one or several elements or connections. */
export function restyle(text: string, targets: readonly EditTarget[], change: StyleChange, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => restyleText(doc, ctx, targets, change));
}
