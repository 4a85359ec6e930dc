// Shared by the PNG tests: a decoder for the PNGs resvg writes and a few ways to look at them.
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import type { Scene } from '../../src/core/scene';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Image {
  width: number;
  height: number;
  /** RGBA, row-major. */
  pixels: Buffer;
}

export type Box = { x: number; y: number; width: number; height: number };

/** Decodes the 8-bit RGBA, non-interlaced PNGs resvg writes (enough to inspect pixels). */
export function decodePng(png: Buffer): Image {
  assert.ok(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, 'bit depth');
      assert.equal(body[9], 6, 'colour type RGBA');
      assert.equal(body[12], 0, 'not interlaced');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]!;
      pixels[y * stride + x] = (v + predictor) & 255;
    }
  }
  return { width, height, pixels };
}

/** Pixels in the box that differ from `rgb` by more than a little. */
export function inkIn(img: Image, box: Box, rgb: [number, number, number]): number {
  let count = 0;
  for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.height); y++) {
    for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.width); x++) {
      const i = (y * img.width + x) * 4;
      const d = Math.abs(img.pixels[i]! - rgb[0]) + Math.abs(img.pixels[i + 1]! - rgb[1]) + Math.abs(img.pixels[i + 2]! - rgb[2]);
      if (d > 60) count++;
    }
  }
  return count;
}

/** How far apart two images of the same size are, channel by channel (RGBA, 0-255). */
export function pixelDifference(a: Image, b: Image): { maxChannel: number; meanChannel: number; differingPixels: number } {
  assert.equal(a.width, b.width, 'same width');
  assert.equal(a.height, b.height, 'same height');
  let maxChannel = 0;
  let sum = 0;
  let differingPixels = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    let pixelMax = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs(a.pixels[i + c]! - b.pixels[i + c]!);
      sum += d;
      pixelMax = Math.max(pixelMax, d);
    }
    if (pixelMax > 0) differingPixels++;
    maxChannel = Math.max(maxChannel, pixelMax);
  }
  return { maxChannel, meanChannel: sum / a.pixels.length, differingPixels };
}

/** A 240×100 light scene holding one text node whose label box is `LABEL_BOX`. */
export function labelScene(lines: string[]): Scene {
  const label = { lines, fontSize: 20, fontWeight: 600 as const, width: 120, height: 27, lineHeight: 27 };
  return {
    direction: 'LR',
    theme: 'light',
    width: 240,
    height: 100,
    groups: [],
    nodes: [{ id: 't', shape: 'text', size: 'medium', x: 40, y: 30, width: 160, height: 40, label, labelPosition: { x: 60, y: 36 }, line: 1 }],
    edges: [],
    icons: {},
  };
}

export const LABEL_BOX: Box = { x: 60, y: 36, width: 120, height: 27 };

/** The light palette's canvas colour. */
export const LIGHT_CANVAS: [number, number, number] = [0xf8, 0xfa, 0xfc];
