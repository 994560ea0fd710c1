import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TrackerData } from './tracker';
import { setChallengeStartDate, type TrackerResult } from './tracker-actions';
import { addDays, daysBetween, todayIn } from './dates';
import { entryDay, maxPointsPerWeek, totalPoints } from './points';
import { emptyTracker, trackerDataSchema } from './tracker';
import { mergeTrackers } from './tracker-merge';
import { replay, scenarioArbitrary } from '../test-support/tracker-scenarios';
import {
  addActionSlot,
  addHabit,
  archiveHabit,
  currentWeekCheckIn,
  currentWeekStrip,
  firstEditableHabitDay,
  habitDayState,
  habitStripDays,
  newStreakBonuses,
  plannerProgress,
  removeActionSlot,
  restoreTracker,
  savePlanner,
  setActionText,
  submitCheckIn,
  toggleAction,
  toggleHabit,
  weekActions,
} from './tracker-actions';

const ZONE = 'Europe/Rome';
const START = '2026-03-02'; // a Monday
const at = (iso: string) => new Date(iso);
const day1 = at('2026-03-02T09:00:00Z');

const ok = (result: TrackerResult): TrackerData & { awarded: number } => {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return Object.assign(result.data, { awarded: result.awarded });
};
const messageOf = (result: TrackerResult) => (result.ok ? null : result.message);
const started = (now = day1) => emptyTracker(ZONE, now, START);
const withHabit = (now = day1) => ok(addHabit(started(now), '  Meditare ', now, 'h'));
const keys = (data: TrackerData) => data.pointsHistory.map((e) => `${e.kind}|${e.ref}|${e.points}`).sort();

