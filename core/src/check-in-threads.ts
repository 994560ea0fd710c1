import * as z from 'zod/mini';
import { isDocumentId } from './document-id';
import { textParam } from './query-params';
import { isoDateSchema } from './iso-date';
import { checkInPeriodSchema, moodSchema } from './tracker';
import { visibleText } from './visible-text';
import { MAX_CHECK_IN_PERIOD, isMonthlyPeriod, monthOfPeriod } from './maintenance';
import { voiceNoteIdSchema, voiceNoteSchema } from './voice-notes';

// A weekly check-in's thread: the coach's reply (or a mark that a coach read it), whether the
// participant has seen the reply, and the participant's one answer. Check-ins are written in the
// participant's tracker and synced; the thread lives on the server, keyed by participant and
// challenge week (a week's check-in is the first one sent and never changes), so editing or
// re-syncing the tracker never touches it.

export const MAX_REPLY = 1000;
export const MAX_ANSWER = 500;
export const MAX_TEMPLATES = 20;
export const MAX_TEMPLATE_TITLE = 60;

export const threadMessages = {
  replyRequired: 'Scrivi una risposta',
  replyTooLong: `La risposta può avere al massimo ${MAX_REPLY} caratteri`,
  answerRequired: 'Scrivi la tua risposta',
  answerTooLong: `La risposta può avere al massimo ${MAX_ANSWER} caratteri`,
  alreadyHandled: 'Questo check-in è già stato gestito da un altro coach',
  alreadyAnswered: 'Hai già risposto al tuo coach per questo check-in',
  noReplyYet: 'Il coach non ha ancora risposto a questo check-in',
  checkInNotFound: 'Check-in non trovato',
  templateTitleRequired: 'Dai un titolo al modello',
  templateTitleTooLong: `Il titolo può avere al massimo ${MAX_TEMPLATE_TITLE} caratteri`,
  tooManyTemplates: `Puoi salvare al massimo ${MAX_TEMPLATES} modelli`,
} as const;

const instantSchema = z.iso.datetime({ offset: true });

function textSchema(required: string, tooLong: string, max: number) {
  return z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), ...visibleText({ multiline: true }));
}

const replyTextSchema = textSchema(threadMessages.replyRequired, threadMessages.replyTooLong, MAX_REPLY);

/**
 * `POST /api/coach/check-ins/{checkInId}/reply`: a text, a voice note (recorded first, then named
 * here by id), or both; with a voice note the text may be empty.
 */
export const replyRequestSchema = z
  .object({
    text: z
      .string({ error: threadMessages.replyRequired })
      .check(z.trim(), z.maxLength(MAX_REPLY, threadMessages.replyTooLong), ...visibleText({ multiline: true, allowBlank: true })),
    voiceNoteId: z.optional(voiceNoteIdSchema),
  })
  .check(z.refine((reply) => reply.text !== '' || reply.voiceNoteId !== undefined, { error: threadMessages.replyRequired, path: ['text'] }));
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

/** `POST /api/me/check-ins/{week}/answer`: the participant's one answer to the reply. */
export const answerRequestSchema = z.object({ text: textSchema(threadMessages.answerRequired, threadMessages.answerTooLong, MAX_ANSWER) });
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

export const checkInParamMessages = {
  view: 'view deve essere "queue" o "recent"',
  week: `Il check-in deve essere di una settimana da 1 a 8 o di un mese di mantenimento (fino a ${MAX_CHECK_IN_PERIOD})`,
  cohortId: 'Coorte non valida',
  mood: 'mood deve essere "low", "mid" o "high"',
  threadIds: 'Scegli da 1 a 50 check-in',
} as const;

/** The queue's mood filter: 1–2, 3, or 4–5. */
export const moodBands = { low: [1, 2], mid: [3, 3], high: [4, 5] } as const;
export type MoodBand = keyof typeof moodBands;
const isMoodBand = (value: string): value is MoodBand => Object.hasOwn(moodBands, value);

