import * as z from 'zod/mini';

/**
 * Text a participant writes that others read (a name on the leaderboard, a habit, a reflection
 * a coach reads): it must be well-formed Unicode, and it must show what it says. Control
 * characters and bidirectional overrides can make a name render as a lookalike of another one,
 * and a name of only invisible characters shows as nothing.
 */

export const visibleTextMessages = {
  malformed: 'Il testo contiene caratteri non validi',
  control: 'Il testo contiene caratteri di controllo non ammessi',
  bidi: 'Il testo contiene caratteri che ne cambiano la direzione di lettura: non sono ammessi',
  invisible: 'Il testo deve contenere almeno una lettera o un numero visibile',
} as const;

export type VisibleTextProblem = keyof typeof visibleTextMessages;

export interface VisibleTextOptions {
  /** Line breaks and tabs allowed (a reflection). */
  multiline?: boolean;
  /** Nothing visible allowed (a planner slot not filled in yet). */
  allowBlank?: boolean;
}

/** A lone UTF-16 surrogate: no character at all (and Firestore and Auth refuse it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a lone surrogate (what String.prototype.isWellFormed refuses). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
/** C0 and C1 controls (NUL included); a line break or tab only where the text may span lines. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** Embeddings, overrides and isolates (LRE…RLO, LRI…PDI): they reorder what follows them. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Letters, digits, punctuation or symbols: something a reader sees. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Characters that render as nothing although some count as letters (zero-width, Hangul fillers, the blank Braille pattern). */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** What is wrong with `text` for display to others, or null when it is fine. */
export function visibleTextProblem(text: string, options: VisibleTextOptions = {}): VisibleTextProblem | null {
  if (hasLoneSurrogate(text)) return 'malformed';
  if (CONTROL.test(text) || (!options.multiline && LINE_BREAK_OR_TAB.test(text))) return 'control';
  if (BIDI_CONTROL.test(text)) return 'bidi';
  if (!options.allowBlank && text.length > 0 && !VISIBLE.test(text.replace(BLANK, ''))) return 'invisible';
  return null;
}

/** The text as stored: composed (NFC), so that two spellings of "è" compare equal. */
export function normaliseVisibleText(text: string): string {
  return text.normalize('NFC');
}

/** The zod checks for such a text (after trimming): composed, and refused with an Italian message when it does not show what it says. */
export function visibleText(options: VisibleTextOptions = {}) {
  return [
    z.overwrite(normaliseVisibleText),
    z.superRefine((text: string, ctx) => {
      const problem = visibleTextProblem(text, options);
      if (problem) ctx.addIssue({ code: 'custom', message: visibleTextMessages[problem], input: text });
    }),
  ] as const;
}
