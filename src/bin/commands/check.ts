import { formatDiagnosticLine, reportDiagnostic, type DiagnosticReport } from '../../core/language';
import type { IconCatalog } from '../../core/icons/types';
import { localeFromEnv, parseLocale } from '../../core/locale';
import type { Diagnostic, DiagramModel, Locale } from '../../core/model';
import { analyzeMarkdown } from '../../core/markdown';
import { analyzeText } from '../../node/diagramPipeline';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { isMarkdownPath, readInputFile } from '../readInput';
import { layoutFileDiagnostics, markdownFenceNames, readLayoutBeside } from '../layoutFileBeside';

export const CHECK_USAGE = 'usage: archflow check [--json] [--locale en|pt-BR] FILE...   (FILE "-" reads stdin; .md files: every ```diagram fence)';

export const CHECK_HELP = `usage: archflow check [options] FILE...

Reports every problem of each file as FILE:LINE:COL: error|warning: message, without
drawing anything. FILE "-" reads standard input (named <stdin>); a Markdown file (.md)
is checked fence by fence, positions in the Markdown file.

Options:
  --json               one object per file: {file, elements, connections, diagnostics}
  --locale en|pt-BR    the messages' language (default: from LC_ALL, LC_MESSAGES, LANG)
  -h, --help           this help

Exit codes: 0 no errors (warnings allowed), 1 an error, 2 bad usage or an unreadable file.

Examples:
  archflow check shop.diagram
  archflow check --json diagrams/*.diagram README.md
  cat shop.diagram | archflow check --locale pt-BR -
`;

export interface CheckDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

/** One file's result in `check --json`, a stable shape other tools parse. */
export interface CheckFileReport {
  file: string;
  elements: number;
  connections: number;
  /** Markdown files only: how many diagram fences were checked. */
  diagrams?: number;
  diagnostics: DiagnosticReport[];
  /** The layout file beside it, when it has warnings: positions are in that file. */
  layoutFile?: { file: string; diagnostics: DiagnosticReport[] };
}

/** Resolves `--locale`, else the environment; a locale it does not know is a usage error. */
export function resolveCliLocale(flag: string | undefined, io: CliIo): Locale {
  if (flag === undefined) return localeFromEnv(io.env);
  const locale = parseLocale(flag);
  if (!locale) throw new UsageError(`unknown locale '${flag}'; use en or pt-BR`);
  return locale;
}

/**
 * `archflow check`: every diagnostic of every file, as `FILE:LINE:COL: severity: message`
 * lines or as JSON. A Markdown file (.md, .markdown) is checked fence by fence, positions in
 * the Markdown file. Exit 0 without errors (warnings allowed), 1 with one, 2 for usage or I/O.
 */
export async function runCheckCommand(args: string[], io: CliIo, deps: CheckDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', args, {
    json: { type: 'boolean' },
    locale: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(CHECK_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError(CHECK_USAGE);
  const locale = resolveCliLocale(values.locale, io);
  const catalog = await deps.getIconCatalog();

  const reports: CheckFileReport[] = [];
  let ioFailed = false;
  let anyError = false;
  for (const arg of positionals) {
    let file;
    try {
      file = await readInputFile(arg, io);
    } catch (err) {
      io.stderr(`archflow check: ${(err as Error).message}\n`);
      ioFailed = true;
      continue;
    }
    const checked: CheckedText & { model?: DiagramModel | Map<string, DiagramModel | undefined> } = isMarkdownPath(arg) ? checkMarkdown(file.name, file.text, catalog) : analyzeText(file.text, { catalog });
    const { diagnostics, counts, diagrams } = checked;
    if (counts.errors > 0) anyError = true;
    // Warnings only: a stale or broken layout file never fails the check.
    const beside = await readLayoutBeside(arg, io);
    const layoutWarnings = layoutFileDiagnostics(beside, checked.model);
    if (!values.json) {
      for (const d of diagnostics) io.stdout(formatDiagnosticLine(file.name, d, locale) + '\n');
      for (const d of layoutWarnings) io.stdout(formatDiagnosticLine(beside!.name, d, locale) + '\n');
      continue;
    }
    reports.push({
      file: file.name,
      elements: counts.elements,
      connections: counts.connections,
      ...(diagrams !== undefined ? { diagrams } : {}),
      diagnostics: diagnostics.map((d) => reportDiagnostic(d, locale)),
      ...(layoutWarnings.length ? { layoutFile: { file: beside!.name, diagnostics: layoutWarnings.map((d) => reportDiagnostic(d, locale)) } } : {}),
    });
  }
  if (values.json) io.stdout(JSON.stringify(reports, null, 2) + '\n');
  if (ioFailed) return EXIT_USAGE;
  return anyError ? EXIT_FAILURE : EXIT_OK;
}

interface CheckedText {
  diagnostics: Diagnostic[];
  counts: { errors: number; elements: number; connections: number };
  diagrams?: number;
}

// A Markdown file's fences add up like one file's statements; each fence's model, by its
// name, is what its entry in the layout file is checked against.
function checkMarkdown(name: string, text: string, catalog: IconCatalog): CheckedText & { model: Map<string, DiagramModel | undefined> } {
  const md = analyzeMarkdown(text, { catalog });
  const sum = (key: 'elements' | 'connections') => md.fences.reduce((n, f) => n + (f.analysis?.counts[key] ?? 0), 0);
  const names = markdownFenceNames(name, md.fences.map((f) => f.fence));
  const model = new Map(md.fences.map((f, i) => [names[i]!, f.analysis?.model]));
  return { diagnostics: md.diagnostics, counts: { errors: md.errors, elements: sum('elements'), connections: sum('connections') }, diagrams: md.fences.length, model };
}
