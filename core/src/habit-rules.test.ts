import { describe, expect, it } from 'vitest';
import type { IsoDate } from './iso-date';
import type { CohortRules } from './cohort';
import type { CompletionKind, TrackerData } from './tracker';
import { NEW_COHORT_RULES, STORED_COHORT_RULES } from './cohort';
import { addDays, todayIn } from './dates';
import { emptyTracker } from './tracker';
import { comebackDays, isJollyDay, jollyDays, jolliesLeft, keptDays, trackerRules } from './habit-rules';
import { habitStreak } from './streaks';
import { COMEBACK_BONUS_POINTS, expectedAwards, maxPointsPerWeek, pointsRulesFor, POINTS_RULES, totalPoints, withReconciledHistory } from './points';
import { currentStreak } from './streaks';
import { newComebackBonuses, setTrackerRules, toggleHabit } from './tracker-actions';
import { calendarWeekCap, vouchTracker } from './tracker-vouch';

const ROME = 'Europe/Rome';
// Monday 23 March 2026: Rome moves its clocks forward on Sunday the 29th, in the first week.
const START = '2026-03-23';
const habit = { id: 'h', name: 'Meditare', createdAt: '2026-03-23T07:00:00.000Z' };
const ON_ONLY = (rule: keyof CohortRules): CohortRules => ({ ...STORED_COHORT_RULES, [rule]: true });

/** A tracker with one habit ticked on `days` ('x' on time, 'l' late, '.' not) from `from`. */
function tracker(rules: CohortRules | undefined, pattern: string, from: IsoDate = START, start: IsoDate = START): TrackerData {
  const completions: Record<IsoDate, CompletionKind> = {};
  [...pattern].forEach((mark, i) => {
    if (mark === 'x') completions[addDays(from, i)] = 'onTime';
    if (mark === 'l') completions[addDays(from, i)] = 'late';
  });
  const data = emptyTracker(ROME, new Date('2026-03-23T07:00:00Z'), start);
  return { ...data, ...(rules ? { rules } : {}), habits: [habit], completions: { h: completions } };
}

const awards = (data: TrackerData) => expectedAwards(data, { challengeStartDate: data.challengeStartDate });
const kinds = (data: TrackerData, kind: string) => awards(data).filter((award) => award.kind === kind);

describe('the rules a tracker runs by', () => {
  it('are every rule off when the server never copied any in (trackers stored before the rules)', () => {
    expect(trackerRules(tracker(undefined, 'x'))).toEqual(STORED_COHORT_RULES);
    expect(trackerRules(tracker(NEW_COHORT_RULES, 'x'))).toEqual(NEW_COHORT_RULES);
  });

  it('with every rule off pay exactly the spec points table: no bonus for coming back, no day covered', () => {
    const off = tracker(STORED_COHORT_RULES, 'xxx..xxxxxxx');
    expect(awards(off)).toEqual(awards(tracker(undefined, 'xxx..xxxxxxx')));
    expect(kinds(off, 'comebackBonus')).toEqual([]);
    expect(jollyDays(off, habit, '2026-04-05')).toEqual([]);
    expect(totalPoints(withReconciledHistory(off, new Date('2026-04-05T10:00:00Z')).pointsHistory)).toBe(10 * 2 + 5);
  });
});

