import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scene, SceneEdge, SceneNode, TextBlock } from '../../../src/core/scene';

export function loadScene(name: string): Scene {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'scenes', `${name}.json`), 'utf8')) as Scene;
}

/** A text block with a rough width (7 px per character), enough for renderer tests. */
export function textBlock(text: string, fontSize = 14, fontWeight: 400 | 600 = 600): TextBlock {
  const lines = text.split('\n');
  const lineHeight = fontSize * 1.35;
  return { lines, fontSize, fontWeight, width: Math.max(...lines.map((l) => l.length * 7)), height: lines.length * lineHeight, lineHeight };
}

export function makeNode(id: string, x: number, y: number, extra: Partial<SceneNode> = {}): SceneNode {
  const label = extra.label ?? textBlock(id);
  const width = extra.width ?? 140;
  const height = extra.height ?? 60;
  return {
    id,
    shape: 'rectangle',
    size: 'medium',
    x,
    y,
    width,
    height,
    label,
    labelPosition: { x: x + (width - label.width) / 2, y: y + (height - label.height) / 2 },
    line: 1,
    ...extra,
  };
}

export function makeEdge(id: string, source: string, target: string, points: { x: number; y: number }[], extra: Partial<SceneEdge> = {}): SceneEdge {
  return { id, source, target, points, heads: 'end', anim: 'none', speed: 1.5, style: 'solid', line: 1, ...extra };
}

export function makeScene(extra: Partial<Scene> = {}): Scene {
  return { direction: 'LR', theme: 'light', width: 600, height: 300, groups: [], nodes: [], edges: [], icons: {}, ...extra };
}

/** Every `id="…"` value in document order. */
export function idsOf(svg: string): string[] {
  return [...svg.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!);
}

/** Every `#id` the document points at (`url(#…)`, `href="#…"`). */
export function referencesOf(svg: string): string[] {
  return [...svg.matchAll(/url\(#([^)]+)\)/g), ...svg.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
}
