import * as vscode from 'vscode';
import type { ElementDecl } from '../../core/model';
import { shortenLabel } from '../../core/labelLimit';
import { formatDiagram, tokenize } from '../../core/language/index';
import { safeLink } from '../../core/render/index';
import type { DiagramService } from '../documents/diagramService';
import { toVsRange } from '../util/ranges';

/**
 * Outline, folding, formatting and links, each derived from the cached parse (or, for
 * links, the tokens of the `link=` attributes).
 */
export class StructureProvider
  implements vscode.DocumentSymbolProvider, vscode.FoldingRangeProvider, vscode.DocumentFormattingEditProvider, vscode.DocumentLinkProvider
{
  constructor(private readonly service: DiagramService) {}

  /** Groups nesting their nodes and groups, in source order; implicit nodes are left out. */
  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    const { model } = this.service.analyze(document);
    const byId = new Map(model.elements.map((e) => [e.id, e]));
    const build = (e: ElementDecl): vscode.DocumentSymbol | undefined => {
      if (e.kind === 'node' && e.implicit) return undefined;
      const detail = e.kind === 'group' ? vscode.l10n.t('group') : e.shape;
      const name = e.label && e.label !== e.id ? `${e.id} — ${shortenLabel(e.label).replace(/\n/g, ' ')}` : e.id;
      const range = toVsRange(e.range);
      const selection = toVsRange(e.idRange);
      const symbol = new vscode.DocumentSymbol(
        name,
        detail,
        e.kind === 'group' ? vscode.SymbolKind.Namespace : vscode.SymbolKind.Object,
        range.contains(selection) ? range : selection,
        selection,
      );
      if (e.kind === 'group') {
        symbol.children = e.children.map((id) => byId.get(id)).flatMap((c) => (c ? (build(c) ?? []) : []));
      }
      return symbol;
    };
    return model.roots.map((id) => byId.get(id)).flatMap((e) => (e ? (build(e) ?? []) : []));
  }

  /** Group bodies (the `}` line stays visible), runs of comment lines, and `# region` markers. */
  provideFoldingRanges(document: vscode.TextDocument): vscode.FoldingRange[] {
    const { model } = this.service.analyze(document);
    const out: vscode.FoldingRange[] = [];
    for (const e of model.elements) {
      if (e.kind !== 'group') continue;
      const start = e.range.line - 1;
      const last = e.range.endLine - 1;
      const closes = document.lineAt(Math.min(last, document.lineCount - 1)).text.trim().startsWith('}');
      const end = closes ? last - 1 : last;
      if (end > start) out.push(new vscode.FoldingRange(start, end));
    }
    let runStart = -1;
    const regions: number[] = [];
    for (let i = 0; i <= document.lineCount; i++) {
      const text = i < document.lineCount ? document.lineAt(i).text.trim() : '';
      const isComment = text.startsWith('#') || text.startsWith('//');
      if (/^(#|\/\/)\s*region\b/.test(text)) regions.push(i);
      else if (/^(#|\/\/)\s*endregion\b/.test(text) && regions.length) {
        out.push(new vscode.FoldingRange(regions.pop()!, i, vscode.FoldingRangeKind.Region));
        continue;
      }
      if (isComment && !/^(#|\/\/)\s*(end)?region\b/.test(text)) {
        if (runStart < 0) runStart = i;
      } else {
        if (runStart >= 0 && i - 1 > runStart) out.push(new vscode.FoldingRange(runStart, i - 1, vscode.FoldingRangeKind.Comment));
        runStart = -1;
      }
    }
    return out;
  }

  /** The core's canonical formatting, as one edit (none when the text is already formatted). */
  provideDocumentFormattingEdits(document: vscode.TextDocument): vscode.TextEdit[] {
    const text = document.getText();
    const formatted = formatDiagram(text);
    if (formatted === text) return [];
    const all = new vscode.Range(document.positionAt(0), document.positionAt(text.length));
    return [vscode.TextEdit.replace(all, formatted)];
  }

  /** `link="…"` values that are http, https or mailto links (the only ones the core accepts). */
  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const out: vscode.DocumentLink[] = [];
    for (let i = 0; i < document.lineCount; i++) {
      const text = document.lineAt(i).text;
      if (!/link\s*=/i.test(text)) continue;
      const tokens = tokenize(text);
      for (let t = 0; t + 2 < tokens.length; t++) {
        const [key, eq, value] = [tokens[t]!, tokens[t + 1]!, tokens[t + 2]!];
        if (key.kind !== 'word' || key.text.toLowerCase() !== 'link' || eq.kind !== 'equals' || value.kind !== 'string') continue;
        const href = safeLink(value.value);
        if (!href) continue;
        const start = value.range.column; // skip the opening quote (1-based column -> 0-based + 1)
        const end = value.terminated ? value.range.endColumn - 2 : value.range.endColumn - 1;
        const link = new vscode.DocumentLink(new vscode.Range(i, start, i, Math.max(start, end)), vscode.Uri.parse(href, true));
        link.tooltip = href;
        out.push(link);
      }
    }
    return out;
  }
}