/** `GET /api/coach/check-ins?view=queue|recent&cohortId=`: the coach's queue, of all their cohorts or one. */
export const checkInQueueQuerySchema = z.object({
  /** The queue (lowest mood first) unless `recent`. */
  view: textParam('queue' as const, (value) => (value === 'queue' || value === 'recent' ? value : undefined), checkInParamMessages.view),
  /** One of the coach's cohorts; null for all of them. */
  cohortId: textParam(null, (value) => (isDocumentId(value) ? value : undefined), checkInParamMessages.cohortId),
  /** Only moods of one band; null for all. */
  mood: textParam(null, (value) => (isMoodBand(value) ? value : undefined), checkInParamMessages.mood),
});
export type CheckInQueueQuery = z.output<typeof checkInQueueQuerySchema>;

/** `POST /api/coach/check-ins/read`: "Segna come letti" on several check-ins at once. */
export const markReadRequestSchema = z.object({
  threadIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(200)), { error: checkInParamMessages.threadIds })
    .check(z.minLength(1, checkInParamMessages.threadIds), z.maxLength(50, checkInParamMessages.threadIds)),
});
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;

/** Its answer: the check-ins marked read now, and those another coach had already handled. */
export const markReadAnswerSchema = z.object({ read: z.array(z.string()), alreadyHandled: z.array(z.string()) });
export type MarkReadAnswer = z.infer<typeof markReadAnswerSchema>;

/** `POST /api/me/check-ins/{week}/…`: the challenge week of the participant's own thread. */
export const ownCheckInParamsSchema = z.object({
  week: z.pipe(
    z.string({ error: checkInParamMessages.week }).check(z.refine(isCheckInPeriodText, checkInParamMessages.week)),
    z.transform(Number),
  ),
});

/** open: no coach has handled it; read: a coach marked it read without a reply; replied: a coach answered. */
export const threadStatusSchema = z.enum(['open', 'read', 'replied']);
export type ThreadStatus = z.infer<typeof threadStatusSchema>;

/** A coach's reply: its text (empty when it is a voice note alone) and its voice note, if any. */
export const coachReplySchema = z.object({ text: z.string(), coachName: z.string(), at: instantSchema, voiceNote: z.optional(voiceNoteSchema) });
export type CoachReply = z.infer<typeof coachReplySchema>;

export const participantAnswerSchema = z.object({ text: z.string(), at: instantSchema });
export type ParticipantAnswer = z.infer<typeof participantAnswerSchema>;

/** The participant's view of the thread of one of their check-ins. */
export const ownThreadSchema = z.object({
  weekNumber: checkInPeriodSchema,
  status: threadStatusSchema,
  /** The coach who replied or marked it read; null while open. */
  handledBy: z.nullable(z.string()),
  reply: z.nullable(coachReplySchema),
  /** When the participant opened the reply; null until then. */
  replySeenAt: z.nullable(instantSchema),
  answer: z.nullable(participantAnswerSchema),
  /** The voice note recorded with the check-in, as the server checked it. */
  voiceNote: z.optional(voiceNoteSchema),
});
export type OwnThread = z.infer<typeof ownThreadSchema>;

/** One mood of the participant's check-ins, for a card's trend. */
export const weekMoodSchema = z.object({ weekNumber: checkInPeriodSchema, mood: moodSchema });

