import { parseDiagram } from '../src/core/language';
import { layoutDiagram } from '../src/core/layout';
const kn = (n: number) => `${Array.from({ length: n }, (_, i) => `a${i}`).join(', ')} -> ${Array.from({ length: n }, (_, i) => `b${i}`).join(', ')}`;
const complete = (n: number) => Array.from({ length: n }, (_, i) => `a${i} -> ${Array.from({ length: n - i - 1 }, (_, j) => `a${i + j + 1}`).join(', ') || `a${i}x`}`).join('\n');
void (async () => {
  for (const [name, t] of [['k5', kn(5)], ['k8', kn(8)], ['k10', kn(10)], ['k12', kn(12)], ['k15', kn(15)], ['c15', complete(15)], ['c20', complete(20)]] as const) {
    const m = parseDiagram(t).model;
    const c0 = process.cpuUsage();
    await layoutDiagram(m, {});
    const c = process.cpuUsage(c0);
    console.log(name, m.elements.length, m.connections.length, ((c.user + c.system) / 1000).toFixed(0), 'ms cpu');
  }
})();
