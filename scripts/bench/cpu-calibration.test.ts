import { describe, expect, test } from 'vitest';
import { calibratedCpuSlowdown } from './cpu-calibration';

describe('calibratedCpuSlowdown', () => {
  test("is Lighthouse's own 4× on a host in the middle of the high-end desktop bracket", () => {
    expect(calibratedCpuSlowdown(1750)).toBe(4);
  });

  test('grows with a faster host and shrinks with a slower one, in proportion', () => {
    expect(calibratedCpuSlowdown(3100)).toBe(7.1);
    expect(calibratedCpuSlowdown(1200)).toBe(2.7);
  });
});
