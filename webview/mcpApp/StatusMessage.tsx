import type { ViewStrings } from './strings';
import type { ViewPhase } from './viewState';

/**
 * What the frame says while there is no drawing (or instead of it): a title and, where it
 * helps, the detail (the tool's own error text, the reason a drawing could not be read).
 * Nothing once drawn.
 */
export function StatusMessage({ phase, strings }: { phase: ViewPhase; strings: ViewStrings }) {
  const { title, detail, busy, problem } = describe(phase, strings);
  if (!title) return null;
  return (
    <div className={`af-status${problem ? ' af-status-problem' : ''}`} role={problem ? 'alert' : 'status'} aria-busy={busy}>
      <div className="af-status-box">
        {busy && <span className="af-spinner" aria-hidden="true" />}
        <div className="af-status-title">{title}</div>
        {detail && <div className="af-status-detail">{detail}</div>}
      </div>
    </div>
  );
}

function describe(phase: ViewPhase, s: ViewStrings): { title?: string; detail?: string; busy?: boolean; problem?: boolean } {
  switch (phase.kind) {
    case 'connecting':
      return { title: s.connecting, busy: true };
    case 'hostSilent':
      return { title: s.hostSilent, detail: s.hostSilentDetail, busy: true };
    case 'hostFailed':
      return { title: s.hostFailed, detail: phase.error, problem: true };
    case 'waiting':
      return { title: s.waiting, busy: true };
    case 'writing':
      return { title: s.writing(phase.lines), busy: true };
    case 'rendering':
      return { title: s.rendering(phase.output), busy: true };
    case 'failed':
      return { title: s.failed, detail: phase.message, problem: true };
    case 'unreadable':
      return phase.missing ? { title: s.missing, detail: s.missingDetail(phase.summary), problem: true } : { title: s.unreadable, detail: phase.error, problem: true };
    case 'notDrawn': {
      const { source, errors, problems } = phase.data;
      const lines = problems.map((p) => `${p.line}:${p.column} ${s.severity(p.severity)}: ${p.message}`);
      const listed = problems.filter((p) => p.severity === 'error').length;
      if (errors > listed) lines.push(s.moreErrors(errors - listed));
      return { title: s.notDrawn(source.display, source.version, errors), detail: lines.join('\n'), problem: true };
    }
    case 'cancelled':
      return { title: s.cancelled, detail: s.cancelledDetail(phase.reason), problem: true };
    case 'drawn':
      return {};
  }
}
