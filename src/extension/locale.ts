import * as vscode from 'vscode';
import type { Locale } from '../core/model';
import { parseLocale } from '../core/locale';

/** The locale of diagnostics and vocabulary help: VS Code's display language, else English. */
export function displayLocale(): Locale {
  return parseLocale(vscode.env.language) ?? 'en';
}
