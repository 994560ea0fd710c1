import { describe, expect, test } from 'vitest';
import { calibratedCpuSlowdown, calibratedThrottling } from './cpu-calibration';

describe('calibratedCpuSlowdown', () => {
  test("is Lighthouse's own 4× on a host in the middle of the high-end desktop bracket", () => {
    expect(calibratedCpuSlowdown(1750)).toBe(4);
  });

  test('grows with a faster host and shrinks with a slower one, in proportion', () => {
    expect(calibratedCpuSlowdown(3100)).toBe(7.1);
    expect(calibratedCpuSlowdown(1200)).toBe(2.7);
  });

  test("keeps the rest of Lighthouse's mobile throttling (slow 4G) as it is", () => {
    expect(calibratedThrottling(3100)).toEqual({ rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: expect.closeTo(1474.56, 6), uploadThroughputKbps: 675, cpuSlowdownMultiplier: 7.1 });
  });
});
