import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportFileName, resolveExportTheme } from '../../../src/extension/export/exportTheme';

test('a fixed export theme wins; auto follows the diagram, then the editor', () => {
  for (const diagram of ['auto', 'light', 'dark'] as const) {
    for (const dark of [false, true]) {
      assert.equal(resolveExportTheme('light', diagram, dark), 'light');
      assert.equal(resolveExportTheme('dark', diagram, dark), 'dark');
    }
  }
  assert.equal(resolveExportTheme('auto', 'light', true), 'light');
  assert.equal(resolveExportTheme('auto', 'dark', false), 'dark');
  assert.equal(resolveExportTheme('auto', 'auto', true), 'dark');
  assert.equal(resolveExportTheme('auto', 'auto', false), 'light');
});

test('the proposed file name sits next to the source with the format extension', () => {
  assert.equal(exportFileName('/w/arch/shop.diagram', 'svg'), 'shop.svg');
  assert.equal(exportFileName('/w/shop.v2.diagram', 'png'), 'shop.v2.png');
  assert.equal(exportFileName('/w/.diagram', 'svg'), '.diagram.svg');
  assert.equal(exportFileName('/w/noext', 'png'), 'noext.png');
});
