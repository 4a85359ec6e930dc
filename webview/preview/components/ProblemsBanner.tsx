import type { PreviewLayoutStatus, PreviewProblem } from '../../../src/protocol/index';

function format(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
}

const MAX_LISTED = 8;

/**
 * Shown while the text has errors (the drawing below is the last good one) or when the
 * host could not draw: each problem is a button that moves the editor to it.
 */
export function ProblemsBanner({
  problems,
  failure,
  hasDrawing,
  strings,
  onReveal,
  layoutProblem,
  onOpenLayoutProblem,
}: {
  problems: PreviewProblem[];
  failure?: string;
  hasDrawing: boolean;
  strings: Record<string, string>;
  onReveal(line: number, column: number): void;
  /** The layout file does not parse: the drawing ignores it. */
  layoutProblem?: NonNullable<PreviewLayoutStatus['problem']>;
  onOpenLayoutProblem?(line: number, column: number): void;
}) {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length === 0 && !failure && !layoutProblem) return null;
  return (
    <div className="af-banner" role="alert">
      {layoutProblem && (
        <button type="button" className="af-problem af-layout-problem" onClick={() => onOpenLayoutProblem?.(layoutProblem.line, layoutProblem.column)}>
          <span className="af-problem-pos">
            {layoutProblem.file}:{layoutProblem.line}:{layoutProblem.column}
          </span>
          <span className="af-problem-message">{format(strings.layoutProblem ?? '{0}', layoutProblem.message)}</span>
        </button>
      )}
      {failure && <div className="af-banner-title">{format(strings.failure ?? '{0}', failure)}</div>}
      {errors.length > 0 && <div className="af-banner-title">{hasDrawing ? strings.problemsTitle : strings.problemsTitleNoDrawing}</div>}
      <ul className="af-problems">
        {errors.slice(0, MAX_LISTED).map((p, i) => (
          <li key={`${p.line}:${p.column}:${i}`}>
            <button type="button" className="af-problem" title={format(strings.goToProblem ?? '{0}', p.line)} onClick={() => onReveal(p.line, p.column)}>
              <span className="af-problem-pos">
                {p.line}:{p.column}
              </span>
              <span className="af-problem-message">{p.message}</span>
            </button>
          </li>
        ))}
        {errors.length > MAX_LISTED && <li className="af-problem-more">+{errors.length - MAX_LISTED}</li>}
      </ul>
    </div>
  );
}

export { format };
