import { describe, expect, it } from 'vitest';
import { rosterDigest } from './roster-digest';
import { emptyTracker, type TrackerData } from './tracker';
import {
  highFiveNeighbourDays,
  sameHighFiveDay,
  formTeams,
  formTeamsRequestSchema,
  habitDaysPercent,
  rankTeams,
  renameTeamRequestSchema,
  smallestTeam,
  teamCountFor,
  teammateWeek,
  teamTexts,
  type FormingMember,
} from './teams';

const people = (count: number, points: (i: number) => number = () => 0): FormingMember[] =>
  Array.from({ length: count }, (_, i) => ({ userId: `u${String(i).padStart(2, '0')}`, lastWeekPoints: points(i) }));

describe('teamCountFor', () => {
  it('keeps every team between 3 and 6 people, near the size aimed at', () => {
    for (let count = 3; count <= 80; count++) {
      for (let size = 3; size <= 6; size++) {
        const teams = teamCountFor(count, size);
        const smallest = Math.floor(count / teams);
        const largest = Math.ceil(count / teams);
        expect(smallest, `${count} people, size ${size}`).toBeGreaterThanOrEqual(3);
        // Larger than aimed at only where one more team would fall below three.
        if (teams < Math.floor(count / 3)) expect(largest, `${count} people, size ${size}`).toBeLessThanOrEqual(size);
        expect(largest).toBeLessThanOrEqual(6);
      }
    }
  });

  it('makes no team below three people', () => {
    expect(teamCountFor(2, 4)).toBe(0);
    expect(teamCountFor(3, 4)).toBe(1);
    expect(teamCountFor(7, 3)).toBe(2);
    expect(teamCountFor(10, 4)).toBe(3);
  });
});

describe('formTeams', () => {
  it('balanced: a snake draft by last week\'s points keeps the teams\' totals close', () => {
    const members = people(12, (i) => (i + 1) * 10);
    const teams = formTeams(members, 'balanced', 4);
    expect(teams.map((team) => team.length)).toEqual([4, 4, 4]);
    const points = new Map(members.map((m) => [m.userId, m.lastWeekPoints]));
    const totals = teams.map((team) => team.reduce((sum, id) => sum + points.get(id)!, 0));
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(20);
    // The strongest and the weakest end up in the same team.
    expect(teams[0]).toEqual(expect.arrayContaining(['u11', 'u00']));
    // Everyone once.
    expect(teams.flat().sort()).toEqual(members.map((m) => m.userId));
  });

  it('random: a shuffle from the given source, everyone once, sizes as even as can be', () => {
    const members = people(13);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const teams = formTeams(members, 'random', 6, random);
    expect(teams.map((team) => team.length).sort()).toEqual([4, 4, 5]);
    expect(teams.flat().sort()).toEqual(members.map((m) => m.userId));
    // Not simply the input dealt in order.
    expect(teams).not.toEqual(formTeams(members, 'random', 6, () => 0.999999));
  });

  it('forms nothing for fewer than three people', () => {
    expect(formTeams(people(2), 'balanced', 3)).toEqual([]);
  });
});

describe('smallestTeam', () => {
  it('picks the team with fewest members; of equals, the first by name (numbers in order)', () => {
    const teams = [
      { id: 'c', name: 'Squadra 10', memberIds: ['a', 'b', 'c'] },
      { id: 'b', name: 'Squadra 2', memberIds: ['d', 'e', 'f'] },
      { id: 'a', name: 'Squadra 3', memberIds: ['g', 'h', 'i', 'j'] },
    ];
    expect(smallestTeam(teams)?.id).toBe('b');
    expect(smallestTeam([])).toBeNull();
  });
});

