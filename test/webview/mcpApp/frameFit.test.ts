import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TITLE_STYLE } from '../../../src/core/render/index';
import { CAPTION_BAND, fittedViewHeight, MAX_VIEW_HEIGHT, MIN_VIEW_HEIGHT } from '../../../webview/mcpApp/frameFit';
import { FIT_OPTIONS } from '../../../webview/diagram/components/DiagramFlow';

const grow = 1 + FIT_OPTIONS.padding;

test('a wide drawing asks for the height its aspect needs at the frame width, plus the caption band', () => {
  const scene = { width: 1200, height: 400 };
  const zoom = 900 / (grow * 1200);
  assert.equal(fittedViewHeight(scene, 900), Math.ceil(400 * zoom * grow + CAPTION_BAND));
  // Half the width, half the drawing height (the caption band stays).
  assert.ok(fittedViewHeight(scene, 450) < fittedViewHeight(scene, 900));
});

test('never below the least height, nor above the most or the host limit', () => {
  assert.equal(fittedViewHeight({ width: 900, height: 120 }, 290), MIN_VIEW_HEIGHT);
  assert.equal(fittedViewHeight({ width: 300, height: 2000 }, 900), MAX_VIEW_HEIGHT);
  assert.equal(fittedViewHeight({ width: 300, height: 2000 }, 900, 320), 320);
  assert.equal(fittedViewHeight({ width: 300, height: 2000 }, 900, 0), MAX_VIEW_HEIGHT, 'a limit of 0 is none');
});

test('a small drawing is not blown up past the largest fit zoom; a title adds its band', () => {
  const small = { width: 200, height: 100 };
  assert.equal(fittedViewHeight(small, 1000), Math.ceil(100 * FIT_OPTIONS.maxZoom * grow + CAPTION_BAND));
  assert.equal(fittedViewHeight({ ...small, title: 'Orders' }, 1000), Math.ceil((100 + TITLE_STYLE.band) * FIT_OPTIONS.maxZoom * grow + CAPTION_BAND));
});
