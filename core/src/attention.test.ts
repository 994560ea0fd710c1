import { describe, expect, it } from 'vitest';
import type { CheckIn, TrackerData } from './tracker';
import { addDays } from './dates';
import { emptyTracker, trackerDataSchema } from './tracker';
import { attentionLabels, attentionReasons, type AttentionInput } from './attention';

const ZONE = 'Europe/Rome';
/** Monday 23 March 2026: the clocks go forward in Rome on Sunday the 29th. */
const START = '2026-03-23';

function tracker(parts: Partial<TrackerData> = {}): TrackerData {
  return trackerDataSchema.parse({ ...emptyTracker(ZONE, new Date('2026-03-20T10:00:00Z'), START), ...parts });
}

const checkIn = (weekNumber: number, mood: number): CheckIn => {
  const date = addDays(START, (weekNumber - 1) * 7 + 4);
  return { id: `c${weekNumber}`, mood, reflection: 'Settimana', date, weekNumber, submittedAt: `${date}T18:00:00.000Z` };
};

const habit = (id: string, createdAt: string, archivedAt?: string) => ({ id, name: `Abitudine ${id}`, createdAt, ...(archivedAt ? { archivedAt } : {}) });

/** Reasons' codes for a participant who started with the cohort, registered before it. */
function codes(input: Partial<AttentionInput>): string[] {
  return attentionReasons({ tracker: null, challengeStartDate: START, cohortStartDate: START, registeredAt: '2026-03-10', today: START, ...input }).map(
    (r) => r.code,
  );
}

/** A tracker with a habit ticked every day from the start to `through`, the planners saved, every check-in given at `mood`. */
function busy(through: string, mood = 4): TrackerData {
  const days: Record<string, 'onTime'> = {};
  for (let day = START; day <= through; day = addDays(day, 1)) days[day] = 'onTime';
  return tracker({
    habits: [habit('h', '2026-03-22T09:00:00.000Z')],
    completions: { h: days },
    savedPlannerWeeks: [1, 2, 3, 4, 5, 6, 7, 8],
    checkIns: [1, 2, 3, 4, 5, 6, 7, 8].map((w) => checkIn(w, mood)),
  });
}

