import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { todayIn } from '@sfida/core/dates';
import { liveStreak } from '@sfida/core/leaderboard-summary';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sfida/core/notifications';
import { dueReminders } from '@sfida/core/reminders';
import { inSegment, placeholderWeek } from '@sfida/core/cohort-messages';
import { trackerDataSchema, type TrackerData } from '@sfida/core/tracker';
import { vouchTracker } from '@sfida/core/tracker-vouch';
import type { User } from '@sfida/core/user';
import { cardOf } from './features/check-ins/service';
import { exportLine, rosterRowOf } from './features/coach/service';
import { rosterDigest } from '@sfida/core/roster-digest';
import { readStoredTracker } from './shared/tracker-repository';
import { buildSummary, weeklyScoreChanges } from './features/tracker/service';
import type { ThreadDoc } from './shared/check-in-thread-repository';

// No participant's stored tracker may throw in a path that summarises many participants: trackers
// the sync schema accepts, extreme numbers and far dates included, stored as they came (the copy a
// server held before stamps were bounded) or as the server vouches for them today, go through the
// roster and attention list, the participant page, the CSV line, the check-in card, the segments,
// the reminders and the leaderboard's summary.

const ZONES = ['Europe/Rome', 'Pacific/Kiritimati', 'Etc/GMT+12', 'America/New_York', 'Asia/Kathmandu'];
const zone = fc.constantFrom(...ZONES);
/** Any instant a schema datetime can name: years 0000 to 9999. */
const anyInstant = fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
const nearInstant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });
const instant = fc.oneof(anyInstant, nearInstant).map((date) => date.toISOString());
const day = fc.oneof(anyInstant, nearInstant).map((date) => date.toISOString().slice(0, 10));
const stamp = fc.oneof(
  fc.constantFrom(0, 8_640_000_000_000_000, 8_640_000_000_000_001, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  nearInstant.map((date) => date.getTime()),
);
const hugeInt = fc.oneof(fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 0), fc.integer({ min: -1000, max: 1000 }));
const ids = (prefix: string, max: number) => fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: max }).map((ns) => ns.map((n) => `${prefix}${n}`));
const week = fc.integer({ min: 1, max: 8 });

const trackerArbitrary: fc.Arbitrary<TrackerData> = fc
  .record({
    timeZone: zone,
    challengeStartDate: fc.option(day, { nil: null }),
    habitIds: ids('h', 4),
    names: fc.array(fc.constantFrom('Leggere', 'Camminare 🚶', 'x'.repeat(60)), { minLength: 4, maxLength: 4 }),
    created: fc.array(instant, { minLength: 4, maxLength: 4 }),
    archived: fc.array(fc.option(instant, { nil: undefined }), { minLength: 4, maxLength: 4 }),
    completionDays: fc.array(fc.dictionary(day, fc.constantFrom('onTime' as const, 'late' as const), { maxKeys: 6 }), { minLength: 4, maxLength: 4 }),
    dayStamps: fc.array(fc.dictionary(day, stamp, { maxKeys: 6 }), { minLength: 4, maxLength: 4 }),
    ghostHabitStamps: fc.dictionary(fc.constantFrom('ghost', 'h99'), fc.dictionary(day, stamp, { maxKeys: 2 }), { maxKeys: 2 }),
    weeks: fc.uniqueArray(week, { maxLength: 8 }),
    actionTexts: fc.array(fc.constantFrom('', 'Correre', '  ', 'Chiamare la nonna'), { minLength: 5, maxLength: 5 }),
    actionStamps: fc.dictionary(fc.constantFrom('w1-a1', 'w1-a2', 'ghost', 'x'), stamp, { maxKeys: 4 }),
    savedPlannerWeeks: fc.uniqueArray(week, { maxLength: 8 }),
    checkIns: fc.uniqueArray(fc.record({ weekNumber: week, mood: fc.integer({ min: 1, max: 5 }), date: day, submittedAt: instant }), {
      selector: (c) => c.weekNumber,
      maxLength: 8,
    }),
    history: fc.array(
      fc.record({
        points: hugeInt,
        timestamp: instant,
        weekNumber: fc.integer({ min: 0, max: 8 }),
        kind: fc.constantFrom('action' as const, 'plannerSave' as const, 'checkIn' as const, 'habit' as const, 'streakBonus' as const),
        ref: fc.constantFrom('habit:h1:2025-09-18', 'checkIn:1', 'x'),
      }),
      { maxLength: 12 },
    ),
    updatedAt: instant,
  })
  .map((r) => {
    const habits = r.habitIds.map((id, i) => ({ id, name: r.names[i]!, createdAt: r.created[i]!, ...(r.archived[i] ? { archivedAt: r.archived[i] } : {}) }));
    const tracker: TrackerData = {
      version: 2,
      timeZone: r.timeZone,
      challengeStartDate: r.challengeStartDate,
      habits,
      completions: Object.fromEntries(r.habitIds.map((id, i) => [id, r.completionDays[i]!])),
      weeklyActions: Object.fromEntries(
        r.weeks.map((w) => [String(w), r.actionTexts.map((text, i) => ({ id: `w${w}-a${i + 1}`, text, completed: text.trim() !== '' && i % 2 === 0 }))]),
      ),
      savedPlannerWeeks: r.savedPlannerWeeks,
      checkIns: r.checkIns.map((c, i) => ({ id: `c${i}`, reflection: 'Bene', ...c })),
      pointsHistory: r.history.map((entry) => ({ ...entry, reason: 'Premio' })),
      changedAt: {
        habitDays: { ...r.ghostHabitStamps, ...Object.fromEntries(r.habitIds.map((id, i) => [id, r.dayStamps[i]!])) },
        actions: Object.fromEntries(r.weeks.map((w) => [String(w), r.actionStamps])),
      },
      updatedAt: r.updatedAt,
    };
    return tracker;
  });

