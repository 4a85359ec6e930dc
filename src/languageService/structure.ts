import type { DocumentLink, DocumentSymbol, FoldingRange, TextEdit } from 'vscode-languageserver-types';
import { FoldingRangeKind, SymbolKind } from './lspConstants';
import { shortenLabel } from '../core/labelLimit';
import { formatDiagram, tokenize } from '../core/language/index';
import type { DiagramModel, ElementDecl } from '../core/model';
import { safeLink } from '../core/render/links';
import type { DiagramDocument } from './document';
import type { L10n } from './l10n';
import { toLspRange } from './ranges';

/** The outline: groups nesting their nodes and groups, in source order; implicit nodes are left out. */
export function documentSymbols(model: DiagramModel, l10n: L10n): DocumentSymbol[] {
  const byId = new Map(model.elements.map((e) => [e.id, e]));
  const build = (e: ElementDecl): DocumentSymbol | undefined => {
    if (e.kind === 'node' && e.implicit) return undefined;
    const detail = e.kind === 'group' ? l10n.t('group') : e.shape;
    const name = e.label && e.label !== e.id ? `${e.id} — ${shortenLabel(e.label).replace(/\n/g, ' ')}` : e.id;
    const whole = e.range;
    const id = e.idRange;
    const contains =
      (whole.line < id.line || (whole.line === id.line && whole.column <= id.column)) &&
      (whole.endLine > id.endLine || (whole.endLine === id.endLine && whole.endColumn >= id.endColumn));
    const symbol: DocumentSymbol = {
      name,
      detail,
      kind: e.kind === 'group' ? SymbolKind.Namespace : SymbolKind.Object,
      range: toLspRange(contains ? whole : id),
      selectionRange: toLspRange(id),
    };
    if (e.kind === 'group') symbol.children = e.children.map((c) => byId.get(c)).flatMap((c) => (c ? (build(c) ?? []) : []));
    return symbol;
  };
  return model.roots.map((id) => byId.get(id)).flatMap((e) => (e ? (build(e) ?? []) : []));
}

/** Group bodies (the `}` line stays visible), runs of comment lines, and `# region` … `# endregion` markers. */
export function foldingRanges(model: DiagramModel, document: DiagramDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  const lineCount = document.lineCount;
  for (const e of model.elements) {
    if (e.kind !== 'group') continue;
    const start = e.range.line - 1;
    const last = e.range.endLine - 1;
    const closes = document.lineText(Math.min(last, lineCount - 1)).trim().startsWith('}');
    const end = closes ? last - 1 : last;
    if (end > start) out.push({ startLine: start, endLine: end });
  }
  let runStart = -1;
  const regions: number[] = [];
  for (let i = 0; i <= lineCount; i++) {
    const text = i < lineCount ? document.lineText(i).trim() : '';
    const isComment = text.startsWith('#') || text.startsWith('//');
    if (/^(#|\/\/)\s*region\b/.test(text)) regions.push(i);
    else if (/^(#|\/\/)\s*endregion\b/.test(text) && regions.length) {
      out.push({ startLine: regions.pop()!, endLine: i, kind: FoldingRangeKind.Region });
      continue;
    }
    if (isComment && !/^(#|\/\/)\s*(end)?region\b/.test(text)) {
      if (runStart < 0) runStart = i;
    } else {
      if (runStart >= 0 && i - 1 > runStart) out.push({ startLine: runStart, endLine: i - 1, kind: FoldingRangeKind.Comment });
      runStart = -1;
    }
  }
  return out;
}

/** The core's canonical formatting as one edit over the whole text; none when it is already formatted. */
export function formattingEdits(document: DiagramDocument): TextEdit[] {
  const text = document.getText();
  const formatted = formatDiagram(text);
  if (formatted === text) return [];
  const lastLine = document.lineCount - 1;
  return [{ range: { start: { line: 0, character: 0 }, end: { line: lastLine, character: document.lineText(lastLine).length } }, newText: formatted }];
}

/** `link="…"` values that are http, https or mailto links (the only ones the core accepts), the quotes left out. */
export function documentLinks(document: DiagramDocument): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (let i = 0; i < document.lineCount; i++) {
    const text = document.lineText(i);
    if (!/link\s*=/i.test(text)) continue;
    const tokens = tokenize(text);
    for (let t = 0; t + 2 < tokens.length; t++) {
      const [key, eq, value] = [tokens[t]!, tokens[t + 1]!, tokens[t + 2]!];
      if (key.kind !== 'word' || key.text.toLowerCase() !== 'link' || eq.kind !== 'equals' || value.kind !== 'string') continue;
      const href = safeLink(value.value);
      if (!href) continue;
      const start = value.range.column; // skip the opening quote (1-based column -> 0-based + 1)
      const end = value.terminated ? value.range.endColumn - 2 : value.range.endColumn - 1;
      out.push({ range: { start: { line: i, character: start }, end: { line: i, character: Math.max(start, end) } }, target: href, tooltip: href });
    }
  }
  return out;
}
