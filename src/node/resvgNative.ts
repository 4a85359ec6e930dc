import { Resvg } from '@resvg/resvg-js';
import { DEFAULT_FONT_FAMILY, fontFiles } from './fonts';
import { fitToScale, type ResvgBackend } from './resvgBackend';

/**
 * The native `@resvg/resvg-js` (a per-platform binary). Importing this module throws when
 * no binary for this platform loads, e.g. from the platform-neutral `.vsix`, which ships
 * none: import it dynamically.
 */
export function createNativeResvg(): ResvgBackend {
  const font = { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: DEFAULT_FONT_FAMILY, sansSerifFamily: DEFAULT_FONT_FAMILY };
  return {
    name: 'native',
    render(svg, options) {
      return new Resvg(svg, { font, background: options.background, fitTo: fitToScale(options.scale), logLevel: 'off' }).render().asPng();
    },
  };
}
