import * as z from 'zod/mini';
import { isIsoDate, isoDateSchema } from './iso-date';
import type { IsoDate } from './iso-date';
import { CHALLENGE_WEEKS, HOME_TIME_ZONE, isValidTimeZone } from './dates';
import { MAX_CHECK_IN_PERIOD } from './maintenance';
import { visibleText } from './visible-text';
import { voiceNoteIdSchema } from './voice-notes';
import { timeOfDaySchema } from './time-of-day';
import { cohortRulesSchema } from './cohort';
import { habitScheduleSchema, habitStampsSchema } from './habit-schedule';

// The participant's tracker: kept in the browser's local storage and mirrored to the
// server, which validates it with the same schema (and tracker-plausibility.ts).

/** Version written in every stored tracker; bump it with a migration when the shape changes. */
export const TRACKER_SCHEMA_VERSION = 2;
/** Habits per participant, archived ones included (archiving keeps their points). */
export const MAX_HABITS = 20;
/** Fewest and most planner action slots in a week. */
export const MIN_ACTIONS = 3;
export const MAX_ACTIONS = 5;
/** Longest check-in reflection. */
export const MAX_REFLECTION = 300;
/** Longest habit name. */
export const MAX_HABIT_NAME = 60;
/** Longest planner action text. */
export const MAX_ACTION_TEXT = 140;
/** Longest place of a planner action ("dove"). */
export const MAX_ACTION_PLACE = 60;
/** Longest audio-note text of a check-in (a text field once; trackers that hold one stay valid). */
export const MAX_AUDIO_NOTE = 500;
/** Most points-history entries kept. */
export const MAX_POINTS_HISTORY = 4000;
/** Most completion days stored for one habit (far more than the challenge needs). */
export const MAX_COMPLETION_DAYS = 1000;
/** Most action slots of one week with a change stamp, removed ones included. */
export const MAX_ACTION_STAMPS = 200;

/** The week numbers as record keys, '1'..'8'. */
export const WEEK_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type WeekKey = (typeof WEEK_KEYS)[number];

export const trackerMessages = {
  habitNameRequired: "Inserisci il nome dell'abitudine",
  habitNameTooLong: `Il nome dell'abitudine può avere al massimo ${MAX_HABIT_NAME} caratteri`,
  actionTextTooLong: `Un'azione può avere al massimo ${MAX_ACTION_TEXT} caratteri`,
  actionPlaceTooLong: `Il luogo di un'azione può avere al massimo ${MAX_ACTION_PLACE} caratteri`,
  invalidActionDay: 'Giorno della settimana non valido',
  reflectionRequired: 'Scrivi almeno qualche parola nella tua riflessione!',
  reflectionTooLong: `La riflessione può avere al massimo ${MAX_REFLECTION} caratteri`,
  invalidTimeZone: 'Fuso orario non valido',
  invalidDateTime: 'Data e ora non valide',
} as const;

const dateTimeSchema = z.iso.datetime({ offset: true, error: trackerMessages.invalidDateTime });
const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** A habit's name, trimmed: what adding and renaming both accept. */
export const habitNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, trackerMessages.habitNameRequired), z.maxLength(MAX_HABIT_NAME, trackerMessages.habitNameTooLong), ...visibleText());

/**
 * A habit; deleting one archives it so its completions and points stay, and it can be restored.
 * `order` places it among the others (none: after those that have one, by creation); `schedule`
 * says which days it asks for (none: every day); `stamps` date the last change of each part
 * (docs/decisions/041). Habits stored before these have none of them and stay valid.
 */
export const habitSchema = z.object({
  id: idSchema,
  name: habitNameSchema,
  createdAt: dateTimeSchema,
  archivedAt: z.optional(dateTimeSchema),
  order: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_HABITS * 100))),
  schedule: z.optional(habitScheduleSchema),
  stamps: z.optional(habitStampsSchema),
});
export type Habit = z.infer<typeof habitSchema>;

/** 'onTime' = ticked on that very day (earns points); 'late' = ticked afterwards for a past day (no points). */
export const completionKindSchema = z.enum(['onTime', 'late']);
export type CompletionKind = z.infer<typeof completionKindSchema>;

/** One habit's completed days: IsoDate → how it was ticked. */
export const habitCompletionsSchema = z
  .record(isoDateSchema, completionKindSchema)
  .check(z.refine((days) => Object.keys(days).length <= MAX_COMPLETION_DAYS, { error: 'Troppi giorni completati' }));