/** A check-in as the coach reads it: the participant, the week, mood and trend, reflection, the week's figures and the thread. */
export const checkInCardSchema = z.object({
  /** checkInThreadId: what the coach's reply and read routes name. */
  id: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  userId: z.string(),
  name: z.string(),
  weekNumber: checkInPeriodSchema,
  mood: moodSchema,
  reflection: z.string(),
  /** The voice note recorded with the check-in. */
  voiceNote: z.optional(voiceNoteSchema),
  /** The day the participant wrote it, in their zone. */
  date: isoDateSchema,
  /** When the server first stored it. */
  receivedAt: instantSchema,
  /** Every check-in's mood up to this one, oldest first (this one last). */
  moods: z.array(weekMoodSchema),
  /** Share (0..100) of that week's habit-days ticked (days up to today), null without habits. */
  habitsPercent: z.nullable(z.int()),
  /** That week's planner: actions planned and done; null when no action was written. */
  planner: z.nullable(z.object({ planned: z.int(), completed: z.int() })),
  status: threadStatusSchema,
  handledBy: z.nullable(z.string()),
  handledAt: z.nullable(instantSchema),
  reply: z.nullable(coachReplySchema),
  replySeenAt: z.nullable(instantSchema),
  answer: z.nullable(participantAnswerSchema),
  /** The participant's stored tracker could not be summarised: no figures beside the check-in. */
  unreadable: z.optional(z.literal(true)),
});
export type CheckInCard = z.infer<typeof checkInCardSchema>;

/** `GET /api/coach/check-ins`: the queue to read (lowest mood first, then oldest), or `?view=recent`, the latest handled. */
export const checkInQueueSchema = z.object({
  cards: z.array(checkInCardSchema),
  /** Every check-in in the view across the coach's cohorts (the cards are the first of them). */
  total: z.int(),
});
export type CheckInQueue = z.infer<typeof checkInQueueSchema>;

/** `GET /api/coach/cohorts/{cohortId}/participants/{userId}/check-ins`: one participant's check-ins in the cohort. */
export const participantCheckInsSchema = z.object({ cards: z.array(checkInCardSchema) });

/** A coach's saved reply: `{nome}` is filled with the participant's first name, `{settimana}` with "settimana N". */
export const replyTemplateSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  title: z
    .string({ error: threadMessages.templateTitleRequired })
    .check(z.trim(), z.minLength(1, threadMessages.templateTitleRequired), z.maxLength(MAX_TEMPLATE_TITLE, threadMessages.templateTitleTooLong), ...visibleText()),
  text: replyTextSchema,
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

/** `GET` and `PUT /api/coach/reply-templates`. */
export const replyTemplatesSchema = z.object({
  templates: z.array(replyTemplateSchema).check(z.maxLength(MAX_TEMPLATES, threadMessages.tooManyTemplates)),
});
export type ReplyTemplates = z.infer<typeof replyTemplatesSchema>;

/** A coach's templates before they save their own. */
export const DEFAULT_REPLY_TEMPLATES: ReplyTemplate[] = [
  {
    id: 'default-grazie',
    title: 'Grazie per il check-in',
    text: 'Ciao {nome}, grazie per aver condiviso come stai. Ho letto la tua riflessione della settimana {settimana}: continua così, un passo alla volta.',
  },
  {
    id: 'default-settimana-dura',
    title: 'Settimana difficile',
    text: 'Ciao {nome}, capisco che questa settimana sia stata pesante. Succede a tutti: ripartiamo da una sola azione piccola per i prossimi giorni. Se vuoi parlarne, scrivimi pure.',
  },
  {
    id: 'default-bravo',
    title: 'Ottimo lavoro',
    text: 'Complimenti, {nome}! La settimana {settimana} mostra un impegno vero. Qual è la cosa che ti ha aiutato di più? Tienila stretta anche la prossima settimana.',
  },
];

