import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UndoStack } from '../../../src/extension/preview/undoStack';

describe('UndoStack', () => {
  it('undoes newest first and redoes in the order undone', () => {
    const s = new UndoStack<number>();
    s.push(1);
    s.push(2);
    assert.deepEqual(s.undo(), [2]);
    assert.deepEqual(s.undo(), [1]);
    assert.equal(s.undo(), undefined);
    assert.equal(s.canUndo, false);
    assert.deepEqual(s.redo(), [1]);
    assert.deepEqual(s.redo(), [2]);
    assert.equal(s.redo(), undefined);
  });

  it('a new step clears what could be redone', () => {
    const s = new UndoStack<string>();
    s.push('a');
    s.undo();
    assert.equal(s.canRedo, true);
    s.push('b');
    assert.equal(s.canRedo, false);
    assert.deepEqual(s.undo(), ['b']);
  });

  it('keeps only the newest steps past its limit', () => {
    const s = new UndoStack<number>(2);
    for (const n of [1, 2, 3]) s.push(n);
    assert.deepEqual(s.undo(), [3]);
    assert.deepEqual(s.undo(), [2]);
    assert.equal(s.undo(), undefined);
  });

  it('a part joined to the newest step is undone with it, newest part first, and redone in order', () => {
    const s = new UndoStack<string>();
    s.push('move');
    const edit = s.push('text');
    s.join(edit, 'layout');
    assert.deepEqual(s.undo(), ['layout', 'text']);
    assert.deepEqual(s.undo(), ['move']);
    assert.deepEqual(s.redo(), ['move']);
    assert.deepEqual(s.redo(), ['text', 'layout']);
    assert.equal(s.canRedo, false);
  });

  it('a part joined to a step that is no longer the newest is a step of its own', () => {
    const s = new UndoStack<string>();
    const edit = s.push('text');
    s.push('move');
    s.join(edit, 'layout');
    assert.deepEqual(s.undo(), ['layout']);
    assert.deepEqual(s.undo(), ['move']);
    assert.deepEqual(s.undo(), ['text']);
  });

  it('a part joined after its step was undone does not bring the step back', () => {
    const s = new UndoStack<string>();
    const edit = s.push('text');
    s.undo();
    s.join(edit, 'layout');
    assert.equal(s.canRedo, false, 'a new action: nothing to redo');
    assert.deepEqual(s.undo(), ['layout']);
    assert.equal(s.canUndo, false);
  });
});
