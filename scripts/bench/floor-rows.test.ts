import { describe, expect, it } from 'vitest';
import { floorRows, ratioRow, ratioOf } from './results';
import { copyPath, replaceStrings } from './seed-long';

describe('floorRows', () => {
  it("judges a row against its floor's goals and reports the floor against the one-read baseline", () => {
    const rows = floorRows('PATCH sync', { requestsPerSecond: 60, p50: 90 }, { requestsPerSecond: 100, p50: 50 }, { requestsPerSecond: 2000, p50: 20 }, { throughputAtLeast: 0.5, p50AtMost: 2 });
    expect(rows.map((row) => [row.goal, row.ok])).toEqual([
      ['≥ 0.5× floor', true],
      ['≤ 2× floor', true],
      ['', null],
      ['', null],
    ]);
    expect(ratioOf(rows[2]!)).toBe(0.05);
    expect(ratioOf(rows[3]!)).toBe(2.5);
    const slow = floorRows('PATCH sync', { requestsPerSecond: 40, p50: 110 }, { requestsPerSecond: 100, p50: 50 }, null, { throughputAtLeast: 0.5, p50AtMost: 2 });
    expect(slow.slice(0, 2).map((row) => row.ok)).toEqual([false, false]);
  });

  it('leaves a goal unjudged when a side was not measured', () => {
    expect(floorRows('x', null, { requestsPerSecond: 1, p50: 1 }, null, { p50AtMost: 1.5 })[1]!.ok).toBeNull();
    expect(ratioRow('x', 10, 0, 'ms', { atMost: 2 }).ok).toBeNull();
    expect(ratioRow('x', 12, 10, 'ms', { atMost: 1.2, label: '8 weeks' })).toMatchObject({ goal: '≤ 1.2× 8 weeks', ok: true });
  });
});

describe("the 24-month participants' copies", () => {
  it("put the template's documents under the copy's id, its id and name replaced in the data", () => {
    expect(copyPath('progressRevisions/tpl_12', 'tpl', 'u2')).toBe('progressRevisions/u2_12');
    expect(copyPath('users/tpl/seasons/1', 'tpl', 'u2')).toBe('users/u2/seasons/1');
    const replacements = new Map([
      ['tpl', 'u2'],
      ['Ventiquattro 01', 'Ventiquattro 02'],
    ]);
    expect(replaceStrings({ userId: 'tpl', displayName: 'Ventiquattro 01', list: ['tpl', 3], note: 'tpl is here' }, replacements)).toEqual({
      userId: 'u2',
      displayName: 'Ventiquattro 02',
      list: ['u2', 3],
      note: 'tpl is here',
    });
  });
});
