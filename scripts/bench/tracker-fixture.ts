import { addDays, todayIn } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { MAINTENANCE_MONTH_DAYS, MAX_MAINTENANCE_MONTHS } from '@sfida/core/maintenance';
import { emptyTracker, seasonOf, type TrackerData } from '@sfida/core/tracker';

export const BENCH_TIME_ZONE = 'Europe/Rome';
export const FIXTURE_HABITS = 10;
export const FIXTURE_DAYS = 56;

/** The start date of a challenge whose eight weeks ended yesterday, so every day of it is in the past. */
export function fullChallengeStart(now: Date = new Date()): IsoDate {
  return addDays(todayIn(BENCH_TIME_ZONE, now), -FIXTURE_DAYS);
}

/** The start date of a challenge whose last day is today: a participant still ticking in week 8. */
export function lastDayChallengeStart(now: Date = new Date()): IsoDate {
  return addDays(todayIn(BENCH_TIME_ZONE, now), -(FIXTURE_DAYS - 1));
}

/** The tracker at the end of one day of the fixture, and the moment of that day's actions. */
export interface FixtureDay {
  data: TrackerData;
  now: Date;
}

/** Small deterministic PRNG (mulberry32), so each variant is the same tracker every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Late morning of `date` in Rome, never after the real clock (the server rejects trackers from the future). */
function instantOn(date: IsoDate): Date {
  return new Date(Math.min(Date.parse(`${date}T10:00:00Z`), Date.now() - 1000));
}

/**
 * A full eight-week tracker of ten habits, played through core's own reducers day by
 * day (habits ticked on the day, a saved planner with completed actions and a check-in
 * every week), so its points history is exactly what the app would have written and the
 * server's validation accepts it. `variant` changes how often habits are ticked.
 */
export async function buildEightWeekTracker(start: IsoDate, variant = 0): Promise<TrackerData> {
  return (await eightWeekDays(start, variant)).at(-1)!.data;
}

/**
 * The same eight weeks day by day: what a participant who synced every day had sent by the end of
 * each (the server takes a tick as on time only on its day, and back-fills six days at most).
 */
export async function eightWeekDays(start: IsoDate, variant = 0): Promise<FixtureDay[]> {
  return playDays(await withFixtureHabits(start), FIXTURE_DAYS, variant);
}

/** An empty tracker starting on `start` with the fixture's ten habits. */
async function withFixtureHabits(start: IsoDate): Promise<TrackerData> {
  const actions = await import('@sfida/core/tracker-actions');
  let data = emptyTracker(BENCH_TIME_ZONE, instantOn(start), start);
  for (const [i, id] of fixtureHabitIds().entries()) {
    const result = actions.addHabit(data, `Abitudine numero ${i + 1}`, instantOn(start), id);
    if (!result.ok) throw new Error(`tracker fixture: addHabit refused: ${result.message}`);
    data = result.data;
  }
  return data;
}

const fixtureHabitIds = () => Array.from({ length: FIXTURE_HABITS }, (_, i) => `h${i + 1}`);

/**
 * `days` days of a season played from `from` (its challengeStartDate the first day) through core's
 * reducers: its active habits ticked on the day, in weeks 1–8 a saved planner with completed actions
 * and a weekly check-in, in the maintenance phase a monthly check-in on each month's last day while
 * months take one (MAX_MAINTENANCE_MONTHS). `variant` changes how often habits are ticked.
 */
