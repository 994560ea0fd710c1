// Temporary profiling script (not committed): the CPU of one PATCH sync's pure steps on an 8-week tracker.
import { todayIn } from '@sfida/core/dates';
import { vouchTracker } from '@sfida/core/tracker-vouch';
import { checkTrackerPlausible } from '@sfida/core/tracker-plausibility';
import { applyTrackerChanges, touchedParts, trackerChanges } from '@sfida/core/tracker-changes';
import { trackerDataSchema } from '@sfida/core/tracker';
import { splitTracker, advanceSplit } from '@sfida/core/tracker-parts';
import { rosterDigest } from '@sfida/core/roster-digest';
import { weekStatsContribution } from '@sfida/core/cohort-progress';
import { toggleHabit } from '@sfida/core/tracker-actions';
import { eightWeekDays, lastDayChallengeStart } from '../scripts/bench/tracker-fixture';
import { medianMs } from '../scripts/bench/tracker-timing';
import { buildSummary } from '../functions/src/features/tracker/service';
import { headFields, readStoredTracker } from '../functions/src/shared/tracker-repository';

const start = lastDayChallengeStart();
const days = await eightWeekDays(start, 1);
const last = days.at(-1)!;
const now = new Date();
const today = todayIn('Europe/Rome', now);
const ctx = { challengeStartDate: start, firstDay: null, timeZone: 'Europe/Rome', dayFloor: null, rules: null, now };
const stored0 = last.data;
const split0 = splitTracker(stored0, today);
const fields = headFields(split0.head, split0.closed);
console.log('head bytes', fields.data.length, 'points bytes', fields.points.length);
const stored = readStoredTracker(fields.data, stored0.updatedAt, fields.points);
const habit = stored.habits[0]!.id;
const mine = (toggleHabit(stored, habit, today, now) as { ok: true; data: typeof stored }).data;
const changes = trackerChanges(stored, mine);
const submitted = applyTrackerChanges(stored, changes);
const vouched = vouchTracker(submitted, stored, ctx);
const split = advanceSplit(vouched, split0.closed, today);
const steps: Record<string, () => unknown> = {
  read: () => readStoredTracker(fields.data, stored0.updatedAt, fields.points),
  apply: () => applyTrackerChanges(stored, changes),
  parseTouched: () => trackerDataSchema.safeParse(touchedParts(submitted, changes)),
  vouch: () => vouchTracker(submitted, stored, ctx),
  plausible: () => checkTrackerPlausible(vouched, { challengeStartDate: start, now }),
  split: () => advanceSplit(vouched, split0.closed, today),
  summary: () => buildSummary(split.head, { cohortId: 'c', displayName: 'x', today, now, ranked: true }, split.closed ?? undefined),
  digest: () => rosterDigest(split.head, today, split.closed ?? undefined),
  weekStats: () => weekStatsContribution({ counted: true, challengeStartDate: start, challengeJoinedOn: undefined, timeZone: 'Europe/Rome', tracker: split.head }),
  headFields: () => headFields(split.head, split.closed),
  answer: () => trackerChanges(submitted, vouched),
};
let total = 0;
for (const [name, fn] of Object.entries(steps)) {
  const ms = medianMs(fn, 60, 20);
  total += ms;
  console.log(name.padEnd(14), ms.toFixed(2), 'ms');
}
console.log('total', total.toFixed(2));
