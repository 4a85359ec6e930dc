import type { AttributeName } from '../core/language/index';
import type { Shape } from '../core/model';
import type { IconData, Point } from '../core/scene';
import type { Move } from '../core/sceneMoves';

/** An element (node or group) by id, or a connection by its scene id (`c0`, `c1`…). */
export type PictureEditTarget = { element: string } | { connection: string };

/** A node or group from the preview's palette. */
export interface PaletteElement {
  kind: 'node' | 'group';
  label?: string;
  shape?: Shape;
  icon?: string;
  /** The group it was dropped in. */
  parent?: string;
}

/** What a gesture in the preview asks of the text: each becomes a small edit of the `.diagram` source. */
export type PictureGesture =
  | { kind: 'connect'; source: string; target: string }
  /** A connection dropped on empty space: a new element there (`at`, its centre in the drawing), connected from `source`. */
  | { kind: 'connectToNew'; source: string; element: PaletteElement; at?: Point }
  | { kind: 'reconnect'; connection: string; end: 'source' | 'target'; to: string }
  | { kind: 'rename'; target: PictureEditTarget; label: string }
  | { kind: 'delete'; elements: string[]; connections: string[]; groups?: 'keepMembers' | 'deleteMembers' }
  /** `at`: where it was dropped (its centre, in the drawing's coordinates), kept in the layout file. */
  | { kind: 'add'; element: PaletteElement; at?: Point }
  | { kind: 'restyle'; targets: PictureEditTarget[]; shape?: Shape; attribute?: AttributeName; value?: string }
  /** `moves`: where the boxes were dragged to (onto the group, or out of one), kept in the layout file. */
  | { kind: 'move'; elements: string[]; group?: string; moves?: Move[] };

/** Webview -> host: a gesture on the drawing of document version `version`. */
export interface PictureEditMessage {
  type: 'pictureEdit';
  uri: string;
  version: number;
  gesture: PictureGesture;
}

/** Host -> webview: a gesture was not written to the text, and why (the text is unchanged). */
export interface PictureEditRefusedMessage {
  type: 'pictureEditRefused';
  uri: string;
  reason: string;
}

/** Webview -> host: icons for the palette's search box (the host holds the catalog). */
export interface IconSearchMessage {
  type: 'iconSearch';
  uri: string;
  /** Echoed in the answer: only the newest request's answer is shown. */
  requestId: number;
  query: string;
}

/** Host -> webview: the icons for a search, best first (the ranking `search_icons` gives), with their pictures. */
export interface IconSearchResultMessage {
  type: 'iconSearchResult';
  uri: string;
  requestId: number;
  icons: { id: string; set: string; data: IconData | null }[];
}
