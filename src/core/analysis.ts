import type { IconCatalog } from './icons/types';
import { parseDiagram } from './language';
import type { DiagramModel, Diagnostic } from './model';
import { diagramCounts, type DiagramCounts } from './summary';

/** A parsed text and what it adds up to. */
export interface Analysis {
  model: DiagramModel;
  /** In source order, errors and warnings mixed. */
  diagnostics: Diagnostic[];
  counts: DiagramCounts;
}

export interface AnalyzeOptions {
  /** When given, unknown icon ids become `unknown-icon` warnings with suggestions. */
  catalog?: Pick<IconCatalog, 'has' | 'suggest'>;
}

/**
 * Parses `text` (never throws on user text) and counts what it holds. Pure CPU work, and
 * free of the layout engine; the one function the CLI's `check`, the MCP `check_diagram`
 * tool and the editor's diagnostics share.
 */
export function analyzeText(text: string, options: AnalyzeOptions = {}): Analysis {
  const { model, diagnostics } = parseDiagram(text, options.catalog ? { icons: options.catalog } : {});
  return { model, diagnostics, counts: diagramCounts(model, diagnostics) };
}