export async function playDays(from: TrackerData, days: number, variant = 0): Promise<FixtureDay[]> {
  const actions = await import('@sfida/core/tracker-actions');
  const start = from.challengeStartDate;
  if (start === null) throw new Error('tracker fixture: a season to play needs its start');
  const rand = random(1000 + variant);
  const tickRate = 0.55 + 0.4 * ((variant * 37) % 10) / 10;
  let data = from;
  const apply = (result: Awaited<ReturnType<typeof actions.addHabit>>, what: string) => {
    if (!result.ok) throw new Error(`tracker fixture: ${what} refused: ${result.message}`);
    data = result.data;
  };

  const played: FixtureDay[] = [];
  const habitIds = data.habits.filter((habit) => habit.archivedAt === undefined).map((habit) => habit.id);
  for (let day = 0; day < days; day++) {
    const date = addDays(start, day);
    const now = instantOn(date);
    const week = Math.floor(day / 7) + 1;
    const weekDay = day % 7;
    const challenge = day < FIXTURE_DAYS;
    if (challenge && weekDay === 0) {
      for (let slot = 1; slot <= 3; slot++) {
        apply(actions.setActionText(data, week, `w${week}-a${slot}`, `Azione ${slot} della settimana ${week}`, now), 'setActionText');
      }
      apply(actions.savePlanner(data, week, now), 'savePlanner');
    }
    for (const id of habitIds) {
      if (rand() < tickRate) apply(actions.toggleHabit(data, id, date, now), 'toggleHabit');
    }
    if (challenge) {
      if (weekDay === 2 || weekDay === 4 || (weekDay === 5 && rand() < 0.5)) {
        const slot = weekDay === 2 ? 1 : weekDay === 4 ? 2 : 3;
        apply(actions.toggleAction(data, week, `w${week}-a${slot}`, now), 'toggleAction');
      }
      if (weekDay === 6) {
        apply(actions.submitCheckIn(data, { mood: 1 + ((week + variant) % 5), reflection: `Settimana ${week}: ho tenuto il ritmo.` }, now, checkInId(data, `${week}`)), 'submitCheckIn');
      }
    } else {
      const month = Math.floor((day - FIXTURE_DAYS) / MAINTENANCE_MONTH_DAYS) + 1;
      const lastOfMonth = (day - FIXTURE_DAYS) % MAINTENANCE_MONTH_DAYS === MAINTENANCE_MONTH_DAYS - 1;
      if (lastOfMonth && month <= MAX_MAINTENANCE_MONTHS) {
        apply(
          actions.submitCheckIn(data, { mood: 1 + ((month + variant) % 5), reflection: `Mese ${month} di mantenimento: vado avanti.` }, now, checkInId(data, `m${month}`)),
          'submitCheckIn',
        );
      }
    }
    played.push({ data, now });
  }
  return played;
}

/** Days of the 24-month history (issue 56): season 1 is eight weeks and every maintenance month that takes a check-in, season 2 the rest. */
export const LONG_HISTORY_DAYS = 730;
export const LONG_SEASON_ONE_DAYS = FIXTURE_DAYS + MAX_MAINTENANCE_MONTHS * MAINTENANCE_MONTH_DAYS;

/** The start of season 1 of a 24-month history whose last day is today. */
export function longHistoryStart(now: Date = new Date()): IsoDate {
  return addDays(todayIn(BENCH_TIME_ZONE, now), -(LONG_HISTORY_DAYS - 1));
}

/** The start of season 2 of that history: the day after season 1's last maintenance month. */
export function longSeasonTwoStart(now: Date = new Date()): IsoDate {
  return addDays(longHistoryStart(now), LONG_SEASON_ONE_DAYS);
}

/**
 * Season 1 of the 24-month history, day by day (eight weeks of ten habits, then thirteen
 * maintenance months ticked daily), from `start`. Season 2 starts from the tracker the server
 * makes when the participant accepts it (a new season is the server's: freshSeasonTracker), so it
 * is played with playDays from that copy.
 */
export async function longHistorySeasonOne(start: IsoDate, variant = 0): Promise<FixtureDay[]> {
  return playDays(await withFixtureHabits(start), LONG_SEASON_ONE_DAYS, variant);
}

/** A check-in's id: the eight weeks' as before (c1…c8), a later season's and the months' named apart. */
function checkInId(data: TrackerData, period: string): string {
  const season = seasonOf(data);
  return season === 1 ? `c${period}` : `c${season}-${period}`;
}