describe('attentionReasons', () => {
  it('nothing for a participant doing everything', () => {
    expect(codes({ tracker: busy('2026-04-15'), today: '2026-04-15' })).toEqual([]);
  });

  it('labels are Italian and come most urgent first', () => {
    const reasons = attentionReasons({
      tracker: tracker({ habits: [habit('h', '2026-03-22T09:00:00.000Z')], checkIns: [checkIn(1, 5), checkIn(2, 1)] }),
      challengeStartDate: START,
      cohortStartDate: START,
      registeredAt: '2026-03-10',
      today: '2026-04-08', // week 3, day 3: week 2's check-in given, this week's planner not
    });
    expect(reasons).toEqual([
      { code: 'lowMood', label: "Umore basso nell'ultimo check-in" },
      { code: 'moodDrop', label: 'Umore calato di 2 o più punti' },
      { code: 'noHabits2Days', label: 'Nessuna abitudine da 2 giorni' },
      { code: 'noPlanner', label: 'Planner della settimana non salvato' },
    ]);
    expect(Object.keys(attentionLabels)).toHaveLength(7);
  });

  describe('mood', () => {
    const today = '2026-04-01'; // week 2, day 3
    const at = (...moods: number[]) => codes({ tracker: { ...busy(today), checkIns: moods.map((m, i) => checkIn(i + 1, m)) }, today });

    it('lowMood: the last check-in at 1 or 2', () => {
      expect(at(1)).toEqual(['lowMood']);
      expect(at(2)).toEqual(['lowMood']);
      expect(at(3)).toEqual([]);
      // The last one is what counts, not an earlier low one.
      expect(at(2, 3)).toEqual([]);
    });

    it('moodDrop: 2 or more below the check-in before', () => {
      expect(at(5, 3)).toEqual(['moodDrop']);
      expect(at(4, 3)).toEqual([]);
      expect(at(4, 2)).toEqual(['lowMood', 'moodDrop']);
      expect(at(3, 2)).toEqual(['lowMood']);
    });
  });

  describe('noHabits2Days, across the spring clock change (29 March in Rome)', () => {
    const today = '2026-03-30';
    const ticked = (...days: string[]) =>
      tracker({ habits: [habit('h', '2026-03-22T09:00:00.000Z')], completions: { h: Object.fromEntries(days.map((d) => [d, 'onTime'])) }, savedPlannerWeeks: [1, 2], checkIns: [checkIn(1, 4)] });

    it('flagged when neither of the last 2 whole days nor today has a tick', () => {
      expect(codes({ tracker: ticked('2026-03-27'), today })).toEqual(['noHabits2Days']);
      // Sunday the 29th had 23 hours: still one calendar day.
      expect(codes({ tracker: ticked('2026-03-29'), today })).toEqual([]);
      expect(codes({ tracker: ticked('2026-03-28'), today })).toEqual([]);
      // A late tick for a missed day counts as a tick of that day.
      expect(codes({ tracker: { ...ticked(), completions: { h: { '2026-03-28': 'late' } } }, today })).toEqual([]);
      // Ticking today clears it.
      expect(codes({ tracker: ticked(today), today })).toEqual([]);
    });

    it('only for habits that existed on both days, and not archived', () => {
      const data = ticked();
      // 00:30 on the 28th in Rome (still winter time): due on the 28th.
      expect(codes({ tracker: { ...data, habits: [habit('h', '2026-03-27T23:30:00.000Z')] }, today })).toEqual(['noHabits2Days']);
      // 00:30 on the 29th: created yesterday, not yet due the day before.
      expect(codes({ tracker: { ...data, habits: [habit('h', '2026-03-28T23:30:00.000Z')] }, today })).toEqual([]);
      expect(codes({ tracker: { ...data, habits: [habit('h', '2026-03-22T09:00:00.000Z', '2026-03-26T09:00:00.000Z')] }, today })).toEqual([]);
      expect(codes({ tracker: { ...data, habits: [] }, today })).toEqual([]);
    });

    it('not in the first 2 days of the challenge, nor once it is over', () => {
      const data = ticked();
      expect(codes({ tracker: data, today: addDays(START, 1) })).toEqual([]);
      expect(codes({ tracker: { ...data, habits: [habit('h', '2026-03-20T09:00:00.000Z')] }, today: addDays(START, 2) })).toEqual(['noHabits2Days']);
      expect(codes({ tracker: { ...busy('2026-05-16'), completions: {} }, today: '2026-05-18' })).toEqual([]);
    });
  });

  describe('missingCheckIn', () => {
    const without = (week: number, today: string) => ({ tracker: { ...busy(today), checkIns: busy(today).checkIns.filter((c) => c.weekNumber !== week) }, today });

    it("through the whole week after the missing one", () => {
      expect(codes(without(1, '2026-03-29'))).toEqual([]); // week 1's Sunday: still time
      expect(codes(without(1, '2026-03-30'))).toEqual(['missingCheckIn']);
      expect(codes(without(1, '2026-04-05'))).toEqual(['missingCheckIn']);
      expect(codes(without(1, '2026-04-06'))).toEqual([]);
    });

    it('a late joiner of a cohort running together owes none for the weeks before the one they joined in', () => {
      // Joined on Wednesday of week 2 (1 April): week 1 was not theirs, week 2 was.
      const joinedInWeek2 = { tracker: { ...busy('2026-04-08'), checkIns: [] }, today: '2026-04-08', registeredAt: '2026-04-01' };
      expect(codes({ ...joinedInWeek2, today: '2026-04-01', tracker: { ...busy('2026-04-01'), checkIns: [] } })).toEqual([]);
      expect(codes(joinedInWeek2)).toEqual(['missingCheckIn']);
    });

    it("week 8's shows in the week after the challenge, then no more", () => {
      expect(codes(without(8, '2026-05-18'))).toEqual(['missingCheckIn']);
      expect(codes(without(8, '2026-05-24'))).toEqual(['missingCheckIn']);
      expect(codes(without(8, '2026-05-25'))).toEqual([]);
    });
  });

  it('noPlanner: from the third day of the challenge week', () => {
    const unsaved = (today: string) => ({ tracker: { ...busy(today), savedPlannerWeeks: [1] }, today });
    expect(codes(unsaved('2026-03-30'))).toEqual([]);
    expect(codes(unsaved('2026-03-31'))).toEqual([]);
    expect(codes(unsaved('2026-04-01'))).toEqual(['noPlanner']);
    expect(codes(unsaved('2026-04-05'))).toEqual(['noPlanner']);
    // A start on a Thursday: its weeks run Thursday to Wednesday.
    const thursday = '2026-03-26';
    expect(codes({ ...unsaved('2026-04-03'), challengeStartDate: thursday })).toEqual([]);
    expect(codes({ ...unsaved('2026-04-04'), challengeStartDate: thursday })).toEqual(['noPlanner']);
  });

  it('notStarted: 2 days after the later of the cohort start and the registration, with no start chosen', () => {
    expect(codes({ challengeStartDate: null, today: '2026-03-24' })).toEqual([]);
    expect(codes({ challengeStartDate: null, today: '2026-03-25' })).toEqual(['notStarted']);
    // A start still to come is a plan, not a delay.
    expect(codes({ challengeStartDate: '2026-03-30', today: '2026-03-26' })).toEqual([]);
    // Registered after the cohort began: counted from the registration.
    expect(codes({ challengeStartDate: null, registeredAt: '2026-04-01', today: '2026-04-02' })).toEqual([]);
    expect(codes({ challengeStartDate: null, registeredAt: '2026-04-01', today: '2026-04-03' })).toEqual(['notStarted']);
    // Never noActivity as well, nor anything about the weeks.
    expect(codes({ challengeStartDate: null, today: '2026-04-20' })).toEqual(['notStarted']);
    expect(codes({ challengeStartDate: '2026-03-25', today: '2026-03-26', tracker: busy('2026-03-26') })).toEqual([]);
  });

  it('noActivity: started, nothing ever done, 3 days after the start or a later registration', () => {
    expect(codes({ today: '2026-03-25' })).toEqual(['noPlanner']);
    expect(codes({ today: '2026-03-26' })).toEqual(['noPlanner', 'noActivity']);
    expect(codes({ tracker: tracker(), today: '2026-03-26' })).toEqual(['noPlanner', 'noActivity']);
    expect(codes({ registeredAt: '2026-03-27', today: '2026-03-29' })).toEqual(['noPlanner']);
    expect(codes({ registeredAt: '2026-03-27', today: '2026-03-30' })).toEqual(['missingCheckIn', 'noActivity']);
    // A habit created is something done.
    expect(codes({ tracker: tracker({ habits: [habit('h', '2026-03-24T09:00:00.000Z')] }), today: '2026-03-26' })).toEqual(['noHabits2Days', 'noPlanner']);
  });
});