export type HabitCompletions = Record<IsoDate, CompletionKind>;

/** Every habit's completed days, by habit id. */
export const completionsSchema = z.record(idSchema, habitCompletionsSchema);
export type Completions = Record<string, HabitCompletions>;

/**
 * When an action is planned ("quando"): a weekday (weekdayIndex: Monday 0 … Sunday 6), which is one
 * day of the participant's own challenge week whatever weekday it starts on, and a time on their clock.
 */
export const actionWhenSchema = z.object({
  weekday: z.int({ error: trackerMessages.invalidActionDay }).check(z.minimum(0, trackerMessages.invalidActionDay), z.maximum(6, trackerMessages.invalidActionDay)),
  time: timeOfDaySchema,
});
export type ActionWhen = z.infer<typeof actionWhenSchema>;

/** Where an action is planned ("dove"), short; absent rather than blank. */
export const actionWhereSchema = z.string().check(z.maxLength(MAX_ACTION_PLACE, trackerMessages.actionPlaceTooLong), ...visibleText());

/**
 * One planner action slot; it can be completed only when its text is not empty. `when` and
 * `where` make it an if-then plan (planned-actions.ts); trackers from before them have neither.
 */
export const plannerActionSchema = z.object({
  id: idSchema,
  text: z.string().check(z.maxLength(MAX_ACTION_TEXT, trackerMessages.actionTextTooLong), ...visibleText({ allowBlank: true })),
  completed: z.boolean(),
  when: z.optional(actionWhenSchema),
  where: z.optional(actionWhereSchema),
});
export type PlannerAction = z.infer<typeof plannerActionSchema>;

/**
 * The action slots of one week: at most 5. A week shows at least 3 (weekActions fills in empty
 * ones); fewer are stored only when two devices removed different slots while apart.
 */
export const weekActionsSchema = z
  .array(plannerActionSchema)
  .check(
    z.maxLength(MAX_ACTIONS),
    z.refine((actions) => new Set(actions.map((a) => a.id)).size === actions.length, { error: 'Azioni duplicate' }),
  );

/** Planner actions by week number '1'..'8'; a missing week means the 3 default empty slots. */
export const weeklyActionsSchema = z.partialRecord(z.enum(WEEK_KEYS), weekActionsSchema);
export type WeeklyActions = Partial<Record<WeekKey, PlannerAction[]>>;

export const weekNumberSchema = z.int().check(z.minimum(1), z.maximum(CHALLENGE_WEEKS));
/** A check-in's key: a challenge week 1..8, then one maintenance month each (maintenance.ts). */
export const checkInPeriodSchema = z.int().check(z.minimum(1), z.maximum(MAX_CHECK_IN_PERIOD));
export const moodSchema = z.int().check(z.minimum(1), z.maximum(5));
export type Mood = 1 | 2 | 3 | 4 | 5;