describe('"Bentornato": the comeback bonus', () => {
  const rules = ON_ONLY('comebackBonus');

  it('pays +3 on the first on-time tick after a missed day, across the spring DST change in Rome', () => {
    // Ticked Mon–Fri, missed Saturday 28 and Sunday 29 March (the clocks go forward), back on Monday 30.
    const data = tracker(rules, 'xxxxx..x');
    expect(comebackDays(data, habit)).toEqual(['2026-03-30']);
    expect(kinds(data, 'comebackBonus')).toEqual([
      { kind: 'comebackBonus', ref: 'comebackBonus:h:2026-03-30', points: COMEBACK_BONUS_POINTS, weekNumber: 2, date: '2026-03-30', reason: 'Bonus ritorno: Meditare' },
    ]);
  });

  it('pays at most once per habit per challenge week, the first return', () => {
    expect(comebackDays(tracker(rules, 'x.x.x.x.x'), habit)).toEqual(['2026-03-25', '2026-03-31']);
  });

  it('is not earned for the first tick of a habit, on the start or on the day it was made', () => {
    expect(comebackDays(tracker(rules, 'x'), habit)).toEqual([]);
    const later = { ...tracker(rules, '...x'), habits: [{ ...habit, createdAt: '2026-03-26T06:00:00.000Z' }] };
    expect(comebackDays(later, later.habits[0]!)).toEqual([]);
  });

  it('is not earned for a late tick, nor when the missed day was back-filled', () => {
    expect(comebackDays(tracker(rules, 'x.l'), habit)).toEqual([]);
    expect(comebackDays(tracker(rules, 'xlx'), habit)).toEqual([]);
  });

  it('is not earned after day 56', () => {
    // Days 54, 55 and 57 ticked, 53 and 56 missed: the return on day 54 pays, the one on day 57 is after the challenge.
    const data = tracker(rules, 'xx.x', addDays(START, 53));
    expect(addDays(START, 55)).toBe('2026-05-17');
    expect(comebackDays(data, habit)).toEqual(['2026-05-15']);
  });

  it('counts in the week caps', () => {
    expect(maxPointsPerWeek(2, rules) - maxPointsPerWeek(2)).toBe(2 * COMEBACK_BONUS_POINTS);
    // A calendar week can touch two challenge weeks, each with its own return.
    expect(calendarWeekCap(2, rules) - calendarWeekCap(2)).toBe(4 * COMEBACK_BONUS_POINTS);
    expect(pointsRulesFor(rules).at(-1)).toMatchObject({ kind: 'comebackBonus', points: COMEBACK_BONUS_POINTS });
    expect(pointsRulesFor(STORED_COHORT_RULES)).toBe(POINTS_RULES);
  });

  it('shows in the tick that earns it: toggling back after a miss pays 2 + 3, and the notice counts one bonus', () => {
    const before = withReconciledHistory(tracker(rules, 'xx'), new Date('2026-03-24T20:00:00Z'));
    // Wednesday 25 missed; Thursday 26 at 09:30 in Rome.
    const result = toggleHabit(before, 'h', '2026-03-26', new Date('2026-03-26T08:30:00Z'));
    if (!result.ok) throw new Error(result.message);
    expect(result.awarded).toBe(2 + COMEBACK_BONUS_POINTS);
    expect(newComebackBonuses(before, result.data)).toBe(1);
    // Back-filling Wednesday: no longer a return, the bonus goes.
    const filled = toggleHabit(result.data, 'h', '2026-03-25', new Date('2026-03-26T08:31:00Z'));
    if (!filled.ok) throw new Error(filled.message);
    expect(filled.awarded).toBe(-COMEBACK_BONUS_POINTS);
  });
});

