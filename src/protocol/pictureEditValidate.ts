// The preview's gesture messages, validated like every message from a webview (see validate.ts).
import * as z from 'zod/mini';
import { ATTRIBUTES, SHAPES } from '../core/language/index';
import type { IconSearchMessage, PictureEditMessage } from './pictureEditMessages';

const MAX_URI = 8192;
const MAX_ID = 1024;
const MAX_LABEL = 4096;
const MAX_SELECTION = 10_000;

const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID));
const ids = z.array(id).check(z.maxLength(MAX_SELECTION));
const shape = z.enum(SHAPES.map((s) => s.value) as [Shape, ...Shape[]]);
const attribute = z.enum(ATTRIBUTES.map((a) => a.value) as [AttributeName, ...AttributeName[]]);
const target = z.union([z.strictObject({ element: id }), z.strictObject({ connection: id })]);
const label = z.string().check(z.maxLength(MAX_LABEL));
const coordinate = z.number().check(z.refine(Number.isFinite, 'must be finite'));
const point = z.strictObject({ x: coordinate, y: coordinate });
const moves = z.array(z.strictObject({ id, x: coordinate, y: coordinate })).check(z.maxLength(MAX_SELECTION));
const element = z.strictObject({
  kind: z.enum(['node', 'group']),
  label: z.optional(label),
  shape: z.optional(shape),
  icon: z.optional(id),
  parent: z.optional(id),
});

type Shape = (typeof SHAPES)[number]['value'];
type AttributeName = (typeof ATTRIBUTES)[number]['value'];

const gesture = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('connect'), source: id, target: id }),
  z.strictObject({ kind: z.literal('connectToNew'), source: id, element, at: z.optional(point) }),
  z.strictObject({ kind: z.literal('reconnect'), connection: id, end: z.enum(['source', 'target']), to: id }),
  z.strictObject({ kind: z.literal('rename'), target, label }),
  z.strictObject({ kind: z.literal('delete'), elements: ids, connections: ids, groups: z.optional(z.enum(['keepMembers', 'deleteMembers'])) }),
  z.strictObject({ kind: z.literal('add'), element, at: z.optional(point) }),
  z.strictObject({
    kind: z.literal('restyle'),
    targets: z.array(target).check(z.minLength(1), z.maxLength(MAX_SELECTION)),
    shape: z.optional(shape),
    attribute: z.optional(attribute),
    value: z.optional(label),
  }),
  z.strictObject({ kind: z.literal('move'), elements: ids, group: z.optional(id), moves: z.optional(moves) }),
]);

/** The schema of {@link PictureEditMessage}, one of the preview's messages. */
export const pictureEditSchema = z.strictObject({
  type: z.literal('pictureEdit'),
  uri: z.string().check(z.minLength(1), z.maxLength(MAX_URI)),
  version: z.int().check(z.gte(0)),
  gesture,
});

/** The schema of {@link IconSearchMessage}. */
export const iconSearchSchema = z.strictObject({
  type: z.literal('iconSearch'),
  uri: z.string().check(z.minLength(1), z.maxLength(MAX_URI)),
  requestId: z.int().check(z.gte(0)),
  query: z.string().check(z.maxLength(200)),
});

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaMatchesType: Equals<z.infer<typeof pictureEditSchema>, PictureEditMessage> = true;
void schemaMatchesType;
const searchMatchesType: Equals<z.infer<typeof iconSearchSchema>, IconSearchMessage> = true;
void searchMatchesType;
