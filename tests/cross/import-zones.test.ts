import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import zones of eslint.config.js, checked through ESLint's own API on code that exists only
// here: a wrong-way import must fail the lint, a right-way one must pass.
const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The import-zone errors ESLint reports for `code` as if it were the file at `path`. */
async function zoneErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('import zones', { timeout: 60_000 }, () => {
  it('a web feature importing app/ fails', async () => {
    const errors = await zoneErrors('web/src/features/habits/zone-check.tsx', "export { AppRoutes } from '../../app/router';\n");
    expect(errors).toEqual([expect.stringContaining('A feature never imports app/')]);
  });

  it('a web feature importing another feature fails', async () => {
    const errors = await zoneErrors('web/src/features/habits/zone-check.tsx', "export { LeaderboardCard } from '../leaderboard/components/leaderboard-card';\n");
    expect(errors).toEqual([expect.stringContaining('A feature never imports another')]);
  });

  it('lib/, components/ and the tracker engine importing upwards fail', async () => {
    expect(await zoneErrors('web/src/lib/zone-check.ts', "export { useTracker } from '../tracker/use-tracker';\n")).toEqual([expect.stringContaining('lib/ is the bottom')]);
    expect(await zoneErrors('web/src/components/zone-check.tsx', "export { default } from '../features/habits/habits-page';\n")).toEqual([
      expect.stringContaining('Shared components never import a feature or app/'),
    ]);
    expect(await zoneErrors('web/src/tracker/zone-check.ts', "export { SectionCard } from '../components/section-card';\n")).toEqual([
      expect.stringContaining('The tracker engine imports only lib/ and core'),
    ]);
  });

  it('coach-shared/ importing a feature or app/, and lib/ or components/ importing coach-shared/, fail', async () => {
    expect(await zoneErrors('web/src/coach-shared/zone-check.ts', "export { LeaderboardCard } from '../features/leaderboard/components/leaderboard-card';\n")).toEqual([
      expect.stringContaining('coach-shared/ sits below the coach features'),
    ]);
    expect(await zoneErrors('web/src/coach-shared/zone-check.ts', "export { AppRoutes } from '../app/router';\n")).toEqual([expect.stringContaining('coach-shared/ sits below the coach features')]);
    expect(await zoneErrors('web/src/lib/zone-check.ts', "export { cohortPath } from '../coach-shared/api/cohorts';\n")).toEqual([expect.stringContaining('lib/ is the bottom')]);
    expect(await zoneErrors('web/src/components/zone-check.tsx', "export { ConfirmInline } from '../coach-shared/components/confirm-inline';\n")).toEqual([
      expect.stringContaining('Shared components never import a feature or app/'),
    ]);
  });

  it('a participant feature importing coach-shared/ fails; a coach feature may', async () => {
    expect(await zoneErrors('web/src/features/events/zone-check.tsx', "export { cohortPath } from '../../coach-shared/api/cohorts';\n")).toEqual([
      expect.stringContaining('Only the coach console'),
    ]);
    expect(await zoneErrors('web/src/features/coach-events/zone-check.tsx', "export { cohortPath } from '../../coach-shared/api/cohorts';\n")).toEqual([]);
  });

  it('functions middleware, sessions and shared code importing a feature fail', async () => {
    for (const folder of ['middleware', 'sessions', 'shared']) {
      const errors = await zoneErrors(`functions/src/${folder}/zone-check.ts`, "export { trackerRouter } from '../features/tracker/router';\n");
      expect(errors, folder).toEqual([expect.stringContaining('never import a feature')]);
    }
  });

  it('a server feature importing another server feature fails', async () => {
    const errors = await zoneErrors('functions/src/features/leaderboard/zone-check.ts', "export { trackersOf } from '../tracker/repository';\n");
    expect(errors).toEqual([expect.stringContaining('A server feature never imports another')]);
    expect(await zoneErrors('functions/src/features/account/zone-check.ts', "export { followTimeZone } from '../notifications/service';\n")).toEqual([
      expect.stringContaining('A server feature never imports another'),
    ]);
  });

  it('a production web file importing testing/ fails; its test may', async () => {
    for (const path of ['web/src/features/coach-roster/components/zone-check.tsx', 'web/src/app/zone-check.ts', 'web/src/lib/zone-check.ts']) {
      const from = path.split('/').length === 6 ? '../../../testing/coach-fixtures' : '../testing/coach-fixtures';
      expect(await zoneErrors(path, `export { fakeCohort } from '${from}';\n`), path).toEqual([expect.stringContaining('Production code never imports testing/')]);
    }
    expect(await zoneErrors('web/src/features/coach-roster/components/zone-check.test.tsx', "export { fakeCohort } from '../../../testing/coach-fixtures';\n")).toEqual([]);
  });

  it('build code importing testing/ fails', async () => {
    expect(await zoneErrors('web/src/prerender/zone-check.ts', "export { fakeUser } from '../testing/fake-user';\n")).toEqual([
      expect.stringContaining('Build code never imports testing/'),
    ]);
    expect(await zoneErrors('web/scripts/zone-check.ts', "export { fakeUser } from '../src/testing/fake-user';\n")).toEqual([
      expect.stringContaining('Build code never imports testing/'),
    ]);
  });

  it('imports that run the right way pass', async () => {
    expect(await zoneErrors('web/src/features/habits/zone-check.tsx', "export { useAuth } from '../../lib/auth';\nexport { useTracker } from '../../tracker/use-tracker';\nexport { SectionCard } from '../../components/section-card';\nexport { HabitCard } from './components/habit-card';\n")).toEqual([]);
    expect(await zoneErrors('web/src/app/zone-check.tsx', "export { default } from '../features/habits/habits-page';\n")).toEqual([]);
    expect(await zoneErrors('web/src/coach-shared/zone-check.ts', "export { apiFetch } from '../lib/api-client';\nexport { FormError } from '../components/form-error';\n")).toEqual([]);
    expect(await zoneErrors('functions/src/features/tracker/zone-check.ts', "export { requireUser } from '../../middleware/session';\n")).toEqual([]);
    expect(await zoneErrors('functions/src/features/leaderboard/zone-check.ts', "export { summaryRef } from '../../shared/tracker-repository';\nexport { countBetter } from './repository';\n")).toEqual([]);
    // An API test seeds its accounts with another feature's admin commands.
    expect(await zoneErrors('functions/src/features/tracker/zone-check.api.test.ts', "export { ensureAccount } from '../account/admin';\n")).toEqual([]);
    expect(await zoneErrors('web/src/testing/zone-check.ts', "export { fakeUser } from '../prerender/fixtures';\n")).toEqual([]);
  });
});