describe('"Jolly": the forgiving streak', () => {
  const rules = ON_ONLY('forgivingStreak');

  it('covers the first missed day of each challenge week, and no more', () => {
    // Week 1: misses on the 25th and 27th; week 2: a miss on 31 March.
    const data = tracker(rules, 'xx.x.xxx.xxx');
    expect(jollyDays(data, habit, '2026-04-03')).toEqual(['2026-03-25', '2026-03-31']);
    // A day not over yet is not missed.
    expect(jollyDays(data, habit, '2026-03-24')).toEqual([]);
  });

  it('keeps the streak through a covered day, across the spring DST change, without tick points for it', () => {
    // Sunday 29 March (clocks forward) missed; the rest of two weeks ticked on time.
    const data = tracker(rules, 'xxxxxx.xxxxxxx');
    expect(currentStreak(keptDays(data, habit, '2026-04-05'), '2026-04-05')).toBe(14);
    // The covered day keeps the streak alive but adds no day: 13 ticks.
    expect(habitStreak(data, habit, '2026-04-05')).toBe(13);
    const habitAwards = kinds(data, 'habit');
    expect(habitAwards.map((award) => award.date)).not.toContain('2026-03-29');
    expect(habitAwards).toHaveLength(13);
    // The bonuses count ticks: the 7th is Monday 30 March, past the covered day; 13 ticks reach no 14-day bonus.
    expect(kinds(data, 'streakBonus').map((award) => award.ref)).toEqual(['streakBonus:h:2026-03-30:7']);
    // Without the rule the miss breaks the run: a new one reaches 7 days on 5 April.
    expect(kinds(tracker(STORED_COHORT_RULES, 'xxxxxx.xxxxxxx'), 'streakBonus').map((award) => award.ref)).toEqual(['streakBonus:h:2026-04-05:7']);
  });

  it('pays the 7-day bonus on the 7th tick of a run with a covered day inside it, not on the 7th day', () => {
    expect(kinds(tracker(rules, 'xx.xxxx'), 'streakBonus')).toEqual([]);
    expect(kinds(tracker(rules, 'xx.xxxxx'), 'streakBonus').map((award) => award.ref)).toEqual(['streakBonus:h:2026-03-30:7']);
  });

  it('never starts a streak: a habit never ticked has no streak and no jolly used; the first tick makes 1', () => {
    // Made on Tuesday 24 March, never ticked through Friday: no day is covered, none is spent.
    const fresh = { ...tracker(rules, ''), habits: [{ ...habit, createdAt: '2026-03-24T07:00:00.000Z' }] };
    const h = fresh.habits[0]!;
    expect(jollyDays(fresh, h, '2026-03-26')).toEqual([]);
    expect(habitStreak(fresh, h, '2026-03-27')).toBe(0);
    expect(jolliesLeft(fresh, h, '2026-03-27')).toBe(1);
    // Never a day before the habit's first: Monday 23 (the start) is not covered either.
    expect(isJollyDay(fresh, h, '2026-03-23')).toBe(false);
    const ticked = { ...fresh, completions: { h: { '2026-03-27': 'onTime' as const } } };
    expect(habitStreak(ticked, h, '2026-03-27')).toBe(1);
    expect(habitStreak(ticked, h, '2026-03-28')).toBe(1);
  });

  it('keeps a streak alive only: after a miss that broke it, the next miss is not covered until a tick', () => {
    // Week 1: ticked Monday only (Tuesday covered, Wednesday breaks it); week 2: Monday missed with no
    // streak to keep (not covered, no jolly spent), Tuesday ticked, Wednesday missed and covered.
    const data = tracker(rules, 'x.......x.');
    expect(jollyDays(data, habit, '2026-04-01')).toEqual(['2026-03-24', '2026-04-01']);
    expect(habitStreak(data, habit, '2026-04-02')).toBe(1);
  });

  it('back-filling the missed day within the strip frees the jolly for a later miss', () => {
    const missed = tracker(rules, 'xx.xx');
    expect(jolliesLeft(missed, habit, '2026-03-28')).toBe(0);
    const filled = toggleHabit(missed, 'h', '2026-03-25', new Date('2026-03-28T09:00:00Z'));
    if (!filled.ok) throw new Error(filled.message);
    expect(jolliesLeft(filled.data, habit, '2026-03-28')).toBe(1);
    expect(jollyDays(filled.data, habit, '2026-03-27')).toEqual([]);
  });

  it('leaves one jolly a week, counted in the challenge week of today, in the autumn DST week too', () => {
    // Start Monday 19 October 2026; Rome moves its clocks back on Sunday the 25th.
    const autumn = { ...tracker(rules, 'xxxxx.', '2026-10-19', '2026-10-19'), habits: [{ ...habit, createdAt: '2026-10-19T06:00:00.000Z' }] };
    const h = autumn.habits[0]!;
    expect(jolliesLeft(autumn, h, '2026-10-24')).toBe(1);
    // Saturday 24 missed: used on the Sunday of the change; 23:30 UTC that night is already
    // Monday in Rome (UTC+1 again), a new challenge week with its jolly.
    expect(jolliesLeft(autumn, h, '2026-10-25')).toBe(0);
    const monday = todayIn(ROME, new Date('2026-10-25T23:30:00Z'));
    expect(monday).toBe('2026-10-26');
    expect(jolliesLeft(autumn, h, monday)).toBe(1);
  });

  it('isJollyDay, which looks at one week, agrees with jollyDays, which walks the whole challenge', () => {
    // Every pattern of a habit's first 12 days, ticked or not.
    for (let bits = 0; bits < 1 << 12; bits += 7) {
      const pattern = Array.from({ length: 12 }, (_, i) => ((bits >> i) & 1 ? 'x' : '.')).join('');
      const data = tracker(rules, pattern);
      const covered = new Set(jollyDays(data, habit, addDays(START, 11)));
      for (let n = 0; n < 12; n++) expect(isJollyDay(data, habit, addDays(START, n)), `${pattern} day ${n}`).toBe(covered.has(addDays(START, n)));
    }
  });

  it('ends with the eight weeks: no jolly covers a maintenance day, and none is left to count', () => {
    // Every day of the challenge ticked, then day 57 missed and day 58 ticked.
    const data = tracker(rules, `${'x'.repeat(56)}.x`);
    const day57 = addDays(START, 56);
    expect(jolliesLeft(data, habit, addDays(START, 55))).toBe(1);
    expect(jolliesLeft(data, habit, day57)).toBe(0);
    expect(isJollyDay(data, habit, day57)).toBe(false);
    expect(habitStreak(data, habit, addDays(START, 57))).toBe(1);
  });

  it('has no jolly when the rule is off', () => {
    expect(jolliesLeft(tracker(STORED_COHORT_RULES, 'xx.xx'), habit, '2026-03-28')).toBe(0);
  });
});

