import type { Box } from './geometry';

/** Cells per row in a cell's numeric key; scenes are far narrower than this many cells. */
const ROW = 1 << 20;

/**
 * Items filed under the square cells their boxes touch, so that "what is near this box" costs
 * the cells it covers rather than every item: the route straightening asks it for every
 * candidate route, on diagrams of a thousand connections.
 */
export class SpatialGrid<T> {
  private readonly cells = new Map<number, T[]>();

  constructor(private readonly cellSize = 128) {}

  insert(item: T, box: Box): void {
    this.forCells(box, (key) => {
      const list = this.cells.get(key);
      if (list) list.push(item);
      else this.cells.set(key, [item]);
    });
  }

  /** Removes `item` from the cells of `box`, which must be a box it was inserted with. */
  remove(item: T, box: Box): void {
    this.forCells(box, (key) => {
      const list = this.cells.get(key);
      const at = list ? list.indexOf(item) : -1;
      if (at >= 0) list!.splice(at, 1);
    });
  }

  /** Adds to `into` every item filed under a cell that `box` touches: a superset of the items whose boxes meet it. */
  query(box: Box, into: Set<T>): Set<T> {
    this.forCells(box, (key) => {
      const list = this.cells.get(key);
      if (list) for (const item of list) into.add(item);
    });
    return into;
  }

  private forCells(box: Box, visit: (key: number) => void): void {
    const x0 = Math.floor(box.x / this.cellSize);
    const x1 = Math.floor((box.x + box.width) / this.cellSize);
    const y0 = Math.floor(box.y / this.cellSize);
    const y1 = Math.floor((box.y + box.height) / this.cellSize);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) visit(x * ROW + y);
  }
}
