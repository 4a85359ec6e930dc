/**
 * `node --import tsx bench/routeReshape.ts [--size 300] [--drags 20] [--runs 3]`: a connection
 * reshaped in the preview (a segment between two bends dragged 20 px), as the host does it on
 * a generated architecture kept in its layout file: the lines of the file the reshape changes,
 * the time of the kept layout that draws it from the file (what the preview waits for after
 * the drop), whether the reshaped route is drawn exactly as let go, and how many other routes
 * moved.
 */
import { analyzeText } from '../src/core/analysis';
import { layoutDiagram } from '../src/core/layout';
import { keptLayout } from '../src/core/layout/keptLayout';
import { layoutFromScene, serializeLayoutFile } from '../src/core/layout/layoutFile';
import { dragSegment, layoutWithRoutes, simplifyRoute } from '../src/core/routeDrag';
import { architectureText } from './generateArchitecture';

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const size = Number(arg('--size') ?? 300);
const drags = Number(arg('--drags') ?? 20);
const runs = Number(arg('--runs') ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const same = (a: readonly { x: number; y: number }[], b: readonly { x: number; y: number }[]) => JSON.stringify(simplifyRoute(a)) === JSON.stringify(simplifyRoute(b));

async function main() {
  const { model } = analyzeText(architectureText(size, 1, 'LR'));
  const fresh = await layoutDiagram(model, {});
  // The drawing a user reshapes: the kept drawing of its own layout file.
  const shown = keptLayout(model, {}, layoutFromScene(fresh));
  const file = layoutFromScene(shown);
  const before = serializeLayoutFile({ kind: 'diagram', layout: file });
  const box = (id: string) => shown.nodes.find((n) => n.id === id) ?? shown.groups.find((g) => g.id === id);
  const candidates = shown.edges.filter((e) => e.points.length >= 4).slice(0, drags);
  const times: number[] = [];
  const lines: number[] = [];
  let exact = 0;
  let othersMoved = 0;
  for (const edge of candidates) {
    const route = dragSegment(edge.points, 1, 20, box(edge.source), box(edge.target));
    const layout = layoutWithRoutes(shown, file, [{ connection: edge.id, route }]);
    const after = serializeLayoutFile({ kind: 'diagram', layout });
    // One element per line, keys sorted: a line added, removed or changed is a line one side lacks.
    const a = new Set(before.split('\n').map((l) => l.replace(/,$/, '')));
    const b = new Set(after.split('\n').map((l) => l.replace(/,$/, '')));
    lines.push([...b].filter((l) => !a.has(l)).length + [...a].filter((l) => !b.has(l)).length);
    let drawn = shown;
    const t: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      drawn = keptLayout(model, {}, layout);
      t.push(performance.now() - start);
    }
    times.push(median(t));
    const index = shown.edges.indexOf(edge);
    if (same(drawn.edges[index]!.points, route)) exact++;
    othersMoved += drawn.edges.filter((e, k) => k !== index && !same(e.points, shown.edges[k]!.points)).length;
  }
  const n = candidates.length;
  console.log(`arch-${size}: ${shown.nodes.length} nodes, ${shown.edges.length} connections; ${n} reshaped one at a time (segment 1 dragged 20 px)`);
  console.log(`  kept layout from the file after the drop: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (median of ${runs} runs each)`);
  console.log(`  layout file lines changed: median ${median(lines)}, max ${Math.max(...lines)}`);
  console.log(`  reshaped route drawn exactly as let go: ${exact} of ${n}; other routes moved: ${othersMoved} in all`);
}

void main();
