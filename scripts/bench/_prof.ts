import { buildEightWeekTracker, lastDayChallengeStart } from './tracker-fixture';
import { trackerDataSchema, migrateTracker } from '@sfida/core/tracker';
import { vouchTracker } from '@sfida/core/tracker-vouch';
import { checkTrackerPlausible } from '@sfida/core/tracker-plausibility';
import { readStoredTracker } from '../../functions/src/shared/tracker-repository';
import { buildSummary } from '../../functions/src/features/tracker/service';
import { todayIn } from '@sfida/core/dates';
import { syncBodies } from './sync-participant';

const start = lastDayChallengeStart();
const t = await buildEightWeekTracker(start, 3);
const now = new Date();
const [a] = syncBodies(t, now);
const raw = JSON.stringify(t);
const body = JSON.stringify(a);
console.log('bytes', raw.length);
function time(name: string, fn: () => unknown, n = 50) {
  for (let i = 0; i < 5; i++) fn();
  const s = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(name, ((performance.now() - s) / n).toFixed(2), 'ms');
}
time('JSON.parse body', () => JSON.parse(body));
const parsedBody = JSON.parse(body);
time('zod parse', () => trackerDataSchema.parse(migrateTracker(parsedBody)));
const submitted = trackerDataSchema.parse(parsedBody);
time('readStored', () => readStoredTracker(raw, now.toISOString()));
const stored = readStoredTracker(raw, now.toISOString());
time('vouch', () => vouchTracker(submitted, stored, { challengeStartDate: start, timeZone: 'Europe/Rome', dayFloor: undefined, now }));
const v = vouchTracker(submitted, stored, { challengeStartDate: start, timeZone: 'Europe/Rome', dayFloor: undefined, now });
time('plausible', () => checkTrackerPlausible(v, { challengeStartDate: start, now }));
time('summary', () => buildSummary(v, { cohortId: 'c', displayName: 'x', today: todayIn('Europe/Rome', now), now, ranked: true }));
time('stringify', () => JSON.stringify(v));