describe('habits', () => {
  it('adds a habit with a trimmed name and refuses an empty one', () => {
    const data = withHabit();
    expect(data.habits).toEqual([{ id: 'h', name: 'Meditare', createdAt: day1.toISOString() }]);
    expect(messageOf(addHabit(data, '   ', day1))).toBe("Inserisci il nome dell'abitudine");
    let many = data;
    for (let i = 1; i < 20; i++) many = ok(addHabit(many, `Abitudine ${i}`, day1));
    expect(new Set(many.habits.map((h) => h.id)).size).toBe(20);
    expect(messageOf(addHabit(many, 'Una di troppo', day1))).toMatch(/massimo/);
  });

  it('pays 2 for today, nothing for a past day, and takes today back when unticked', () => {
    const now = at('2026-03-03T20:00:00Z');
    const data = withHabit(now);
    const today = ok(toggleHabit(data, 'h', '2026-03-03', now));
    expect(today.completions.h).toEqual({ '2026-03-03': 'onTime' });
    expect(today.awarded).toBe(2);
    const yesterday = ok(toggleHabit(today, 'h', '2026-03-02', now));
    expect(yesterday.completions.h?.['2026-03-02']).toBe('late');
    expect(yesterday.awarded).toBe(0);
    const undone = ok(toggleHabit(yesterday, 'h', '2026-03-03', now));
    expect(undone.awarded).toBe(-2);
    expect(totalPoints(undone.pointsHistory)).toBe(0);
  });

  it('refuses future days, days before the start, and a challenge not started', () => {
    const now = at('2026-03-03T20:00:00Z');
    const data = withHabit(now);
    expect(messageOf(toggleHabit(data, 'h', '2026-03-04', now))).toBe('Non puoi segnare un giorno futuro.');
    expect(messageOf(toggleHabit(data, 'h', '2026-03-01', now))).toBe("Questo giorno è precedente all'inizio della challenge.");
    const early = at('2026-02-27T10:00:00Z');
    expect(messageOf(toggleHabit(withHabit(early), 'h', '2026-02-27', early))).toBe('Challenge non ancora iniziata');
    expect(messageOf(toggleHabit(data, 'nessuna', '2026-03-03', now))).toBe('Abitudine non trovata.');
  });

  it('lets the days of the strip be edited (today and the 6 before it, across the week boundary), not older ones', () => {
    expect(firstEditableHabitDay(START, '2026-03-05')).toBe('2026-03-02');
    expect(firstEditableHabitDay(START, '2026-03-09')).toBe('2026-03-03'); // first day of week 2: all of week 1 but its first day
    expect(firstEditableHabitDay(START, '2026-03-11')).toBe('2026-03-05');
    expect(firstEditableHabitDay(START, START)).toBe(START);
    expect(firstEditableHabitDay(null, START)).toBeNull();
    expect(firstEditableHabitDay('2026-03-20', '2026-03-10')).toBeNull();
    const now = at('2026-03-11T10:00:00Z');
    const data = withHabit(now);
    expect(messageOf(toggleHabit(data, 'h', '2026-03-04', now))).toBe('Questo giorno non si può più modificare.');
    expect(habitDayState(data, 'h', '2026-03-04', '2026-03-11')).toEqual({ state: 'past', done: false, editable: false });
    // Wednesday of week 2: Thursday of week 1 is still in the strip, and back-filled it is late.
    expect(habitDayState(data, 'h', '2026-03-05', '2026-03-11')).toEqual({ state: 'past', done: false, editable: true });
    const backFilled = ok(toggleHabit(data, 'h', '2026-03-05', now));
    expect(backFilled.completions.h).toEqual({ '2026-03-05': 'late' });
    expect(totalPoints(backFilled.pointsHistory)).toBe(0);
    expect(habitDayState(data, 'h', '2026-03-11', '2026-03-11')).toEqual({ state: 'today', done: false, editable: true });
    expect(habitDayState(data, 'h', '2026-03-12', '2026-03-11').state).toBe('future');
    expect(currentWeekStrip(data, now)).toEqual(Array.from({ length: 7 }, (_, i) => addDays('2026-03-09', i)));
  });

  it('keeps the points of an archived habit and refuses to toggle it', () => {
    const ticked = ok(toggleHabit(withHabit(), 'h', START, day1));
    const archived = ok(archiveHabit(ticked, 'h', day1));
    expect(archived.habits[0]?.archivedAt).toBe(day1.toISOString());
    expect(totalPoints(archived.pointsHistory)).toBe(2);
    expect(messageOf(toggleHabit(archived, 'h', START, day1))).toBe('Abitudine non trovata.');
  });

  it('pays the 7-day bonus when the seventh day is ticked that day', () => {
    let data = withHabit();
    for (let i = 0; i < 7; i++) {
      const now = at(`${addDays(START, i)}T19:00:00Z`);
      data = ok(toggleHabit(data, 'h', todayIn(ZONE, now), now));
      expect(data.awarded).toBe(i === 6 ? 2 + 5 : 2);
    }
    expect(totalPoints(data.pointsHistory)).toBe(19);
  });

  it('names the streak bonuses a change pays, and none for a tick, an untick or a moved bonus', () => {
    let data = withHabit();
    for (let i = 0; i < 6; i++) {
      const now = at(`${addDays(START, i)}T19:00:00Z`);
      const next = ok(toggleHabit(data, 'h', todayIn(ZONE, now), now));
      expect(newStreakBonuses(data, next)).toEqual([]);
      data = next;
    }
    const seventh = at(`${addDays(START, 6)}T19:00:00Z`);
    const bonus = ok(toggleHabit(data, 'h', addDays(START, 6), seventh));
    expect(newStreakBonuses(data, bonus)).toEqual([{ days: 7, points: 5 }]);
    const undone = ok(toggleHabit(bonus, 'h', addDays(START, 6), seventh));
    expect(newStreakBonuses(bonus, undone)).toEqual([]);
  });

  it('counts a bonus that a back-filled day completes', () => {
    // Days 1-14 on time but day 11, missed: back-filling it on day 14 joins them into a 14-day run
    // whose 14th day (today, on time) pays the 14-day bonus; the 7-day one stays where it was.
    let data = withHabit();
    for (let i = 0; i < 14; i++) {
      if (i === 10) continue;
      const now = at(`${addDays(START, i)}T19:00:00Z`);
      data = ok(toggleHabit(data, 'h', addDays(START, i), now));
    }
    const now = at(`${addDays(START, 13)}T20:00:00Z`);
    const joined = ok(toggleHabit(data, 'h', addDays(START, 10), now));
    expect(newStreakBonuses(data, joined)).toEqual([{ days: 14, points: 10 }]);
    expect(joined.awarded).toBe(10);
  });
});