/** One check-in: weekly in the challenge, monthly in the maintenance phase (`weekNumber` beyond 8 names the month). */
export const checkInSchema = z.object({
  id: idSchema,
  mood: moodSchema,
  reflection: z
    .string()
    .check(z.trim(), z.minLength(1, trackerMessages.reflectionRequired), z.maxLength(MAX_REFLECTION, trackerMessages.reflectionTooLong), ...visibleText({ multiline: true })),
  audioNote: z.optional(z.string().check(z.maxLength(MAX_AUDIO_NOTE))),
  /** The voice note recorded with it, uploaded before the check-in was saved (the server's thread keeps its length). */
  voiceNoteId: z.optional(voiceNoteIdSchema),
  date: isoDateSchema,
  weekNumber: checkInPeriodSchema,
  submittedAt: dateTimeSchema,
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** What a points entry was awarded for. */
export const pointsKindSchema = z.enum(['action', 'plannerSave', 'checkIn', 'habit', 'streakBonus', 'comebackBonus']);
export type PointsKind = z.infer<typeof pointsKindSchema>;

/** One line of the points history; (kind, ref) identifies the award it pays. */
export const pointsEntrySchema = z.object({
  points: z.int(),
  reason: z.string().check(z.maxLength(120)),
  timestamp: dateTimeSchema,
  weekNumber: z.int().check(z.minimum(0), z.maximum(CHALLENGE_WEEKS)),
  kind: pointsKindSchema,
  ref: z.string().check(z.minLength(1), z.maxLength(140)),
  /**
   * The calendar day the award counts on (its calendar week on the leaderboard): the day ticked,
   * or a day of the challenge week it pays. Entries from before it was kept count on the day of `timestamp`.
   */
  date: z.optional(isoDateSchema),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

/** Milliseconds since the epoch, from the clock of the device that made the change. */
const stampSchema = z.int().check(z.minimum(0));

/**
 * When each habit day and each planner action last changed, tick or untick, edit or removal:
 * the clocks of the merge between devices (tracker-merge.ts). A stamp whose value is gone (a day
 * unticked, an action slot removed) is a deletion that a stale copy cannot undo.
 */
export const changeClocksSchema = z.object({
  habitDays: z.record(
    idSchema,
    z.record(isoDateSchema, stampSchema).check(z.refine((days) => Object.keys(days).length <= MAX_COMPLETION_DAYS, { error: 'Troppi giorni modificati' })),
  ),
  actions: z.partialRecord(
    z.enum(WEEK_KEYS),
    z.record(idSchema, stampSchema).check(z.refine((ids) => Object.keys(ids).length <= MAX_ACTION_STAMPS, { error: 'Troppe azioni modificate' })),
  ),
});
export type ChangeClocks = z.infer<typeof changeClocksSchema>;

const uniqueBy = <T>(items: T[], key: (item: T) => unknown): boolean => new Set(items.map(key)).size === items.length;

/** The whole local tracker, as stored and as synced to the server. */
export const trackerDataSchema = z.object({
  version: z.literal(TRACKER_SCHEMA_VERSION),
  timeZone: z.string().check(z.refine(isValidTimeZone, { error: trackerMessages.invalidTimeZone })),
  challengeStartDate: z.nullable(isoDateSchema),
  /**
   * The cohort's rules as the server last copied them in (it overwrites them on every sync and
   * never reads the browser's); points are worked out by them. Absent: every rule off, as in a
   * tracker stored before the rules existed (docs/decisions/036).
   */
  rules: z.optional(cohortRulesSchema),
  /**
   * Which season of the challenge this copy belongs to (a "Nuova stagione" accepted starts the next
   * one); absent: the first. The server sets it and never takes the browser's; a copy of an older
   * season is replaced, never merged, by a newer one (tracker-merge.ts), so old ticks stay out.
   */
  season: z.optional(z.int().check(z.minimum(1))),
  habits: z
    .array(habitSchema)
    .check(z.maxLength(MAX_HABITS), z.refine((habits) => uniqueBy(habits, (h) => h.id), { error: 'Abitudini duplicate' })),
  completions: completionsSchema,
  weeklyActions: weeklyActionsSchema,
  savedPlannerWeeks: z
    .array(weekNumberSchema)
    .check(z.maxLength(CHALLENGE_WEEKS), z.refine((weeks) => uniqueBy(weeks, (w) => w), { error: 'Settimane del planner duplicate' })),
  checkIns: z
    .array(checkInSchema)
    .check(z.maxLength(MAX_CHECK_IN_PERIOD), z.refine((checkIns) => uniqueBy(checkIns, (c) => c.id), { error: 'Check-in duplicati' })),
  pointsHistory: z.array(pointsEntrySchema).check(z.maxLength(MAX_POINTS_HISTORY)),
  changedAt: changeClocksSchema,
  updatedAt: dateTimeSchema,
});
export type TrackerData = z.infer<typeof trackerDataSchema>;

/** `PUT /api/users/me/progress` (200, with the revision's ETag): the copy as the server stored and vouches for it. */
export const trackerSavedAnswerSchema = z.object({ tracker: trackerDataSchema });
export type TrackerSavedAnswer = z.infer<typeof trackerSavedAnswerSchema>;

/** `PUT /api/users/me/progress` refused with 412 (another device wrote first): the stored copy, with its ETag, to merge with. */
export const staleTrackerAnswerSchema = z.object({ message: z.string(), tracker: trackerDataSchema });
export type StaleTrackerAnswer = z.infer<typeof staleTrackerAnswerSchema>;

/** The season a copy belongs to: 1 for one stored before seasons. */
export function seasonOf(data: Pick<TrackerData, 'season'>): number {
  return data.season ?? 1;
}

/** The `season` field as a tracker stores it: absent for the first season, as in copies stored before seasons. */
export function seasonField(season: number): Pick<TrackerData, 'season'> {
  return season > 1 ? { season } : {};
}

/** A fresh tracker with nothing in it. */
export function emptyTracker(timeZone: string, now: Date, challengeStartDate: IsoDate | null = null): TrackerData {
  return {
    version: TRACKER_SCHEMA_VERSION,
    timeZone,
    challengeStartDate,
    habits: [],
    completions: {},
    weeklyActions: {},
    savedPlannerWeeks: [],
    checkIns: [],
    pointsHistory: [],
    changedAt: emptyChangeClocks(),
    updatedAt: now.toISOString(),
  };
}

export function emptyChangeClocks(): ChangeClocks {
  return { habitDays: {}, actions: {} };
}

/**
 * Brings a stored or synced tracker of an older version to the current shape. Version 1 had no
 * change clocks: its entries carry none, so any stamped change on another device wins over them.
 */
export function migrateTracker(value: unknown): unknown {
  if (isRecord(value) && value.version === 1) return { ...value, version: TRACKER_SCHEMA_VERSION, changedAt: emptyChangeClocks() };
  return value;
}

/** The order habits are shown in: by their `order`, those without one after, by creation. */
export function compareHabitOrder(x: Habit, y: Habit): number {
  const [ox, oy] = [x.order ?? Number.MAX_SAFE_INTEGER, y.order ?? Number.MAX_SAFE_INTEGER];
  if (ox !== oy) return ox - oy;
  if (x.createdAt !== y.createdAt) return x.createdAt < y.createdAt ? -1 : 1;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}

/** The habits that are not archived (the ones shown and toggled), in the participant's order. */
export function activeHabits(data: TrackerData): Habit[] {
  return data.habits.filter((habit) => habit.archivedAt === undefined).sort(compareHabitOrder);
}

/** The archived habits, in the participant's order (they can be restored). */
export function archivedHabits(data: TrackerData): Habit[] {
  return data.habits.filter((habit) => habit.archivedAt !== undefined).sort(compareHabitOrder);
}

/** The stored completions of one habit (empty when none). */
export function completionsOf(data: TrackerData, habitId: string): HabitCompletions {
  return data.completions[habitId] ?? {};
}

const EPOCH = '1970-01-01T00:00:00.000Z';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored action with a "quando" or "dove" it cannot keep loses that part only: its text stays. */
function withoutBadPlan(action: unknown): unknown {
  if (!isRecord(action)) return action;
  const { when, where, ...rest } = action;
  return {
    ...rest,
    ...(when !== undefined && actionWhenSchema.safeParse(when).success ? { when } : {}),
    ...(where !== undefined && actionWhereSchema.safeParse(where).success ? { where } : {}),
  };
}

/** A stored habit with a schedule, place or stamps it cannot keep loses those parts only: the habit and its days stay. */
function withoutBadEdits(habit: unknown): unknown {
  if (!isRecord(habit)) return habit;
  const { order, schedule, stamps, ...rest } = habit;
  const part = <T>(name: string, value: unknown, schema: z.ZodMiniType<T>) => (value !== undefined && schema.safeParse(value).success ? { [name]: value } : {});
  return { ...rest, ...part('order', order, habitSchema.shape.order), ...part('schedule', schedule, habitScheduleSchema), ...part('stamps', stamps, habitStampsSchema) };
}

/** Keeps the items of `raw` that parse with `schema`; tells whether anything was dropped. */
function keepValid<T>(raw: unknown, schema: z.ZodMiniType<T>): { items: T[]; dropped: boolean } {
  if (!Array.isArray(raw)) return { items: [], dropped: raw !== undefined };
  const items: T[] = [];
  for (const item of raw) {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
  }
  return { items, dropped: items.length !== raw.length };
}

/**
 * When a stored tracker of any shape was last changed, exactly as parseStoredTracker reads it
 * (the epoch when it is missing or unreadable), without checking the rest of it.
 */
export function storedUpdatedAt(value: unknown): string {
  const updatedAt = isRecord(value) ? value.updatedAt : undefined;
  return dateTimeSchema.safeParse(updatedAt).success ? (updatedAt as string) : EPOCH;
}

/**
 * Reads a stored tracker without ever throwing: a corrupt or hand-edited part is dropped
 * piece by piece (a bad habit goes, the others stay). `raw` may be the JSON text or its value.
 * `repaired` tells the caller to write the cleaned tracker back.
 */
export function parseStoredTracker(
  raw: unknown,
  fallback: { timeZone?: string } = {},
): { data: TrackerData; repaired: boolean } {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  value = migrateTracker(value);
  const whole = trackerDataSchema.safeParse(value);
  if (whole.success) return { data: whole.data, repaired: false };

  const source = isRecord(value) ? value : {};
  const fallbackZone = fallback.timeZone && isValidTimeZone(fallback.timeZone) ? fallback.timeZone : HOME_TIME_ZONE;
  const timeZone =
    typeof source.timeZone === 'string' && isValidTimeZone(source.timeZone) ? source.timeZone : fallbackZone;
  const challengeStartDate =
    typeof source.challengeStartDate === 'string' && isIsoDate(source.challengeStartDate)
      ? source.challengeStartDate
      : null;
  const updatedAt = storedUpdatedAt(source);
  const rules = cohortRulesSchema.safeParse(source.rules);
  const season = typeof source.season === 'number' && Number.isInteger(source.season) && source.season > 1 ? source.season : 1;

  const habitIds = new Set<string>();
  const habits = keepValid(Array.isArray(source.habits) ? source.habits.map(withoutBadEdits) : source.habits, habitSchema)
    .items.filter((habit) => !habitIds.has(habit.id) && habitIds.add(habit.id))
    .slice(0, MAX_HABITS);
  const keptIds = new Set(habits.map((h) => h.id));

  const completions: Completions = {};
  if (isRecord(source.completions)) {
    for (const [habitId, days] of Object.entries(source.completions)) {
      if (!keptIds.has(habitId) || !isRecord(days)) continue;
      const kept: HabitCompletions = {};
      for (const [date, kind] of Object.entries(days)) {
        if (isIsoDate(date) && (kind === 'onTime' || kind === 'late')) kept[date] = kind;
      }
      const dates = Object.keys(kept).sort().slice(-MAX_COMPLETION_DAYS);
      completions[habitId] = Object.fromEntries(dates.map((date) => [date, kept[date] as CompletionKind]));
    }
  }

  const weeklyActions: WeeklyActions = {};
  if (isRecord(source.weeklyActions)) {
    for (const week of WEEK_KEYS) {
      const raw = source.weeklyActions[week];
      if (raw === undefined) continue;
      const ids = new Set<string>();
      const actions = keepValid(Array.isArray(raw) ? raw.map(withoutBadPlan) : raw, plannerActionSchema)
        .items.filter((action) => !ids.has(action.id) && ids.add(action.id))
        .map((action) => (action.text.trim() === '' ? { ...action, completed: false } : action))
        .slice(0, MAX_ACTIONS);
      for (let n = 1; actions.length < MIN_ACTIONS; n++) {
        const id = `w${week}-a${n}`;
        if (!ids.has(id)) actions.push({ id, text: '', completed: false });
        ids.add(id);
      }
      weeklyActions[week] = actions;
    }
  }

  // A saved planner needs 3 written actions: if repair dropped one, the week is
  // no longer saved (its +10 goes with it), or the server would refuse every sync.
  const stillSavable = (week: number) =>
    (weeklyActions[String(week) as keyof WeeklyActions] ?? []).filter((action) => action.text.trim() !== '').length >= MIN_ACTIONS;
  const savedPlannerWeeks = [
    ...new Set(keepValid(source.savedPlannerWeeks, weekNumberSchema).items),
  ]
    .filter(stillSavable)
    .sort((a, b) => a - b);

  const checkInIds = new Set<string>();
  const checkInWeeks = new Set<number>();
  const checkIns = keepValid(source.checkIns, checkInSchema).items.filter((checkIn) => {
    if (checkInIds.has(checkIn.id) || checkInWeeks.has(checkIn.weekNumber)) return false;
    checkInIds.add(checkIn.id);
    checkInWeeks.add(checkIn.weekNumber);
    return true;
  });

  const pointsHistory = keepValid(source.pointsHistory, pointsEntrySchema).items.slice(-MAX_POINTS_HISTORY);
  const clocks = changeClocksSchema.safeParse(source.changedAt);

  return {
    data: {
      version: TRACKER_SCHEMA_VERSION,
      timeZone,
      challengeStartDate,
      ...(rules.success ? { rules: rules.data } : {}),
      ...seasonField(season),
      habits,
      completions,
      weeklyActions,
      savedPlannerWeeks,
      checkIns,
      pointsHistory,
      changedAt: clocks.success ? clocks.data : emptyChangeClocks(),
      updatedAt,
    },
    repaired: true,
  };
}
