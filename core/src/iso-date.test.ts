import { describe, expect, test } from 'vitest';
import { isIsoDate } from './iso-date';

describe('isIsoDate', () => {
  test('takes real days and refuses the rest', () => {
    for (const day of ['2025-01-01', '2025-12-31', '2024-02-29', '2000-02-29', '2025-04-30', '2026-03-29']) expect(isIsoDate(day), day).toBe(true);
    for (const day of ['2025-02-29', '1900-02-29', '2100-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '2025-1-01', '2025-01-01T00:00', ' 2025-01-01', '']) {
      expect(isIsoDate(day), day).toBe(false);
    }
  });

  test('agrees with the calendar of Date on every day from 1899 to 2101, and on the day after each month', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (let y = 1899; y <= 2101; y++) {
      for (let m = 1; m <= 12; m++) {
        const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
        expect(isIsoDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(days, 2)}`)).toBe(true);
        expect(isIsoDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(days + 1, 2)}`)).toBe(false);
      }
    }
  });
});
