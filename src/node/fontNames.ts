// Free of Node APIs: the web extension reads these fonts through vscode.workspace.fs.

/** The font files shipped in `media/fonts`, regular first. */
export const FONT_FILE_NAMES = ['Inter-Regular.ttf', 'Inter-SemiBold.ttf'] as const;

/** The family every label asks for first and the one resvg falls back to. */
export const DEFAULT_FONT_FAMILY = 'Inter';
