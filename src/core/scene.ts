/**
 * A laid-out diagram: absolute geometry that both renderers (the standalone SVG and the
 * React Flow preview) draw without further computation, so that what the preview shows
 * and what is exported can never disagree.
 *
 * Coordinates are in CSS pixels, origin top-left, already including the outer margin;
 * every element's x/y is absolute (not relative to its group). Plain JSON data.
 */
import type { Animation, ArrowHeads, Direction, LineStyle, Shape, Size, ThemeSetting } from './model';

export interface Point {
  x: number;
  y: number;
}

/** A label broken into lines, each measured with the shipped font metrics. */
export interface TextBlock {
  lines: string[];
  /** Font size in px. */
  fontSize: number;
  fontWeight: 400 | 600;
  /** Width of the widest line and total height (lines × line height), in px. */
  width: number;
  height: number;
  lineHeight: number;
}

/** An icon's SVG body as Iconify gives it, ready to be wrapped in `<symbol>`. */
export interface IconData {
  body: string;
  width: number;
  height: number;
}

/** What a node and a group share: a box with its label, maybe an icon and a link, inside its parent group. */
export interface SceneElement {
  id: string;
  /** The element's `size`; already applied to `label`, `labelPosition` and `iconBox`. */
  size: Size;
  x: number;
  y: number;
  width: number;
  height: number;
  label: TextBlock;
  /** Top-left of the label's block, absolute. */
  labelPosition: Point;
  icon?: string;
  /** Icon box, absolute (present whenever `icon` is). */
  iconBox?: { x: number; y: number; size: number };
  color?: string;
  fill?: string;
  /** The `tooltip` attribute; led by the whole label when the drawn one is shortened. */
  tooltip?: string;
  link?: string;
  parent?: string;
  /** 1-based source line of the declaration (0 for implicit nodes). */
  line: number;
}

export interface SceneNode extends SceneElement {
  shape: Shape;
  implicit?: boolean;
}

export interface SceneGroup extends SceneElement {
  /** Nesting depth, 0 for top-level groups. Groups are listed parents first. */
  depth: number;
}

export interface SceneEdge {
  id: string;
  source: string;
  target: string;
  /** Orthogonal polyline from the source's border to the target's border. */
  points: Point[];
  heads: ArrowHeads;
  label?: TextBlock;
  /** Top-left of the label's background box, absolute. */
  labelPosition?: Point;
  /** The whole label, present only when the drawn one is shortened (see `MAX_LABEL_LENGTH`). */
  tooltip?: string;
  anim: Animation;
  /** Seconds per trip. */
  speed: number;
  style: LineStyle;
  color?: string;
  line: number;
}

export interface Scene {
  /** The whole title; renderers draw it shortened past `MAX_LABEL_LENGTH` (see `shortenLabel`). */
  title?: string;
  direction: Direction;
  theme: ThemeSetting;
  width: number;
  height: number;
  groups: SceneGroup[];
  nodes: SceneNode[];
  edges: SceneEdge[];
  /** Every icon the scene uses, by id; `null` for an id the catalog does not have. */
  icons: Record<string, IconData | null>;
}
