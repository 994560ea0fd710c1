import { throttling } from 'lighthouse/core/config/constants.js';

/**
 * Lighthouse's mobile profile slows the CPU 4×, which its docs (throttling.md, "Calibrating the
 * CPU slowdown") pitch at a high-end desktop host, benchmark index 1500–2000; on a faster host the
 * page gets a faster phone than intended, on a slower one a slower phone. This scales the
 * multiplier by the host's measured index against that bracket's middle.
 */
const REFERENCE_BENCHMARK_INDEX = 1750;
/** The CPU slowdown that gives this host's runs the phone Lighthouse's 4× gives a high-end desktop's. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  return Math.round(((throttling.mobileSlow4G.cpuSlowdownMultiplier * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX) * 10) / 10;
}

/** Lighthouse's mobile throttling with the CPU slowdown calibrated to a host of this benchmark index. */
export function calibratedThrottling(benchmarkIndex: number) {
  return { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: calibratedCpuSlowdown(benchmarkIndex) };
}