describe('habit strip', () => {
  it('shows the first challenge week on day 1, so no day before the start', () => {
    expect(habitStripDays(START, START)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(START, i)));
    expect(habitStripDays(START, addDays(START, 3))[0]).toBe(START);
    expect(habitStripDays(START, addDays(START, 6))).toEqual(Array.from({ length: 7 }, (_, i) => addDays(START, i)));
  });

  it('shows the 7 days ending today from day 8, across the challenge-week boundary', () => {
    const monday2 = '2026-03-09'; // first day of week 2
    const strip = habitStripDays(START, monday2);
    expect(strip).toEqual(Array.from({ length: 7 }, (_, i) => addDays('2026-03-03', i)));
    expect(strip.at(-1)).toBe(monday2);
    // Every day of the strip can be ticked: yesterday, the last day of week 1, and the days before it.
    const now = at('2026-03-09T10:00:00Z');
    const data = withHabit(now);
    expect(strip.map((date) => habitDayState(data, 'h', date, monday2).editable)).toEqual([true, true, true, true, true, true, true]);
    expect(ok(toggleHabit(data, 'h', '2026-03-08', now)).completions.h?.['2026-03-08']).toBe('late');
    expect(habitStripDays(START, '2026-04-20')).toEqual(Array.from({ length: 7 }, (_, i) => addDays('2026-04-14', i)));
  });

  it('shows the 7 days ending today before the start or with no start', () => {
    const endingMarch4 = Array.from({ length: 7 }, (_, i) => addDays('2026-02-26', i));
    expect(habitStripDays(null, '2026-03-04')).toEqual(endingMarch4);
    expect(habitStripDays('2026-03-10', '2026-03-04')).toEqual(endingMarch4);
  });
});

