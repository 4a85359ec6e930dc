/**
 * The service's user-visible strings go through `l10n.t(message, ...args)`, the shape of
 * VS Code's `vscode.l10n`: the extension passes `vscode.l10n` itself (its pt-BR bundle,
 * `l10n/bundle.l10n.pt-br.json`, holds these strings too), the language server a
 * {@link bundleL10n} over the same bundle. `{0}`, `{1}`… are replaced by the arguments.
 */
export interface L10n {
  t(message: string, ...args: Array<string | number | boolean>): string;
}

function fill(template: string, args: ReadonlyArray<string | number | boolean>): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : m));
}

/** English as written in the source. */
export const ENGLISH: L10n = { t: (message, ...args) => fill(message, args) };

/** Translations from a bundle (English message -> translation); untranslated messages stay English. */
export function bundleL10n(bundle: Readonly<Record<string, string>>): L10n {
  return { t: (message, ...args) => fill(bundle[message] ?? message, args) };
}
