// zod/mini, as validate.ts: tree-shakable, and what the MCP App bundles to check what a host hands it.
import * as z from 'zod/mini';
import { MAX_VIEW_PROBLEMS, type DiagramNotDrawn, type DiagramViewData, type DiagramViewMeta } from './mcpAppMessages';
import { ANIMATIONS, DIRECTIONS, LINE_STYLES, SHAPES, SIZES, THEMES } from '../core/language/vocabulary';
import type { Scene } from '../core/scene';

/** Bounds well past what the diagram server accepts (1 MB of text) and React Flow can draw. */
const MAX_ELEMENTS = 50_000;
const MAX_POINTS = 10_000;
const MAX_LINES = 200;
const MAX_TEXT = 4096;
const MAX_ID = 1024;
const MAX_ICON_BODY = 256 * 1024;

const finite = z.number().check(z.refine(Number.isFinite, 'must be finite'));
const size = z.number().check(z.refine(Number.isFinite, 'must be finite'), z.gte(0));
const positive = z.number().check(z.refine(Number.isFinite, 'must be finite'), z.gt(0));
const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID));
const text = z.string().check(z.maxLength(MAX_TEXT));
// A tooltip or title holds a label whole, however long (a drawn label is shortened): up to the
// size of a whole diagram's text (1 MiB).
const wholeText = z.string().check(z.maxLength(1024 * 1024));
const line = z.int().check(z.gte(0));
const color = z.optional(z.string().check(z.maxLength(128)));
const point = z.object({ x: finite, y: finite });
const iconBox = z.optional(z.object({ x: finite, y: finite, size }));

const values = <V extends string>(entries: readonly { value: V }[]) => entries.map((e) => e.value) as [V, ...V[]];

const textBlock = z.object({
  lines: z.array(text).check(z.maxLength(MAX_LINES)),
  fontSize: positive,
  fontWeight: z.union([z.literal(400), z.literal(600)]),
  width: size,
  height: size,
  lineHeight: positive,
});

/** What nodes and groups both have: a box, a label and an icon placed in it, and their attributes. */
const element = {
  id,
  size: z.enum(values(SIZES)),
  x: finite,
  y: finite,
  width: size,
  height: size,
  label: textBlock,
  labelPosition: point,
  icon: z.optional(id),
  iconBox,
  color,
  fill: color,
  tooltip: z.optional(wholeText),
  link: z.optional(text),
  parent: z.optional(id),
  line,
};

const node = z.object({ ...element, shape: z.enum(values(SHAPES)), implicit: z.optional(z.boolean()) });
const group = z.object({ ...element, depth: z.int().check(z.gte(0)) });

const edge = z.object({
  id,
  source: id,
  target: id,
  points: z.array(point).check(z.maxLength(MAX_POINTS)),
  heads: z.enum(['end', 'both', 'none']),
  label: z.optional(textBlock),
  labelPosition: z.optional(point),
  tooltip: z.optional(wholeText),
  anim: z.enum(values(ANIMATIONS)),
  speed: positive,
  style: z.enum(values(LINE_STYLES)),
  color,
  line,
});

const iconData = z.object({ body: z.string().check(z.maxLength(MAX_ICON_BODY)), width: positive, height: positive });

const scene = z
  .object({
    title: z.optional(wholeText),
    direction: z.enum(values(DIRECTIONS)),
    theme: z.enum(values(THEMES)),
    width: size,
    height: size,
    groups: z.array(group).check(z.maxLength(MAX_ELEMENTS)),
    nodes: z.array(node).check(z.maxLength(MAX_ELEMENTS)),
    edges: z.array(edge).check(z.maxLength(MAX_ELEMENTS)),
    icons: z.record(id, z.nullable(iconData)),
  })
  .check(
    // React Flow drops (and warns about) an edge whose end it does not know; ids must be unique.
    z.refine((s) => {
      const ids = new Set<string>();
      for (const e of [...s.groups, ...s.nodes]) {
        if (ids.has(e.id)) return false;
        ids.add(e.id);
      }
      return s.edges.every((e) => ids.has(e.source) && ids.has(e.target));
    }, 'element ids must be unique and every connection must join two of them'),
  );

const filePath = z.string().check(z.minLength(1), z.maxLength(8192));
const output = z.object({ path: filePath, display: z.string().check(z.maxLength(8192)), bytes: z.int().check(z.gte(0)) });
const source = z.object({ path: filePath, display: z.string().check(z.maxLength(8192)), version: z.int().check(z.gte(0)) });

const viewData = z
  .object({ scene, output: z.optional(output), source: z.optional(source) })
  .check(z.refine((v) => v.output !== undefined || v.source !== undefined, 'a drawing says where it lives: an output file or a source document'));

const problem = z.object({ severity: z.enum(['error', 'warning']), line: z.int().check(z.gte(1)), column: z.int().check(z.gte(1)), message: text });

const notDrawn = z.object({
  source,
  errors: z.int().check(z.gte(1)),
  problems: z.array(problem).check(z.maxLength(MAX_VIEW_PROBLEMS)),
});

// Fails to compile if the schemas and the core's types drift apart.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sceneMatchesType: Equals<z.infer<typeof scene>, Scene> = true;
const viewMatchesType: Equals<z.infer<typeof viewData>, DiagramViewData> = true;
const notDrawnMatchesType: Equals<z.infer<typeof notDrawn>, DiagramNotDrawn> = true;
void sceneMatchesType;
void viewMatchesType;
void notDrawnMatchesType;

export type DiagramViewOutcome = { ok: true; value: DiagramViewMeta } | { ok: false; error: string };

/**
 * Validates what a host handed the MCP App (`_meta["archflow/diagram"]` of a `render_diagram`,
 * `write_diagram` or `show_diagram` result): a drawing ({@link DiagramViewData}, with its output
 * file or source document), or the problems that kept a source from being drawn
 * ({@link DiagramNotDrawn}). Never throws: anything else (missing fields, wrong types,
 * non-finite numbers, unknown shapes or animations, connections to unknown elements, duplicate
 * ids, a drawing that says nowhere where it lives) comes back as `ok: false` with the path and
 * reason of the first problem, short enough to show to a person.
 */
export function parseDiagramView(value: unknown): DiagramViewOutcome {
  // Told apart by `errors`, which only a text that could not be drawn has: the reason given
  // is then about the shape the value meant to have, not a union's "no match".
  const undrawn = value !== null && typeof value === 'object' && 'errors' in value && !('scene' in value);
  const r = (undrawn ? notDrawn : viewData).safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(drawing)';
  return { ok: false, error: `${where}: ${issue?.message ?? 'invalid'}`.slice(0, 300) };
}