describe('planner', () => {
  const now = at('2026-03-04T10:00:00Z');
  const filled = () => {
    let data = started(now);
    for (const [i, text] of ['Correre', 'Leggere', 'Cucinare'].entries()) {
      data = ok(setActionText(data, 1, `w1-a${i + 1}`, text, now));
    }
    return data;
  };

  it('starts every week with 3 empty slots', () => {
    expect(weekActions(started(), 4)).toEqual([
      { id: 'w4-a1', text: '', completed: false },
      { id: 'w4-a2', text: '', completed: false },
      { id: 'w4-a3', text: '', completed: false },
    ]);
  });

  it('completes only actions with text, +10 and −10', () => {
    const data = filled();
    const empty = ok(addActionSlot(data, 1, now));
    expect(messageOf(toggleAction(empty, 1, weekActions(empty, 1)[3]!.id, now))).toBe("Scrivi il testo dell'azione prima di completarla.");
    const done = ok(toggleAction(empty, 1, 'w1-a1', now));
    expect(done.awarded).toBe(10);
    expect(done.pointsHistory[0]?.reason).toBe('Azione completata: Correre');
    expect(plannerProgress(weekActions(done, 1))).toEqual({ planned: 3, completed: 1, percent: 33 });
    expect(ok(toggleAction(done, 1, 'w1-a1', now)).awarded).toBe(-10);
    // Emptying a completed action un-completes it and takes its points back.
    const cleared = ok(setActionText(done, 1, 'w1-a1', '', now));
    expect(cleared.awarded).toBe(-10);
    expect(weekActions(cleared, 1)[0]).toEqual({ id: 'w1-a1', text: '', completed: false });
  });

  it('shows a week emptied below 3 slots (two devices removing while apart) filled up, never with a removed name', () => {
    const base = filled();
    const stamps = { w: Date.now() };
    const thin: TrackerData = {
      ...base,
      weeklyActions: { '1': [{ id: 'w1-a2', text: 'Correre', completed: false }] },
      changedAt: { ...base.changedAt, actions: { '1': { 'w1-a1': stamps.w, 'w1-a3': stamps.w } } },
    };
    expect(weekActions(thin, 1).map((a) => a.id)).toEqual(['w1-a2', 'w1-a4', 'w1-a5']);
  });

  it('keeps 3 to 5 slots', () => {
    let data = filled();
    expect(messageOf(removeActionSlot(data, 1, 'w1-a1', now))).toBe('Servono almeno 3 azioni.');
    data = ok(addActionSlot(ok(addActionSlot(data, 1, now)), 1, now));
    expect(weekActions(data, 1)).toHaveLength(5);
    expect(messageOf(addActionSlot(data, 1, now))).toBe('Puoi avere al massimo 5 azioni.');
    const [added4, added5] = weekActions(data, 1).slice(3).map((a) => a.id);
    // Added slots are named after their moment, each one new even within the same millisecond.
    expect([added4, added5]).toEqual([`w1-${now.getTime().toString(36)}`, `w1-${now.getTime().toString(36)}-2`]);
    data = ok(removeActionSlot(data, 1, added4!, now));
    // The removed slot's name is not given again: a copy that still has it must not bring it back.
    expect(ok(addActionSlot(data, 1, now)).weeklyActions['1']?.map((a) => a.id)).toEqual(['w1-a1', 'w1-a2', 'w1-a3', added5, `w1-${now.getTime().toString(36)}-3`]);
  });

  it('saves with at least 3 non-empty actions and pays once per week', () => {
    const partial = ok(setActionText(started(now), 1, 'w1-a1', 'Correre', now));
    expect(messageOf(savePlanner(partial, 1, now))).toBe('Devi inserire almeno 3 azioni per salvare il planner.');
    const saved = ok(savePlanner(filled(), 1, now));
    expect(saved.awarded).toBe(10);
    expect(saved.pointsHistory.map((e) => e.reason)).toEqual(['Planner salvato (settimana 1)']);
    const again = ok(savePlanner(saved, 1, now));
    expect(again.awarded).toBe(0);
    expect(messageOf(setActionText(saved, 1, 'w1-a1', ' ', now))).toBe('Il planner salvato deve avere almeno 3 azioni.');
  });

  it('edits only the current challenge week, and nothing before the start', () => {
    expect(messageOf(setActionText(filled(), 2, 'w2-a1', 'Domani', now))).toBe('Puoi modificare solo il planner della settimana in corso.');
    const early = at('2026-02-20T10:00:00Z');
    expect(messageOf(savePlanner(started(early), 1, early))).toBe('Challenge non ancora iniziata');
  });
});

