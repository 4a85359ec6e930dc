import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ELLIPSIS, isLabelTooLong, labelLength, labelTooltip, MAX_LABEL_LENGTH, shortenLabel } from '../../src/core/labelLimit';

test('labelLength counts code points: an emoji or a CJK character is one character', () => {
  assert.equal(labelLength(''), 0);
  assert.equal(labelLength('abc'), 3);
  assert.equal(labelLength('😀😀'), 2);
  assert.equal(labelLength('数据库'), 3);
  assert.equal(labelLength('a\nb'), 3);
  // A lone surrogate is still one character.
  assert.equal(labelLength('\ud83d'), 1);
});

test('a label up to the limit is drawn as written', () => {
  for (const text of ['', 'API', 'x'.repeat(MAX_LABEL_LENGTH), '😀'.repeat(MAX_LABEL_LENGTH)]) {
    assert.equal(isLabelTooLong(text), false);
    assert.equal(shortenLabel(text), text);
    assert.equal(labelTooltip(text, undefined), undefined);
    assert.equal(labelTooltip(text, 'own tip'), 'own tip');
  }
});

test('a longer label is cut to the limit, ending in an ellipsis', () => {
  const long = 'x'.repeat(200_000);
  const short = shortenLabel(long);
  assert.equal(labelLength(short), MAX_LABEL_LENGTH);
  assert.ok(short.endsWith(ELLIPSIS));
  assert.ok(long.startsWith(short.slice(0, -1)));
});

test('the cut never splits a surrogate pair and drops the spaces before the ellipsis', () => {
  const emoji = shortenLabel('😀'.repeat(MAX_LABEL_LENGTH + 1));
  assert.equal(emoji, '😀'.repeat(MAX_LABEL_LENGTH - 1) + ELLIPSIS);
  const spaced = shortenLabel('x'.repeat(MAX_LABEL_LENGTH - 3) + '     tail');
  assert.equal(spaced, 'x'.repeat(MAX_LABEL_LENGTH - 3) + ELLIPSIS);
});

test('the tooltip of a shortened label holds the whole label, then the own tooltip', () => {
  const long = 'y'.repeat(MAX_LABEL_LENGTH + 1);
  assert.equal(labelTooltip(long, undefined), long);
  assert.equal(labelTooltip(long, ''), long);
  assert.equal(labelTooltip(long, 'see the runbook'), `${long}\n\nsee the runbook`);
});
