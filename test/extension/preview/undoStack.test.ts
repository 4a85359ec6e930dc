import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UndoStack } from '../../../src/extension/preview/undoStack';

describe('UndoStack', () => {
  it('undoes newest first and redoes in the order undone', () => {
    const s = new UndoStack<number>();
    s.push(1);
    s.push(2);
    assert.equal(s.undo(), 2);
    assert.equal(s.undo(), 1);
    assert.equal(s.undo(), undefined);
    assert.equal(s.canUndo, false);
    assert.equal(s.redo(), 1);
    assert.equal(s.redo(), 2);
    assert.equal(s.redo(), undefined);
  });

  it('a new step clears what could be redone', () => {
    const s = new UndoStack<string>();
    s.push('a');
    s.undo();
    assert.equal(s.canRedo, true);
    s.push('b');
    assert.equal(s.canRedo, false);
    assert.equal(s.undo(), 'b');
  });

  it('keeps only the newest steps past its limit', () => {
    const s = new UndoStack<number>(2);
    for (const n of [1, 2, 3]) s.push(n);
    assert.equal(s.undo(), 3);
    assert.equal(s.undo(), 2);
    assert.equal(s.undo(), undefined);
  });
});
