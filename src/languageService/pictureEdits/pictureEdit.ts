import type { TextEdit } from 'vscode-languageserver-types';
import { formatDiagram } from '../../core/language/index';
import type { Locale } from '../../core/model';
import { ENGLISH, type L10n } from '../l10n';
import { describeError, DiagramText } from './diagramText';
import { lineEdits } from './lineDiff';

export interface PictureEditOptions {
  /** For the keyword language of a file that has no keyword yet, and for messages. */
  locale?: Locale;
  l10n?: L10n;
}

/** What a gesture does to the text: the edits, the text after them, and the id it created (add). */
export type PictureEditResult = { ok: true; edits: TextEdit[]; text: string; newId?: string } | { ok: false; reason: string };

/** Thrown inside an edit to refuse it with a message for the user (caught by {@link runPictureEdit}). */
export class EditRefused extends Error {
  override readonly name = 'EditRefused';
}

export interface EditContext {
  l10n: L10n;
  locale: Locale;
  /** Parses a text with the same options (for edits made of several steps). */
  read(text: string): DiagramText;
}

/**
 * Why no gesture can edit this text now, or undefined when they all can: an edit is made
 * only on a text that parses, so that it never builds on a line the parser misread.
 */
export function pictureEditsUnavailable(text: string, options: PictureEditOptions = {}): string | undefined {
  const locale = options.locale ?? 'en';
  const error = new DiagramText(text, locale).firstError();
  return error && unavailableReason(error, options.l10n ?? ENGLISH, locale);
}

function unavailableReason(error: NonNullable<ReturnType<DiagramText['firstError']>>, l10n: L10n, locale: Locale): string {
  return l10n.t('The text has an error ({0}); fix it first: the picture edits only a text that parses.', describeError(error, locale));
}

/**
 * Runs one edit: refuses a text with errors, lets `edit` build the new text, and refuses a
 * result that would not parse. A text the formatter would leave as it is comes back the same
 * way (a new id may realign the `=` of its neighbours, as the formatter does). The edits are whole changed lines; every other line is untouched.
 */
export function runPictureEdit(text: string, options: PictureEditOptions, edit: (doc: DiagramText, ctx: EditContext) => string | { text: string; newId: string }): PictureEditResult {
  const l10n = options.l10n ?? ENGLISH;
  const locale = options.locale ?? 'en';
  const doc = new DiagramText(text, locale);
  const error = doc.firstError();
  if (error) return { ok: false, reason: unavailableReason(error, l10n, locale) };
  let out: { text: string; newId?: string };
  try {
    const r = edit(doc, { l10n, locale, read: (t) => new DiagramText(t, locale) });
    out = typeof r === 'string' ? { text: r } : r;
  } catch (e) {
    if (e instanceof EditRefused) return { ok: false, reason: e.message };
    throw e;
  }
  // A formatted file stays formatted: the `=` of a run of node lines realigns around a new, moved or deleted id.
  if (formatDiagram(text) === text) out.text = formatDiagram(out.text);
  const after = new DiagramText(out.text, locale);
  const broken = after.firstError();
  if (broken) return { ok: false, reason: l10n.t('This change would leave the text with an error ({0}), so it was not made.', describeError(broken, locale)) };
  return { ok: true, edits: lineEdits(text, out.text), text: out.text, ...(out.newId !== undefined ? { newId: out.newId } : {}) };
}
