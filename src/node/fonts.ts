import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { FONT_FILE_NAMES } from './fontNames';

export { DEFAULT_FONT_FAMILY, FONT_FILE_NAMES } from './fontNames';

let cached: string | undefined;

/**
 * The absolute `media/fonts` folder, found by walking up from this module's directory, so it
 * works from the sources (tsx), from `dist/` bundles and from an installed extension alike.
 * Throws when no ancestor holds the fonts (a broken install), naming where it looked.
 */
export function fontsDir(start: string = __dirname): string {
  if (cached && start === __dirname) return cached;
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'media', 'fonts');
    if (existsSync(join(candidate, FONT_FILE_NAMES[0]))) {
      if (start === __dirname) cached = candidate;
      return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`ArchFlow fonts not found: no media/fonts/${FONT_FILE_NAMES[0]} above ${start}`);
    dir = parent;
  }
}

/** Absolute paths of the shipped font files. */
export function fontFiles(start?: string): string[] {
  const dir = fontsDir(start);
  return FONT_FILE_NAMES.map((name) => join(dir, name));
}