describe('check-in', () => {
  const now = at('2026-03-08T17:00:00Z');

  it('records one check-in per challenge week, +10', () => {
    const data = ok(submitCheckIn(started(now), { mood: 4, reflection: '  Settimana buona  ', audioNote: '' }, now, 'c1'));
    expect(data.checkIns).toEqual([
      { id: 'c1', mood: 4, reflection: 'Settimana buona', date: '2026-03-08', weekNumber: 1, submittedAt: now.toISOString() },
    ]);
    expect(data.awarded).toBe(10);
    expect(messageOf(submitCheckIn(data, { mood: 3, reflection: 'Ancora' }, now))).toBe('Check-in già completato questa settimana');
    const nextWeek = at('2026-03-09T08:00:00Z');
    expect(ok(submitCheckIn(data, { mood: 3, reflection: 'Ancora' }, nextWeek)).checkIns[1]?.weekNumber).toBe(2);
  });

  it('from day 57 takes one check-in a maintenance month, for no points', () => {
    // Day 57 is Monday 27 April 2026; the second month begins on 25 May.
    const day57 = at('2026-04-27T07:00:00Z');
    const first = ok(submitCheckIn(started(day57), { mood: 5, reflection: 'Continuo' }, day57, 'm1'));
    expect(first.checkIns).toEqual([{ id: 'm1', mood: 5, reflection: 'Continuo', date: '2026-04-27', weekNumber: 9, submittedAt: day57.toISOString() }]);
    expect(first.awarded).toBe(0);
    expect(first.pointsHistory).toEqual([]);
    expect(currentWeekCheckIn(first, at('2026-05-24T21:00:00Z'))?.id).toBe('m1'); // 23:00 in Rome, the month's last day
    expect(messageOf(submitCheckIn(first, { mood: 3, reflection: 'Ancora' }, at('2026-05-24T21:00:00Z')))).toBe('Check-in già completato questo mese');
    // Midnight in Rome (UTC+2 in May) opens the second month.
    const second = ok(submitCheckIn(first, { mood: 3, reflection: 'Ancora' }, at('2026-05-24T22:00:00Z'), 'm2'));
    expect(second.checkIns.map((checkIn) => [checkIn.weekNumber, checkIn.date])).toEqual([
      [9, '2026-04-27'],
      [10, '2026-05-25'],
    ]);
    expect(currentWeekCheckIn(second, at('2026-05-25T08:00:00Z'))?.id).toBe('m2');
  });

  it('takes no check-in after the last maintenance month', () => {
    // Thirteen months of 28 days from 27 April 2026: the last ends on 25 April 2027.
    expect(ok(submitCheckIn(started(), { mood: 4, reflection: 'Ultimo' }, at('2027-04-25T10:00:00Z'))).checkIns[0]?.weekNumber).toBe(21);
    expect(messageOf(submitCheckIn(started(), { mood: 4, reflection: 'Oltre' }, at('2027-04-26T10:00:00Z')))).toBe('I check-in della fase di mantenimento sono terminati.');
  });

  it('uses the exact Italian messages', () => {
    expect(messageOf(submitCheckIn(emptyTracker(ZONE, now), { mood: 3, reflection: 'x' }, now))).toBe('Errore: Challenge non ancora iniziata');
    expect(messageOf(submitCheckIn(started(now), { mood: 3, reflection: '   ' }, now))).toBe('Scrivi almeno qualche parola nella tua riflessione!');
    expect(messageOf(submitCheckIn(started(now), { mood: 3, reflection: 'x'.repeat(301) }, now))).toBe('La riflessione può avere al massimo 300 caratteri');
    expect(messageOf(submitCheckIn(started(now), { mood: 6, reflection: 'x' }, now))).toBe('Scegli il tuo umore da 1 a 5.');
    expect(ok(submitCheckIn(started(now), { mood: 3, reflection: 'x'.repeat(300) }, now)).checkIns).toHaveLength(1);
  });
});

describe('restoreTracker', () => {
  it('reconciles the history of a repaired tracker', () => {
    const data = ok(toggleHabit(withHabit(), 'h', START, day1));
    const stored = { ...data, habits: [...data.habits, { id: 'broken' }] };
    const { data: restored, repaired } = restoreTracker(JSON.stringify(stored), day1);
    expect(repaired).toBe(true);
    expect(trackerDataSchema.safeParse(restored).success).toBe(true);
    expect(restored.pointsHistory).toEqual(data.pointsHistory);
    const noHabits = restoreTracker({ ...data, habits: 'rotto' }, day1).data;
    expect(noHabits.pointsHistory).toEqual([]);
  });
});

