import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { draggableSegments, dragSegment, END_STUB, isOrthogonal, PORT_INSET, simplifyRoute, waypointsOf } from '../../src/core/routeDrag';

const pts = (...xy: Array<[number, number]>) => xy.map(([x, y]) => ({ x, y }));

// Two boxes side by side, left to right, and a Z-shaped route between them.
const source = { x: 0, y: 0, width: 100, height: 60 };
const target = { x: 300, y: 100, width: 100, height: 60 };
const zRoute = pts([100, 30], [200, 30], [200, 130], [300, 130]);

describe('routeDrag', () => {
  it('moves an inner segment perpendicular to itself, and its neighbours follow: still orthogonal', () => {
    const out = dragSegment(zRoute, 1, 37, source, target);
    assert.deepEqual(out, pts([100, 30], [237, 30], [237, 130], [300, 130]));
    assert.ok(isOrthogonal(out));
  });

  it('snaps the moved segment to whole pixels', () => {
    const out = dragSegment(pts([100, 30.4], [200.2, 30.4], [200.2, 130], [300, 130]), 1, 12.6, source, target);
    assert.deepEqual(out, pts([100, 30], [213, 30], [213, 130], [300, 130]));
    for (const p of out) assert.ok(Number.isInteger(p.x) && Number.isInteger(p.y), `${p.x}, ${p.y} whole`);
  });

  it('drops the bends a drag straightens out (repeated and collinear points)', () => {
    // A U: the middle segment moved back level with the ends leaves one straight line.
    const u = pts([100, 30], [150, 30], [150, 90], [250, 90], [250, 30], [300, 30]);
    const wide = { x: 300, y: 0, width: 100, height: 60 };
    const out = dragSegment(u, 2, -60, source, wide);
    assert.deepEqual(out, pts([100, 30], [300, 30]));
    assert.deepEqual(simplifyRoute(pts([0, 0], [0, 0], [10, 0], [20, 0], [20, 5])), pts([0, 0], [20, 0], [20, 5]));
  });

  it('an end segment slides its port along the side of its box, never past its corners', () => {
    // The first segment of the Z, dragged down: its end on the source moves along the source's right side.
    assert.deepEqual(dragSegment(zRoute, 0, 10, source, target), pts([100, 40], [200, 40], [200, 130], [300, 130]));
    assert.deepEqual(dragSegment(zRoute, 0, 500, source, target)[0], { x: 100, y: source.y + source.height - PORT_INSET });
    assert.deepEqual(dragSegment(zRoute, 0, -500, source, target)[0], { x: 100, y: source.y + PORT_INSET });
    // The last segment stays on the target's left side.
    assert.deepEqual(dragSegment(zRoute, 2, -500, source, target).at(-1), { x: 300, y: target.y + PORT_INSET });
  });

  it('a straight connection moves its line across both boxes, within the side they share', () => {
    const a = { x: 0, y: 0, width: 100, height: 60 };
    const b = { x: 300, y: 20, width: 100, height: 80 };
    const straight = pts([100, 40], [300, 40]);
    assert.deepEqual(dragSegment(straight, 0, 10, a, b), pts([100, 50], [300, 50]));
    // a reaches down to y 60, so the line stops PORT_INSET above it.
    assert.deepEqual(dragSegment(straight, 0, 100, a, b), pts([100, 60 - PORT_INSET], [300, 60 - PORT_INSET]));
  });

  it('an inner segment stops before the end segment beside it gets shorter than END_STUB', () => {
    const out = dragSegment(zRoute, 1, -1000, source, target);
    assert.deepEqual(out[1], { x: 100 + END_STUB, y: 30 });
    const back = dragSegment(zRoute, 1, 1000, source, target);
    assert.deepEqual(back[2], { x: 300 - END_STUB, y: 130 });
  });

  it('leaves the route as it was for a segment that is not horizontal or vertical, or out of range', () => {
    const slanted = pts([0, 0], [10, 10], [20, 10]);
    assert.deepEqual(dragSegment(slanted, 0, 5), slanted);
    assert.deepEqual(dragSegment(zRoute, 7, 5), zRoute);
    assert.deepEqual(draggableSegments(slanted), [1]);
    assert.deepEqual(draggableSegments(zRoute), [0, 1, 2]);
  });

  it('the waypoints of a shaped route are its bends; of a straight one, its middle', () => {
    assert.deepEqual(waypointsOf(pts([100, 30], [237.4, 30], [237.4, 130], [300, 130])), pts([237, 30], [237, 130]));
    assert.deepEqual(waypointsOf(pts([100, 50], [200, 50], [300, 50])), pts([200, 50]));
    assert.deepEqual(waypointsOf(pts([100, 51], [301, 51])), pts([201, 51]));
    assert.deepEqual(waypointsOf([]), []);
  });
});
