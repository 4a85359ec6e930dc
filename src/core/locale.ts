import type { Locale } from './model';

/** Every locale the messages exist in. */
export const LOCALES: readonly Locale[] = ['en', 'pt-BR'];

/**
 * Normalises a user-given locale (`pt-BR`, `pt_br`, `pt`, `en-US`…) to a supported one,
 * or `undefined` when it names neither language.
 */
export function parseLocale(value: string | undefined): Locale | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'pt' || v.startsWith('pt-') || v.startsWith('pt_')) return 'pt-BR';
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  return undefined;
}

/**
 * The locale of a process that was given none explicitly: Portuguese when `LC_ALL`
 * (which POSIX lets override everything) or else `LANG` starts with `pt`, else English.
 */
export function localeFromEnv(env: Record<string, string | undefined>): Locale {
  const v = env.LC_ALL || env.LANG || '';
  return v.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}
