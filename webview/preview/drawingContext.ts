import { createContext, useContext } from 'react';
import { THEMES, type Palette } from '../../src/core/render/index';

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
  /** Move the editor to a 1-based line (clicked edge labels). */
  revealLine(line: number): void;
}

export const DrawingContext = createContext<Drawing>({
  palette: THEMES.light,
  highContrast: false,
  canvasText: THEMES.light.node.text,
  canvas: THEMES.light.canvas,
  animate: false,
  labelZ: 10,
  revealLine: () => undefined,
});

export function useDrawing(): Drawing {
  return useContext(DrawingContext);
}