/** The first word of a name ("Maria Rossi" → "Maria"); empty for no name. */
export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/** The placeholders a coach may write: `{nome}`, `{settimana}`. */
export const PLACEHOLDERS = ['nome', 'settimana'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What the placeholders become for one participant: their first name, their challenge week. */
export const placeholderValuesSchema = z.object({ nome: z.string(), settimana: z.int() });
export type PlaceholderValues = z.infer<typeof placeholderValuesSchema>;

// A word "settimana" just before `{settimana}` is taken in, since texts written when the
// placeholder was a bare number say "della settimana {settimana}".
const PLACEHOLDER = /((?<!\p{L})[Ss]ettimana\s+)?\{settimana\}|\{nome\}/gu;

/**
 * Fills `{nome}` with the name and `{settimana}` with "settimana N" (every occurrence), so
 * "Siamo alla {settimana}" reads "Siamo alla settimana 3", and in a maintenance month (period 9
 * on) "fase di mantenimento (mese 1)"; other braces stay as written.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (found, word: string | undefined) => {
    if (found === '{nome}') return values.nome;
    if (!isMonthlyPeriod(values.settimana)) return `${word ?? 'settimana '}${values.settimana}`;
    // After day 56 the period is a maintenance month: "settimana" would be wrong, and "fase" keeps
    // the article a coach wrote for "settimana" ("alla", "la") right.
    return `${word?.startsWith('S') ? 'Fase' : 'fase'} di mantenimento (mese ${monthOfPeriod(values.settimana)})`;
  });
}

/** A text cut at its placeholders, to show them apart from the words around them. */
export function placeholderParts(text: string): Array<string | { placeholder: Placeholder }> {
  const parts: Array<string | { placeholder: Placeholder }> = [];
  for (const piece of text.split(/(\{nome\}|\{settimana\})/)) {
    const placeholder = PLACEHOLDERS.find((name) => piece === `{${name}}`);
    if (placeholder) parts.push({ placeholder });
    else if (piece !== '') parts.push(piece);
  }
  return parts;
}

/**
 * The id of a participant's check-in of a challenge week (or, beyond 8, of a maintenance month):
 * `{userId}_w{week}` in the first season, `{userId}_s{season}_w{week}` in a later one, so a new
 * season's week 1 never overwrites the last season's.
 */
export function checkInThreadId(userId: string, weekNumber: number, season = 1): string {
  return season > 1 ? `${userId}_s${season}_w${weekNumber}` : `${userId}_w${weekNumber}`;
}

/** Whether `text` is a check-in period as written in a path: a week 1..8 or a maintenance month's period, no leading zero. */
export function isCheckInPeriodText(text: string): boolean {
  return /^[1-9][0-9]?$/.test(text) && Number(text) <= MAX_CHECK_IN_PERIOD;
}

/** A season as an id writes it: 2 or more, no leading zero (the first season writes none). */
const LATER_SEASON = /^[1-9][0-9]{0,3}$/;

/** A season written in an id (`undefined`: none, the first), or null when it is not one an id holds. */
function seasonIn(text: string | undefined): number | null {
  if (text === undefined) return 1;
  return LATER_SEASON.test(text) && Number(text) > 1 ? Number(text) : null;
}

/**
 * The participant, season and period of a thread id, or null for anything else. (Auth's user ids
 * have no underscore: one ending in `_s2` would read as a season.)
 */
export function parseCheckInThreadId(id: string): { userId: string; season: number; weekNumber: number } | null {
  const match = /^(.+?)(?:_s([0-9]+))?_w([0-9]+)$/.exec(id);
  const season = match ? seasonIn(match[2]) : null;
  return match && season !== null && isCheckInPeriodText(match[3]!) ? { userId: match[1]!, season, weekNumber: Number(match[3]) } : null;
}

/**
 * A check-in's key in a conversation's item ids (`checkin-…`, `reply-…`, `answer-…`): the period
 * in the first season ("3"), season and period in a later one ("s2w3").
 */
export function checkInItemKey(season: number, weekNumber: number): string {
  return season > 1 ? `s${season}w${weekNumber}` : String(weekNumber);
}

/** The season and period of a check-in's item key, or null for anything else. */
export function parseCheckInItemKey(key: string): { season: number; weekNumber: number } | null {
  const match = /^(?:s([0-9]+)w)?([0-9]+)$/.exec(key);
  const season = match ? seasonIn(match[1]) : null;
  return match && season !== null && isCheckInPeriodText(match[2]!) ? { season, weekNumber: Number(match[2]) } : null;
}

/** A mood of 1 or 2: the check-in form answers with a word of support and the invitation to talk to the coach. */
export function needsSupport(mood: number): boolean {
  return mood <= 2;
}
