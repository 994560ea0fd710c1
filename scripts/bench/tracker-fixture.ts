import { addDays, todayIn } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';

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
  const actions = await import('@sfida/core/tracker-actions');
  const rand = random(1000 + variant);
  const tickRate = 0.55 + 0.4 * ((variant * 37) % 10) / 10;
  let data = emptyTracker(BENCH_TIME_ZONE, instantOn(start), start);
  const apply = (result: Awaited<ReturnType<typeof actions.addHabit>>, what: string) => {
    if (!result.ok) throw new Error(`tracker fixture: ${what} refused: ${result.message}`);
    data = result.data;
  };

  const days: FixtureDay[] = [];
  const habitIds = Array.from({ length: FIXTURE_HABITS }, (_, i) => `h${i + 1}`);
  for (const [i, id] of habitIds.entries()) apply(actions.addHabit(data, `Abitudine numero ${i + 1}`, instantOn(start), id), 'addHabit');

  for (let day = 0; day < FIXTURE_DAYS; day++) {
    const date = addDays(start, day);
    const now = instantOn(date);
    const week = Math.floor(day / 7) + 1;
    const weekDay = day % 7;
    if (weekDay === 0) {
      for (let slot = 1; slot <= 3; slot++) {
        apply(actions.setActionText(data, week, `w${week}-a${slot}`, `Azione ${slot} della settimana ${week}`, now), 'setActionText');
      }
      apply(actions.savePlanner(data, week, now), 'savePlanner');
    }
    for (const id of habitIds) {
      if (rand() < tickRate) apply(actions.toggleHabit(data, id, date, now), 'toggleHabit');
    }
    if (weekDay === 2 || weekDay === 4 || (weekDay === 5 && rand() < 0.5)) {
      const slot = weekDay === 2 ? 1 : weekDay === 4 ? 2 : 3;
      apply(actions.toggleAction(data, week, `w${week}-a${slot}`, now), 'toggleAction');
    }
    if (weekDay === 6) {
      apply(
        actions.submitCheckIn(data, { mood: 1 + ((week + variant) % 5), reflection: `Settimana ${week}: ho tenuto il ritmo.` }, now, `c${week}`),
        'submitCheckIn',
      );
    }
    days.push({ data, now });
  }
  return days;
}
