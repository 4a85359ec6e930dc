import type { IconCatalog } from '../../core/icons';
import { formatDiagnosticLine, reportDiagnostic, type DiagnosticReport } from '../../core/language';
import type { Diagnostic, Locale } from '../../core/model';
import { analyzeText, type Analysis } from '../../node/diagramPipeline';
import type { AnalyzeFunction } from '../../node/analysisWorkerClient';
import { serverMessages, type ServerMessages } from '../serverMessages';
import { DEFAULT_MAX_TEXT_BYTES, type ToolOutcome } from './outcome';

/** The name a text without a file goes by in diagnostic lines. */
export const TEXT_FILE_NAME = 'diagrama';

export interface CheckDiagramInput {
  text: string;
}

export type { DiagnosticReport } from '../../core/language';

export interface CheckDiagramData {
  /** True when there is no error (warnings allowed). */
  valid: boolean;
  elements: number;
  connections: number;
  errors: number;
  warnings: number;
  diagnostics: DiagnosticReport[];
}

export interface CheckContext {
  locale: Locale;
  /** Enables `unknown-icon` warnings with suggestions. */
  catalog?: Pick<IconCatalog, 'has' | 'suggest'>;
  maxTextBytes?: number;
}

/**
 * `check_diagram`: every diagnostic of `text` as `diagrama:LINE:COL: severity: message`
 * (each followed by its suggested fixes) and a line of counts; `data` holds the same facts.
 * `isError` is true when there is at least one error, or when the text is over
 * `maxTextBytes` (then nothing is parsed). Never throws on user text.
 */
export function checkDiagram(input: CheckDiagramInput, context: CheckContext): ToolOutcome<CheckDiagramData> {
  const messages = serverMessages(context.locale);
  const tooLarge = textTooLarge(input.text, context.maxTextBytes, messages);
  if (tooLarge) return { isError: true, text: tooLarge };
  return checkOutcome(analyzeText(input.text, { catalog: context.catalog }), context.locale, messages);
}

/**
 * {@link checkDiagram} with the parsing done by `analyze` (an analysis worker's, which
 * checks icons against its own catalog), so the calling thread stays free meanwhile.
 * Rejects only when `analyze` does (the worker crashed or ran past its time limit).
 */
export async function checkDiagramWith(analyze: AnalyzeFunction, input: CheckDiagramInput, context: Omit<CheckContext, 'catalog'>): Promise<ToolOutcome<CheckDiagramData>> {
  const messages = serverMessages(context.locale);
  const tooLarge = textTooLarge(input.text, context.maxTextBytes, messages);
  if (tooLarge) return { isError: true, text: tooLarge };
  return checkOutcome(await analyze(input.text), context.locale, messages);
}

function checkOutcome(analysis: Pick<Analysis, 'diagnostics' | 'counts'>, locale: Locale, messages: ServerMessages): ToolOutcome<CheckDiagramData> {
  const data = checkData(analysis, locale);
  const lines = diagnosticLines(analysis.diagnostics, locale, messages);
  lines.push(messages.countsLine(data.elements, data.connections, data.errors, data.warnings));
  return { isError: !data.valid, text: lines.join('\n'), data };
}

/** The refusal for text over the limit, or undefined when it fits. */
export function textTooLarge(text: string, maxTextBytes: number | undefined, messages: ServerMessages): string | undefined {
  const limit = maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
  // Every UTF-16 unit is at least one UTF-8 byte: skip counting when the length settles it.
  if (text.length * 3 <= limit) return undefined;
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > limit ? messages.textTooLarge(bytes, limit) : undefined;
}

/** `diagrama:L:C: severity: message` per diagnostic, each followed by its suggested fixes. */
export function diagnosticLines(diagnostics: readonly Diagnostic[], locale: Locale, messages: ServerMessages): string[] {
  const lines: string[] = [];
  for (const d of diagnostics) {
    lines.push(formatDiagnosticLine(TEXT_FILE_NAME, d, locale));
    for (const s of d.suggestions) lines.push(messages.suggestion(s.text, `${s.range.line}:${s.range.column}-${s.range.endLine}:${s.range.endColumn}`));
  }
  return lines;
}

function checkData(analysis: Pick<Analysis, 'diagnostics' | 'counts'>, locale: Locale): CheckDiagramData {
  const { counts } = analysis;
  return {
    valid: counts.errors === 0,
    elements: counts.elements,
    connections: counts.connections,
    errors: counts.errors,
    warnings: counts.warnings,
    diagnostics: analysis.diagnostics.map((d) => reportDiagnostic(d, locale)),
  };
}
