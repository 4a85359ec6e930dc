import type { Token } from '../../core/language/index';
import type { Connection } from '../../core/model';
import { formatLine, tokenEnd, type DiagramText } from './diagramText';
import type { LineEditor } from './lineEditor';

/** A connection statement split as the parser reads it: id lists between arrows, then label and attributes. */
export interface ConnectionStatement {
  line: number;
  lists: Token[][];
  arrows: Token[];
  /** The label and attributes, written once for every connection of the statement. */
  tail: string;
}

export function readConnection(doc: DiagramText, line: number): ConnectionStatement | undefined {
  const toks = doc.tokens(line).tokens;
  const lists: Token[][] = [];
  const arrows: Token[] = [];
  let cur: Token[] = [];
  let i = 0;
  while (toks[i]?.kind === 'word' && toks[i + 1]?.kind !== 'equals') {
    cur.push(toks[i]!);
    i++;
    if (toks[i]?.kind === 'comma') {
      i++;
      continue;
    }
    lists.push(cur);
    cur = [];
    if (toks[i]?.kind !== 'arrow') break;
    arrows.push(toks[i]!);
    i++;
  }
  if (!arrows.length) return undefined;
  const rest = toks.slice(i);
  const tail = rest.length ? doc.lines[line]!.slice(rest[0]!.offset, tokenEnd(rest[rest.length - 1]!)) : '';
  return { line, lists, arrows, tail };
}

/** A connection line written as the formatter writes it, at the line's own indentation. */
export function connectionCode(lists: readonly (readonly string[])[], arrows: readonly string[], tail: string): string {
  let code = lists[0]!.join(', ');
  for (let k = 0; k < arrows.length; k++) code += ` ${arrows[k]} ${lists[k + 1]!.join(', ')}`;
  return formatLine(tail ? `${code} ${tail}` : code);
}

function leading(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

/** Replaces a line's code, keeping its indentation and trailing comment. */
export function rewriteCode(editor: LineEditor, line: number, code: string): void {
  const comment = editor.doc.tokens(line).comment;
  editor.replace(line, leading(editor.line(line)) + code + (comment ? ` ${comment.text.trimEnd()}` : ''));
}

/** Removes a statement's line; a trailing comment stays, on a line of its own. */
export function removeStatementLine(editor: LineEditor, line: number): void {
  const comment = editor.doc.tokens(line).comment;
  if (comment) editor.replace(line, leading(editor.line(line)) + comment.text.trimEnd());
  else editor.remove(line);
}

/**
 * Takes ids out of every connection statement that names them (not on `skip` lines): a list
 * loses the id, and a chain whose list empties splits there, each part with two ends or more
 * kept with the statement's label and attributes.
 */
export function removeIdsFromConnections(editor: LineEditor, ids: ReadonlySet<string>, skip: (line: number) => boolean = () => false): void {
  const doc = editor.doc;
  const lines = new Set(doc.model.connections.filter((c) => ids.has(c.source) || ids.has(c.target)).map((c) => c.range.line - 1));
  for (const line of [...lines].sort((a, b) => a - b)) {
    if (skip(line) || editor.isRemoved(line)) continue;
    const st = readConnection(doc, line);
    if (!st) continue;
    const pieces: { lists: string[][]; arrows: string[] }[] = [];
    let cur: { lists: string[][]; arrows: string[] } = { lists: [], arrows: [] };
    st.lists.forEach((list, k) => {
      const kept = list.filter((t) => !ids.has(t.text)).map((t) => t.text);
      if (!kept.length) {
        pieces.push(cur);
        cur = { lists: [], arrows: [] };
        return;
      }
      if (cur.lists.length) cur.arrows.push(st.arrows[k - 1]!.text);
      cur.lists.push(kept);
    });
    pieces.push(cur);
    const whole = pieces.filter((p) => p.lists.length >= 2).map((p) => connectionCode(p.lists, p.arrows, st.tail));
    if (!whole.length) {
      removeStatementLine(editor, line);
      continue;
    }
    rewriteCode(editor, line, whole[0]!);
    const indent = leading(editor.line(line));
    editor.insertAfter(
      line,
      whole.slice(1).map((code) => indent + code),
    );
  }
}

/** Where a connection's ends are written in its statement: arrow index and the two tokens, in written order. */
function locate(st: ConnectionStatement, c: Connection): { k: number; left: Token; right: Token } | undefined {
  const at = (list: Token[], col: number) => list.find((t) => t.offset === col - 1);
  for (let k = 0; k < st.arrows.length; k++) {
    const l1 = at(st.lists[k]!, c.sourceRange.column);
    const r1 = at(st.lists[k + 1]!, c.targetRange.column);
    if (l1 && r1) return { k, left: l1, right: r1 };
    const l2 = at(st.lists[k]!, c.targetRange.column);
    const r2 = at(st.lists[k + 1]!, c.sourceRange.column);
    if (l2 && r2) return { k, left: l2, right: r2 };
  }
  return undefined;
}

/** One connection of a statement written on a line of its own (same arrow, label and attributes). */
export function singleConnectionCode(st: ConnectionStatement, c: Connection, replace?: { end: 'source' | 'target'; id: string }): string | undefined {
  const at = locate(st, c);
  if (!at) return undefined;
  let left = at.left.text;
  let right = at.right.text;
  if (replace) {
    const sourceIsLeft = at.left.offset === c.sourceRange.column - 1;
    const replaceLeft = (replace.end === 'source') === sourceIsLeft;
    if (replaceLeft) left = replace.id;
    else right = replace.id;
  }
  return connectionCode([[left], [right]], [st.arrows[at.k]!.text], st.tail);
}

/**
 * Removes single connections (by id) from their statements: a statement left with none goes;
 * a fan-out or fan-in loses the ids whose every connection went; anything else is written
 * out one connection per line.
 */
export function removeConnections(editor: LineEditor, connectionIds: ReadonlySet<string>): void {
  const doc = editor.doc;
  const byLine = new Map<number, Connection[]>();
  for (const c of doc.model.connections) byLine.set(c.range.line - 1, [...(byLine.get(c.range.line - 1) ?? []), c]);
  for (const [line, conns] of byLine) {
    const gone = conns.filter((c) => connectionIds.has(c.id));
    if (!gone.length || editor.isRemoved(line)) continue;
    const kept = conns.filter((c) => !connectionIds.has(c.id));
    if (!kept.length) {
      removeStatementLine(editor, line);
      continue;
    }
    const st = readConnection(doc, line);
    if (!st) continue;
    if (st.arrows.length === 1) {
      const keptTokens = (list: Token[]) => list.filter((t) => kept.some((c) => locate(st, c)?.left === t || locate(st, c)?.right === t));
      const left = keptTokens(st.lists[0]!);
      const right = keptTokens(st.lists[1]!);
      if (left.length * right.length === kept.length) {
        rewriteCode(editor, line, connectionCode([left.map((t) => t.text), right.map((t) => t.text)], [st.arrows[0]!.text], st.tail));
        continue;
      }
    }
    const codes = kept.map((c) => singleConnectionCode(st, c)).filter((x): x is string => x !== undefined);
    rewriteCode(editor, line, codes[0]!);
    editor.insertAfter(
      line,
      codes.slice(1).map((code) => leading(editor.line(line)) + code),
    );
  }
}

export { leading };