describe('rankTeams', () => {
  it('ranks by average points per member, an inactive member counting as zero; ties share the rank', () => {
    const teams = [
      { id: 'big', name: 'Grande', memberIds: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { id: 'small', name: 'Piccola', memberIds: ['g', 'h', 'i'] },
      { id: 'idle', name: 'Ferma', memberIds: ['j', 'k', 'l'] },
      { id: 'same', name: 'Alpha', memberIds: ['m', 'n', 'o'] },
    ];
    // Grande: 60 over 6 = 10. Piccola: 45 over 3 = 15, though one of them did nothing. Alpha: 30 over 3 = 10.
    const points = new Map([['a', 10], ['b', 10], ['c', 10], ['d', 10], ['e', 10], ['f', 10], ['g', 30], ['h', 15], ['m', 30]]);
    const ranked = rankTeams(teams, points, 'small');
    expect(ranked.map((row) => [row.rank, row.teamId, row.weekPoints, row.averagePoints, row.isMine])).toEqual([
      [1, 'small', 45, 15, true],
      [2, 'same', 30, 10, false],
      [2, 'big', 60, 10, false],
      [4, 'idle', 0, 0, false],
    ]);
  });

  it('rounds the average to one decimal', () => {
    const [row] = rankTeams([{ id: 't', name: 'T', memberIds: ['a', 'b', 'c'] }], new Map([['a', 10]]), null);
    expect(row!.averagePoints).toBe(3.3);
  });
});

describe('teammateWeek', () => {
  const zone = 'Europe/Rome';
  // Started Monday 23 March 2026; the clocks go forward on Sunday 29 March (week 1's last day).
  const START = '2026-03-23';

  function trackerWith(change: (data: TrackerData) => void): TrackerData {
    const data = emptyTracker(zone, new Date('2026-03-22T10:00:00Z'), START);
    data.habits = [
      { id: 'h1', name: 'Camminare', createdAt: '2026-03-22T10:00:00.000Z' },
      { id: 'h2', name: 'Acqua', createdAt: '2026-03-22T10:00:00.000Z' },
    ] as TrackerData['habits'];
    change(data);
    return data;
  }

  it('counts habit-days ticked of those due this challenge week up to today, across the DST change', () => {
    const data = trackerWith((d) => {
      d.completions = { h1: { '2026-03-27': true, '2026-03-28': true, '2026-03-29': true }, h2: { '2026-03-29': true } } as unknown as TrackerData['completions'];
      d.savedPlannerWeeks = [1];
    });
    // Sunday 29 March, the day the clocks change: 7 days × 2 habits due, 4 ticked.
    const week = teammateWeek(rosterDigest(data, '2026-03-29'), START, '2026-03-29');
    expect(week).toEqual({ challengeWeek: 1, habitDaysTicked: 4, habitDaysDue: 14, plannerDone: true, checkInDone: false });
    expect(habitDaysPercent(week)).toBe(29);
    // Monday 30 March, week 2: nothing ticked yet, one day of each habit due, the planner not saved for week 2.
    expect(teammateWeek(rosterDigest(data, '2026-03-29'), START, '2026-03-30')).toEqual({
      challengeWeek: 2,
      habitDaysTicked: 0,
      habitDaysDue: 2,
      plannerDone: false,
      checkInDone: false,
    });
  });

  it('counts a habit only from the day it was created, and says the check-in of the week is done', () => {
    const data = trackerWith((d) => {
      d.habits.push({ id: 'h3', name: 'Leggere', createdAt: '2026-03-27T22:30:00.000Z' } as TrackerData['habits'][number]);
      d.checkIns = [{ weekNumber: 1, date: '2026-03-28', mood: 4, reflection: '', submittedAt: '2026-03-28T10:00:00.000Z' }] as TrackerData['checkIns'];
    });
    // Created at 23:30 in Rome on Friday 27: due on 27 and 28 only (7 + 7 + 2).
    const week = teammateWeek(rosterDigest(data, '2026-03-28'), START, '2026-03-28');
    expect(week.habitDaysDue).toBe(6 + 6 + 2);
    expect(week.checkInDone).toBe(true);
  });

  it('is empty before the start or before the first sync', () => {
    expect(teammateWeek(null, START, '2026-03-25')).toMatchObject({ challengeWeek: 1, habitDaysDue: 0, plannerDone: false });
    expect(teammateWeek(null, null, '2026-03-25')).toMatchObject({ challengeWeek: 0, habitDaysDue: 0 });
    expect(habitDaysPercent({ habitDaysTicked: 0, habitDaysDue: 0 })).toBeNull();
  });
});

describe('request schemas', () => {
  it('refuse a size outside 3–6 and a blank name in Italian', () => {
    const size = formTeamsRequestSchema.safeParse({ method: 'balanced', size: 7 });
    expect(size.success).toBe(false);
    expect(size.error?.issues[0]?.message).toBe(teamTexts.sizeInvalid);
    expect(formTeamsRequestSchema.safeParse({ method: 'misto', size: 4 }).error?.issues[0]?.message).toBe(teamTexts.methodInvalid);
    expect(renameTeamRequestSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(teamTexts.nameRequired);
    expect(renameTeamRequestSchema.parse({ name: '  I Falchi ' })).toEqual({ name: 'I Falchi' });
  });
});

describe('sameHighFiveDay', () => {
  const rome = { sentAt: '2026-03-25T12:00:00.000Z', timeZone: 'Europe/Rome' };

  it('in one zone, is its calendar day', () => {
    expect(sameHighFiveDay(rome, new Date('2026-03-25T22:59:00Z'), 'Europe/Rome')).toBe(true);
    expect(sameHighFiveDay(rome, new Date('2026-03-25T23:00:00Z'), 'Europe/Rome')).toBe(false);
  });

  it('after a new zone, lasts until the day has changed in both', () => {
    // Kiritimati (UTC+14) is already on Thursday 26 when Rome's Wednesday 25 is at 13:00.
    expect(sameHighFiveDay(rome, new Date('2026-03-25T12:00:00Z'), 'Pacific/Kiritimati')).toBe(true);
    expect(sameHighFiveDay(rome, new Date('2026-03-25T23:30:00Z'), 'Pacific/Kiritimati')).toBe(true);
    expect(sameHighFiveDay(rome, new Date('2026-03-26T10:00:00Z'), 'Pacific/Kiritimati')).toBe(false);
    // Westwards (UTC-10): Wednesday there until 10:00 UTC on Thursday.
    expect(sameHighFiveDay(rome, new Date('2026-03-26T09:59:00Z'), 'Pacific/Honolulu')).toBe(true);
    expect(sameHighFiveDay(rome, new Date('2026-03-26T10:00:00Z'), 'Pacific/Honolulu')).toBe(false);
  });

  it('the sender days to look at span two either side', () => {
    expect(highFiveNeighbourDays('2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
  });
});
