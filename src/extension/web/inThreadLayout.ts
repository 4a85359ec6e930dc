import { layoutWithKept } from '../../core/layout/index';
import type { CandidateChoice } from '../../core/layout/candidates';
import type { DiagramLayout } from '../../core/layout/layoutFile';
import type { DiagramModel } from '../../core/model';
import type { IconData, Scene } from '../../core/scene';
import type { LayoutEngine } from '../documents/diagramService';

/**
 * Loads elkjs without letting it take the thread's `onmessage`: its bundled build's engine,
 * evaluated where there is `self` but no `document` (a web worker, which is what the web
 * extension host is), installs itself as that worker's message handler, and the extension
 * host's messages would go to ELK. That inner module is evaluated once, on the first `new ELK()`,
 * so one engine made here, and put back at once, spares the one `layoutDiagram` makes later.
 */
export async function loadElkQuietly(): Promise<void> {
  const scope = globalThis as { onmessage?: unknown };
  const before = scope.onmessage;
  try {
    const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
    new ELK();
  } finally {
    if ('onmessage' in scope) scope.onmessage = before;
  }
}

/**
 * A {@link LayoutEngine} on the calling thread, for VS Code for the Web, where the extension
 * host may not start a worker (code-server's web worker host refuses `new Worker`). Layouts run
 * one at a time, newest request last, each started from a fresh task; ELK runs each candidate
 * layout in a task of its own, so the thread goes back to the editor between them and typing is
 * not held up for longer than one candidate. Gives `layoutWithKept`'s scene; after `dispose`,
 * `layout` rejects.
 */
export function createInThreadLayout(): LayoutEngine {
  let queue: Promise<unknown> = Promise.resolve();
  let elk: Promise<void> | undefined;
  let disposed = false;
  return {
    layout(model: DiagramModel, icons: Record<string, IconData | null>, _options?: undefined, limits: { kept?: DiagramLayout; candidates?: CandidateChoice } = {}): Promise<Scene> {
      const run = queue.then(async () => {
        if (disposed) throw new Error('the layout engine was disposed');
        await new Promise((resolve) => setTimeout(resolve, 0));
        await (elk ??= loadElkQuietly());
        return layoutWithKept(model, icons, limits.kept, limits.candidates ? { candidates: limits.candidates } : {});
      });
      queue = run.catch(() => undefined);
      return run;
    },
    dispose() {
      disposed = true;
    },
  };
}