describe('properties of random action sequences', () => {
  it('toggling a habit today or an action twice leaves points and history unchanged', () => {
    fc.assert(
      fc.property(scenarioArbitrary(80), (scenario) => {
        const { data, now } = replay(scenario);
        const week = Math.min(8, Math.floor(daysBetween(scenario.challengeStartDate, todayIn(data.timeZone, now)) / 7) + 1);
        const twice: Array<(d: TrackerData) => TrackerResult> = [
          ...data.habits.map((h) => (d: TrackerData) => toggleHabit(d, h.id, todayIn(d.timeZone, now), now)),
          ...weekActions(data, week).map((a) => (d: TrackerData) => toggleAction(d, week, a.id, now)),
        ];
        for (const toggle of twice) {
          const once = toggle(data);
          if (!once.ok) continue;
          const back = toggle(once.data);
          expect(back.ok).toBe(true);
          if (!back.ok) continue;
          expect(once.awarded + back.awarded).toBe(0);
          expect(totalPoints(back.data.pointsHistory)).toBe(totalPoints(data.pointsHistory));
          expect(keys(back.data)).toEqual(keys(data));
          // Switching on then off restores the very same history.
          if (once.awarded >= 0) expect(back.data.pointsHistory).toEqual(data.pointsHistory);
        }
      }),
      { numRuns: 40 },
    );
  }, 20_000);

  it('never puts more than maxPointsPerWeek into one week, and stamps entries with their week', () => {
    fc.assert(
      fc.property(scenarioArbitrary(150), (scenario) => {
        let step = 0;
        replay(scenario, (data) => {
          if (step++ % 5 !== 0) return;
          const start = scenario.challengeStartDate;
          const perWeek = new Map<number, number>();
          for (const entry of data.pointsHistory) {
            // Each entry counts on its own day (the day ticked, or a day of the week it pays), in that day's week.
            const day = entryDay(entry, data.timeZone);
            const elapsed = Math.floor(daysBetween(start, day) / 7);
            if (elapsed < 0 || entry.weekNumber !== Math.min(8, elapsed + 1)) {
              throw new Error(`entry ${entry.ref} for ${day} has week ${entry.weekNumber}`);
            }
            perWeek.set(elapsed, (perWeek.get(elapsed) ?? 0) + entry.points);
          }
          const limit = maxPointsPerWeek(data.habits.length);
          for (const [week, points] of perWeek) {
            if (points > limit) throw new Error(`week ${week + 1}: ${points} > ${limit}`);
          }
        });
      }),
      { numRuns: 40 },
    );
  }, 20_000);
});

describe('setChallengeStartDate', () => {
  it("copies the server's date without dating it as a participant's change", () => {
    const before = emptyTracker('Europe/Rome', new Date('2026-03-01T10:00:00Z'));
    const after = setChallengeStartDate(before, '2026-03-02', new Date('2026-03-05T10:00:00Z'));
    expect(after.challengeStartDate).toBe('2026-03-02');
    // A repaired or empty local copy must not become "newer" than the server's by this copy alone.
    expect(after.updatedAt).toBe(before.updatedAt);
  });
});

describe('ids of new items on two devices at the same moment', () => {
  it('keeps both habits and both planner slots when each device adds its own id suffix', () => {
    const now = at('2026-03-03T09:00:00.123Z');
    const base = started(now);
    const stamp = now.getTime().toString(36);
    const laptop = ok(addHabit(base, 'Portatile', now, `h-${stamp}-aaa`));
    const phone = ok(addHabit(base, 'Telefono', now, `h-${stamp}-bbb`));
    expect(mergeTrackers(laptop, phone, now).habits.map((h) => h.name).sort()).toEqual(['Portatile', 'Telefono']);
    // Without the suffix both would be `h-<stamp>`: one habit, one name lost.
    expect(ok(addHabit(base, 'Portatile', now)).habits[0]!.id).toBe(ok(addHabit(base, 'Telefono', now)).habits[0]!.id);

    const slotA = ok(addActionSlot(base, 1, now, 'aaa'));
    const slotB = ok(addActionSlot(base, 1, now, 'bbb'));
    expect(weekActions(mergeTrackers(slotA, slotB, now), 1)).toHaveLength(5);
  });
});

