import { createContext, useContext } from 'react';
import type { ThemeSetting } from '../../src/core/model';
import type { Point, SceneEdge } from '../../src/core/scene';
import { THEMES, type Palette, type ThemeName } from '../../src/core/render/index';

/** What every node and edge needs to draw itself; changes only with the theme or settings. */
export interface Drawing {
  palette: Palette;
  /** A high-contrast theme is active (thicker, contrast-border outlines via CSS). */
  highContrast: boolean;
  /** Colour of text drawn straight on the canvas (text shapes, icon labels). */
  canvasText: string;
  /** Canvas colour (packet halos). */
  canvas: string;
  /** Play animations (setting on, reduced motion off). */
  animate: boolean;
  /** Z index of edge labels (above all nodes). */
  labelZ: number;
  /** A connection's label was clicked (the preview moves the editor to its line). */
  onEdgeLabelClick(edge: SceneEdge): void;
  /** A connection's label was right-clicked (the preview opens the connection's context menu; the label covers short edges). */
  onEdgeLabelContextMenu?(edgeId: string, at: { x: number; y: number }): void;
  /**
   * A selected connection's segment was dragged and let go: its new route (the preview keeps
   * it in the layout file). Without it (the MCP App) connections show no segment handles.
   */
  onRouteChange?(edgeId: string, route: Point[]): void;
  /** The drawing can be edited (the preview of a text that parses): handles start connections. */
  editable?: boolean;
}

export const DrawingContext = createContext<Drawing>({
  palette: THEMES.light,
  highContrast: false,
  canvasText: THEMES.light.node.text,
  canvas: THEMES.light.canvas,
  animate: false,
  labelZ: 10,
  onEdgeLabelClick: () => undefined,
});

export function useDrawing(): Drawing {
  return useContext(DrawingContext);
}

/** The palette a scene is drawn in: its own `theme` when it fixes one, else the surface's (dark or light). */
export function paletteNameFor(sceneTheme: ThemeSetting | undefined, surfaceIsDark: boolean): ThemeName {
  if (sceneTheme === 'light' || sceneTheme === 'dark') return sceneTheme;
  return surfaceIsDark ? 'dark' : 'light';
}
