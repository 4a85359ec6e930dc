import { analyzeText, type Analysis, type AnalyzeOptions } from '../analysis';
import type { Diagnostic } from '../model';
import { extractDiagramFences, toMarkdownDiagnostic, unclosedFenceDiagnostic, type DiagramFence } from './fences';

/** One diagram fence and what its text adds up to. */
export interface FenceAnalysis {
  fence: DiagramFence;
  /** The parse of the fence's text; absent for a fence that is never closed (its text is not a diagram's). */
  analysis?: Analysis;
  /** Its problems, positioned in the Markdown file; an unclosed fence has exactly one. */
  diagnostics: Diagnostic[];
  errors: number;
}

/** Every diagram fence of a Markdown text, checked. */
export interface MarkdownAnalysis {
  fences: FenceAnalysis[];
  /** All fences' diagnostics in document order, positioned in the Markdown file. */
  diagnostics: Diagnostic[];
  errors: number;
}

export interface MarkdownAnalyzeOptions extends AnalyzeOptions {
  /** Parses one fence's text; default `analyzeText` (callers pass a cached one). */
  analyze?: (text: string) => Analysis;
}

/**
 * Finds the diagram fences of `markdown` and checks each as a `.diagram` text would be
 * checked, with positions mapped back to the Markdown file. A fence that is never closed
 * yields one `unclosed-fence` error instead of the diagnostics of everything after it.
 * Never throws on user text.
 */
export function analyzeMarkdown(markdown: string, options: MarkdownAnalyzeOptions = {}): MarkdownAnalysis {
  const analyze = options.analyze ?? ((text: string) => analyzeText(text, options.catalog ? { catalog: options.catalog } : {}));
  const fences = extractDiagramFences(markdown).map((fence): FenceAnalysis => {
    if (!fence.closed) return { fence, diagnostics: [unclosedFenceDiagnostic(fence)], errors: 1 };
    const analysis = analyze(fence.text);
    return { fence, analysis, diagnostics: analysis.diagnostics.map((d) => toMarkdownDiagnostic(fence, d)), errors: analysis.counts.errors };
  });
  return {
    fences,
    diagnostics: fences.flatMap((f) => f.diagnostics),
    errors: fences.reduce((n, f) => n + f.errors, 0),
  };
}

/** True when the 1-based Markdown `line` is one of the fence's lines (opening to closing fence). */
export function fenceContainsLine(fence: DiagramFence, line: number): boolean {
  return line >= fence.line && line <= fence.lastLine;
}
