import type { Position } from 'vscode-languageserver-types';
import type { DiagramModel, ElementDecl, Range } from '../core/model';
import { rangeContains } from './ranges';

/** An id written in the document: where an element is declared or a connection names it. */
export interface IdOccurrence {
  id: string;
  range: Range;
  kind: 'declaration' | 'reference';
}

function key(r: Range): string {
  return `${r.line}:${r.column}:${r.endLine}:${r.endColumn}`;
}

/**
 * Every place an id is written, each source range once (a chain `a -> b -> c` names `b`
 * once although two connections share it), declarations first, then references in
 * source order. Implicit nodes have no declaration.
 */
export function allOccurrences(model: DiagramModel): IdOccurrence[] {
  const seen = new Set<string>();
  const out: IdOccurrence[] = [];
  const add = (id: string, range: Range, kind: IdOccurrence['kind']) => {
    const k = key(range);
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ id, range, kind });
  };
  for (const e of model.elements) if (!(e.kind === 'node' && e.implicit)) add(e.id, e.idRange, 'declaration');
  for (const c of model.connections) {
    add(c.source, c.sourceRange, 'reference');
    add(c.target, c.targetRange, 'reference');
  }
  return out;
}

/** Occurrences of one id (see {@link allOccurrences}). */
export function occurrencesOf(model: DiagramModel, id: string): IdOccurrence[] {
  return allOccurrences(model).filter((o) => o.id === id);
}

/** The id occurrence under a cursor position, if any. */
export function occurrenceAt(model: DiagramModel, position: Position): IdOccurrence | undefined {
  return allOccurrences(model).find((o) => rangeContains(o.range, position));
}

/** The element declared with `id`, if the model has it. */
export function elementById(model: DiagramModel, id: string): ElementDecl | undefined {
  return model.elements.find((e) => e.id === id);
}

/**
 * Where to put the cursor for an element: its id where it is declared, or, for a node that
 * only appears in connections, its first mention. Undefined when the model has no such id.
 */
export function elementTarget(model: DiagramModel, id: string): Range | undefined {
  const element = elementById(model, id);
  return element && !(element.kind === 'node' && element.implicit) ? element.idRange : occurrencesOf(model, id)[0]?.range;
}

/**
 * The innermost element whose statement spans the position's line (a node's line, or a
 * group from its header to its `}`), for highlighting the preview from the cursor.
 */
export function elementAtLine(model: DiagramModel, line0: number): ElementDecl | undefined {
  const line = line0 + 1;
  let best: ElementDecl | undefined;
  for (const e of model.elements) {
    if (e.kind === 'node' && e.implicit) continue;
    if (line < e.range.line || line > e.range.endLine) continue;
    if (!best || e.range.endLine - e.range.line <= best.range.endLine - best.range.line) best = e;
  }
  return best;
}

/** Ids of the connections written on a 0-based line (a chain or list gives several). */
export function connectionsAtLine(model: DiagramModel, line0: number): string[] {
  const line = line0 + 1;
  return model.connections.filter((c) => line >= c.range.line && line <= c.range.endLine).map((c) => c.id);
}
