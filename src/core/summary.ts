import type { DiagramModel, Diagnostic } from './model';

/** The figures every summary of a diagram reports (CLI, MCP tools, status bar). */
export interface DiagramCounts {
  /** Nodes and groups that are drawn, implicit nodes included. */
  elements: number;
  /** Connections after chains and lists are expanded. */
  connections: number;
  errors: number;
  warnings: number;
}

export function diagramCounts(model: DiagramModel, diagnostics: readonly Diagnostic[]): DiagramCounts {
  let errors = 0;
  for (const d of diagnostics) if (d.severity === 'error') errors++;
  return {
    elements: model.elements.length,
    connections: model.connections.length,
    errors,
    warnings: diagnostics.length - errors,
  };
}
