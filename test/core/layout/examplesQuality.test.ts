import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDiagram } from '../../../src/core/language';
import { layoutDiagram } from '../../../src/core/layout';
import { measureLayout } from '../../../src/core/layout/metrics';

const dir = join(import.meta.dirname, '../../../examples');

// The quality gate of the bundled examples: what is wrong, not what is merely less pretty
// (crossings, bends and length are benchmark figures, see `npm run bench -- --only layout-quality`).
describe('layout quality gate on examples/*.diagram', () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.diagram')).sort()) {
    it(file, async () => {
      const { model } = parseDiagram(readFileSync(join(dir, file), 'utf8'));
      const m = measureLayout(await layoutDiagram(model, {}));
      assert.deepEqual(
        { boxOverlaps: m.boxOverlaps, edgeNode: m.edgeNode, labelNode: m.labelNode, labelLabel: m.labelLabel, labelEdge: m.labelEdge, edgeGroupTitle: m.edgeGroupTitle, wrapArounds: m.wrapArounds, cornerEnds: m.cornerEnds },
        { boxOverlaps: 0, edgeNode: 0, labelNode: 0, labelLabel: 0, labelEdge: 0, edgeGroupTitle: 0, wrapArounds: 0, cornerEnds: 0 },
      );
    });
  }
});