const userArbitrary = fc.record({ timeZone: zone, challengeStartDate: fc.option(day, { nil: null }), createdAt: instant });

function userOf(fields: { timeZone: string; challengeStartDate: string | null; createdAt: string }): User {
  return {
    id: 'u1',
    name: 'Anna Rossi',
    email: 'anna@example.it',
    role: 'PARTICIPANT',
    cohortId: 'c1',
    onboardingCompletato: true,
    tempoAllenamento: null,
    luogoAllenamento: null,
    livelloAllenamento: null,
    schedaAssegnata: null,
    ...fields,
  };
}

/** Every read path that summarises one participant among many, on one stored tracker. */
function readEverything(tracker: TrackerData, user: User, now: Date): void {
  const participant = { user, withdrawn: false, disabled: false, digest: undefined, version: null, tags: [], latestNote: null, packages: {} };
  const row = rosterRowOf(participant, { tracker }, '2025-09-15', now);
  exportLine(row, user, tracker);
  // The digest a sync stores with the tracker, read on that day.
  rosterRowOf(participant, { digest: rosterDigest(tracker, todayIn(tracker.timeZone, now)) }, '2025-09-15', now);
  const thread: ThreadDoc = {
    userId: user.id,
    cohortId: 'c1',
    weekNumber: 3,
    checkInId: 'c0',
    mood: 2,
    reflection: 'Dura',
    date: '2025-09-30',
    receivedAt: now.toISOString(),
    status: 'open',
    handled: false,
    handledBy: null,
    handledAt: null,
    reply: null,
    replySeenAt: null,
    answer: null,
    updatedAt: now.toISOString(),
  };
  cardOf(thread, user, tracker, new Map([['c1', 'Coorte']]), now);
  const today = todayIn(user.timeZone, now);
  for (const segment of ['all', 'noHabitsYesterday', 'noCheckIn', 'noPlanner'] as const) {
    inSegment(segment, { tracker, challengeStartDate: user.challengeStartDate, today });
  }
  placeholderWeek(user.challengeStartDate, today);
  dueReminders({ prefs: DEFAULT_NOTIFICATION_SETTINGS.reminders, tracker, challengeStartDate: user.challengeStartDate, timeZone: user.timeZone, now });
  const summary = buildSummary(tracker, { cohortId: 'c1', displayName: 'Anna R.', today: todayIn(tracker.timeZone, now), now, ranked: true });
  liveStreak(summary, today);
  weeklyScoreChanges(user.id, null, summary);
}

const RUNS = 300;

describe('no stored tracker the sync schema accepts breaks a page about other people', () => {
  test('every generated tracker is one the sync schema accepts', () => {
    fc.assert(fc.property(trackerArbitrary, (tracker) => trackerDataSchema.safeParse(tracker).success), { numRuns: 100 });
  });

  test('stored as it came (a copy from before stamps were bounded), read back through the repair', () => {
    fc.assert(
      fc.property(trackerArbitrary, userArbitrary, nearInstant, (tracker, fields, now) => {
        const stored = readStoredTracker(JSON.stringify(tracker), now.toISOString());
        expect(() => readEverything(stored, userOf(fields), now)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  test('as the server vouches for it on a sync today', () => {
    fc.assert(
      fc.property(trackerArbitrary, userArbitrary, nearInstant, (tracker, fields, now) => {
        const user = userOf(fields);
        const vouched = vouchTracker(tracker, null, { challengeStartDate: user.challengeStartDate, timeZone: user.timeZone, now });
        const stored = readStoredTracker(JSON.stringify(vouched), now.toISOString());
        expect(() => readEverything(stored, user, now)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });
});