describe('both rules together', () => {
  it('a single miss covered by the jolly is no return; two misses are, and the streak then starts again', () => {
    const one = tracker(NEW_COHORT_RULES, 'xx.x');
    expect(comebackDays(one, habit)).toEqual([]);
    const two = tracker(NEW_COHORT_RULES, 'xx..x');
    expect(comebackDays(two, habit)).toEqual(['2026-03-27']);
    expect(currentStreak(keptDays(two, habit, '2026-03-27'), '2026-03-27')).toBe(1);
  });
});

describe('the rules in the tracker', () => {
  it('are copied in by setTrackerRules with the points they change, and the server overwrites whatever the browser sent', () => {
    const data = withReconciledHistory(tracker(undefined, 'xx.x'), new Date('2026-03-26T10:00:00Z'));
    const withRules = setTrackerRules(data, ON_ONLY('comebackBonus'), new Date('2026-03-26T10:00:00Z'));
    expect(totalPoints(withRules.pointsHistory) - totalPoints(data.pointsHistory)).toBe(COMEBACK_BONUS_POINTS);
    expect(setTrackerRules(withRules, ON_ONLY('comebackBonus'), new Date())).toBe(withRules);

    // The browser claims the bonus is on; the server's cohort has it off.
    const now = new Date('2026-03-26T10:00:00Z');
    const forged = vouchTracker(withRules, null, { challengeStartDate: START, timeZone: ROME, rules: STORED_COHORT_RULES, now });
    expect(forged.rules).toBeUndefined();
    expect(forged.pointsHistory.some((entry) => entry.kind === 'comebackBonus')).toBe(false);
    const without = vouchTracker(withRules, null, { challengeStartDate: START, timeZone: ROME, now });
    expect(without.rules).toBeUndefined();
  });

  it('a return pays its "Bentornato" only when the server receives the tick on its day', () => {
    const rules = ON_ONLY('comebackBonus');
    const context = (at: string) => ({ challengeStartDate: START, timeZone: ROME, rules, now: new Date(at) });
    // Ticked Monday and Tuesday as they came, Wednesday missed.
    let server = vouchTracker(tracker(rules, 'x'), null, context('2026-03-23T18:00:00Z'));
    server = vouchTracker({ ...server, completions: { h: { ...server.completions.h, '2026-03-24': 'onTime' } } }, server, context('2026-03-24T18:00:00Z'));
    const thursday = { ...server, completions: { h: { ...server.completions.h, '2026-03-26': 'onTime' as const } } };
    const onTime = vouchTracker(thursday, server, context('2026-03-26T18:00:00Z'));
    expect(onTime.pointsHistory.filter((entry) => entry.kind === 'comebackBonus').map((entry) => [entry.date, entry.points])).toEqual([['2026-03-26', 3]]);
    // The same tick first received on Saturday is a back-fill: late, no tick points and no bonus.
    const late = vouchTracker(thursday, server, context('2026-03-28T18:00:00Z'));
    expect(late.completions.h?.['2026-03-26']).toBe('late');
    expect(late.pointsHistory.some((entry) => entry.kind === 'comebackBonus')).toBe(false);
  });
});
