import { expect, test } from 'vitest';
import { countTests, projectOf, type PlaywrightReport, type VitestReport } from './test-report';

const root = '/repo';
const file = (name: string, startTime: number, endTime: number) => ({ name: `${root}/${name}`, startTime, endTime });

test("the report adds both runners' tests, fails a run with skips or nothing run, and says where each Vitest project's time went", () => {
  const vitest: VitestReport = {
    numPassedTests: 5,
    numFailedTests: 0,
    numPendingTests: 1,
    numTodoTests: 0,
    testResults: [
      file('core/src/dates.test.ts', 0, 1_000),
      file('web/src/a.test.tsx', 500, 4_500),
      file('web/src/b.test.tsx', 1_000, 3_000),
      file('functions/src/features/x/x.api.test.ts', 0, 10_000),
      file('tests/cross/docs.test.ts', 2_000, 2_500),
    ],
  };
  const e2e: PlaywrightReport = {
    stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 0 },
    suites: [{ file: 'a.e2e.ts', specs: [{ tests: [{ results: [{ duration: 7_000 }] }, { results: [{ duration: 20_000 }] }] }] }],
  };
  const counts = countTests(vitest, e2e, root);
  expect(counts).toMatchObject({ vitest: 5, e2e: 2, passed: 7, failed: 1, skipped: 1 });
  expect(counts.slowest[0]).toEqual({ name: 'tests/e2e/a.e2e.ts', ms: 27_000 });
  expect(counts.slowest[1]).toEqual({ name: 'functions/src/features/x/x.api.test.ts', ms: 10_000 });
  expect(counts.projects.find((p) => p.name === 'web')).toMatchObject({ files: 2, busyMs: 6_000, spanMs: 4_000 });
  expect(counts.projects.map((p) => p.name).sort()).toEqual(['api', 'core', 'functions-unit', 'web']);
});

test('a test file belongs to the project whose include pattern takes it', () => {
  expect(projectOf('functions/src/features/auth/auth.api.test.ts')).toBe('api');
  expect(projectOf('functions/src/shared/csv.test.ts')).toBe('functions-unit');
  expect(projectOf('web/scripts/budgets.test.ts')).toBe('functions-unit');
  expect(projectOf('web/src/lib/notices.test.ts')).toBe('web');
  expect(projectOf('core/src/points.test.ts')).toBe('core');
});
