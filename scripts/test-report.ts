import { join, relative } from 'node:path';

// What the end of `npm test` prints, from the runners' JSON reports.

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

interface PlaywrightSuite {
  file: string;
  specs: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** How many of the slowest test files the end of a run names, so that a slow one is seen the day it arrives. */
export const SLOWEST = 15;

/** The Vitest project a test file belongs to, from the include patterns of vitest.config.ts. */
export function projectOf(file: string): string {
  if (file.endsWith('.api.test.ts')) return 'api';
  if (file.startsWith('core/src/')) return 'core';
  if (file.startsWith('web/src/')) return 'web';
  return 'functions-unit';
}

/** Totals from the runners' JSON reports (a run that executed no test is a failure), and where the time went. */
export function countTests(vitest: VitestReport, e2e: PlaywrightReport, repoRoot: string) {
  const files = vitest.testResults.map((file) => ({ name: relative(repoRoot, file.name), ms: file.endTime - file.startTime }));
  const projects = new Map<string, { name: string; files: number; busyMs: number; start: number; end: number }>();
  for (const file of vitest.testResults) {
    const name = projectOf(relative(repoRoot, file.name));
    const project = projects.get(name) ?? { name, files: 0, busyMs: 0, start: Infinity, end: -Infinity };
    project.files++;
    project.busyMs += file.endTime - file.startTime;
    project.start = Math.min(project.start, file.startTime);
    project.end = Math.max(project.end, file.endTime);
    projects.set(name, project);
  }
  const e2eTime = new Map<string, number>();
  const addSuite = (suite: PlaywrightSuite) => {
    const ms = suite.specs.flatMap((spec) => spec.tests.flatMap((test) => test.results)).reduce((sum, result) => sum + result.duration, 0);
    e2eTime.set(suite.file, (e2eTime.get(suite.file) ?? 0) + ms);
    suite.suites?.forEach(addSuite);
  };
  e2e.suites.forEach(addSuite);
  for (const [file, ms] of e2eTime) files.push({ name: join('tests/e2e', file), ms });
  return {
    vitest: vitest.numPassedTests,
    e2e: e2e.stats.expected,
    passed: vitest.numPassedTests + e2e.stats.expected,
    failed: vitest.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky,
    skipped: vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped,
    slowest: files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST),
    projects: [...projects.values()].map((project) => ({ ...project, spanMs: project.end - project.start })),
  };
}
