import { describe, expect, it } from 'vitest';
import { checkInRows, exportFileName, habitRows, isoWithOffset } from './privacy-export';
import { emptyTracker, type TrackerData } from './tracker';

function trackerWith(fields: Partial<TrackerData>): TrackerData {
  return { ...emptyTracker('Europe/Rome', new Date('2031-01-01T08:00:00Z')), ...fields };
}

describe('isoWithOffset', () => {
  it('writes the wall clock of the zone with its offset, summer and winter', () => {
    expect(isoWithOffset(new Date('2031-01-15T09:30:05Z'), 'Europe/Rome')).toBe('2031-01-15T10:30:05+01:00');
    expect(isoWithOffset(new Date('2031-07-15T09:30:05Z'), 'Europe/Rome')).toBe('2031-07-15T11:30:05+02:00');
  });

  it('writes a zero offset as +00:00, and negative ones', () => {
    expect(isoWithOffset(new Date('2031-01-15T09:30:05Z'), 'UTC')).toBe('2031-01-15T09:30:05+00:00');
    expect(isoWithOffset(new Date('2031-01-15T09:30:05Z'), 'America/New_York')).toBe('2031-01-15T04:30:05-05:00');
  });
});

describe('exportFileName', () => {
  it('names the day on the caller\'s calendar, not UTC\'s', () => {
    expect(exportFileName(new Date('2031-01-15T23:30:00Z'), 'Europe/Rome')).toBe('sfida-8-settimane-dati-2031-01-16.zip');
    expect(exportFileName(new Date('2031-01-15T23:30:00Z'), 'UTC')).toBe('sfida-8-settimane-dati-2031-01-15.zip');
  });
});

describe('the CSV rows', () => {
  const habit = (id: string, name: string) => ({ id, name, createdAt: '2031-01-01T08:00:00.000Z' });
  const first = trackerWith({
    habits: [habit('h1', 'Acqua'), habit('h2', 'Passi')],
    completions: { h1: { '2031-01-07': 'onTime', '2031-01-06': 'late' }, h2: { '2031-01-06': 'onTime' } },
    checkIns: [{ id: 'c1', mood: 4, reflection: 'Bene', date: '2031-01-12', weekNumber: 1, submittedAt: '2031-01-12T18:00:00.000Z' }],
  });
  const second = trackerWith({ habits: [habit('h3', 'Sonno')], completions: { h3: { '2031-05-01': 'onTime' } }, checkIns: [] });

  it('gives one row a habit a day it was ticked, season by season, by date', () => {
    expect(habitRows([{ season: 2, tracker: second }, { season: 1, tracker: first }])).toEqual([
      [1, '2031-01-06', 'Acqua', 'recuperata'],
      [1, '2031-01-06', 'Passi', 'fatta'],
      [1, '2031-01-07', 'Acqua', 'fatta'],
      [2, '2031-05-01', 'Sonno', 'fatta'],
    ]);
  });

  it('gives one row a check-in', () => {
    expect(checkInRows([{ season: 1, tracker: first }, { season: 2, tracker: second }])).toEqual([[1, 1, '2031-01-12', 4, 'Bene']]);
  });
});
