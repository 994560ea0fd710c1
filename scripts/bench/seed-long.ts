import type { DocumentData } from 'firebase-admin/firestore';
import type { User } from '@sfida/core/user';
import type { ensureAccount as EnsureAccount } from '../../functions/src/features/account/admin';
import type { Deps } from '../../functions/src/deps';
import type { SessionStore } from '../../functions/src/sessions/session-store';
import { documentBytes } from './document-size';
import { readPaths, recordDuring, type RecordedEvent } from './io-record';
import { seedCoach } from './seed-cohort';
import { LONG_HISTORY_DAYS, LONG_SEASON_ONE_DAYS, longHistorySeasonOne, longHistoryStart, longSeasonTwoStart, playDays, type FixtureDay } from './tracker-fixture';

// The participants of the 24-month sync row (issue 56): ten daily habits for 730 days, today the
// last. Season 1 is the eight weeks and the thirteen maintenance months that take a check-in, in
// LONG_COHORT_ID; then the participant accepts a new season in LONG_SEASON_TWO_COHORT_ID through the
// server's seasons service (season 1 archived under the user, a fresh tracker stored), and season 2
// is its eight weeks and maintenance up to today. One template participant lives it all through the
// server's own services, a sync a day with the server's clock at that day (the server back-fills six
// days at most, so a history sent in one piece would lose its old ticks); the others get copies of
// what the template's syncs keep under its id, whatever the tracker feature's layout is: every
// document under the template's id that its last sync read, or that any of its syncs set or updated
// (a user document only in the fields the syncs and the new season wrote; documents only ever
// created, the revision markers and the season's archive, are nothing a sync reads).

export const LONG_COHORT_ID = 'coorte-bench-24-mesi';
export const LONG_SEASON_TWO_COHORT_ID = 'coorte-bench-24-mesi-s2';
export const LONG_HISTORY_NOTE = '24 months of ten daily habits: season 1 of eight weeks and 13 maintenance months archived, season 2 of eight weeks and maintenance up to today, synced once a day';
/** One per connection of the API loads (CONNECTIONS in api-load.ts). */
export const LONG_PARTICIPANTS = 50;
const COACH = { email: 'bench-coach-24@sfida8.local', password: 'bench-coach-24-2025', name: 'Bench Coach 24 mesi' } as const;
/** Copies per batch: each a few documents carrying a tracker of up to a few hundred KB. */
const COPIES_PER_BATCH = 5;

interface Server {
  ensureAccount: typeof EnsureAccount;
  sessions: SessionStore;
}

const onboarding = { tempoAllenamento: 'PIU_UN_ANNO', luogoAllenamento: 'CASA', livelloAllenamento: 'PRINCIPIANTE' } as const;

/** What a write left under which path: the fields it set (all of them for a set or create). */
interface Written {
  ops: Set<string>;
  fields: Set<string>;
}

function noteWrites(events: RecordedEvent[], written: Map<string, Written>): void {
  for (const event of events) {
    if (event.type !== 'commit') continue;
    for (const write of event.writes) {
      const entry = written.get(write.path) ?? { ops: new Set(), fields: new Set() };
      entry.ops.add(write.op);
      for (const field of Object.keys((write.data ?? {}) as Record<string, unknown>)) entry.fields.add(field.split('.')[0]!);
      written.set(write.path, entry);
    }
  }
}

/** `value` with every string equal to `from` (an id, a name) made `to`, deep. */
export function replaceStrings(value: unknown, replacements: Map<string, string>): unknown {
  if (typeof value === 'string') return replacements.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, replacements));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, replacements)]));
  }
  return value;
}

/** The path of `path`'s copy for `uid`: the template's id replaced in every segment. */
export function copyPath(path: string, templateId: string, uid: string): string {
  return path
    .split('/')
    .map((segment) => segment.replaceAll(templateId, uid))
    .join('/');
}

export interface LongHistory {
  sessions: string[];
  documents: number;
  largestPath: string;
  largestBytes: number;
}

/** Seeds the 24-month participants; returns their sessions and the template's largest stored document. */
export async function seedLongHistory(deps: Deps, server: Server, log: (line: string) => void): Promise<LongHistory> {
  const { db } = deps;
  const started = Date.now();
  const [{ syncTracker, revisionTag, ownTracker }, { inviteToNewSeason, acceptInvitation }, { storedUser }, { storedCohort }] = await Promise.all([
    import('../../functions/src/features/tracker/service'),
    import('../../functions/src/features/seasons/service'),
    import('../../functions/src/shared/user-repository'),
    import('../../functions/src/shared/cohort-repository'),
  ]);
  const seasonOneStart = longHistoryStart();
  const seasonTwoStart = longSeasonTwoStart();
  await seedCoach(deps, server, [LONG_COHORT_ID], seasonOneStart, COACH);
  await seedCoach(deps, server, [LONG_SEASON_TWO_COHORT_ID], seasonTwoStart, COACH);
  // Season 2 runs together from the cohort's start: the new season gives that start (seasonStart).
  await db.collection('cohorts').doc(LONG_SEASON_TWO_COHORT_ID).set({ pace: 'together' }, { merge: true });
  const coach = await server.ensureAccount(deps, { ...COACH, role: 'OWNER', cohortId: LONG_COHORT_ID });

  const name = (i: number) => `Ventiquattro ${String(i + 1).padStart(2, '0')}`;
  const account = (i: number, cohortId: string, challengeStartDate: string) => {
    const number = String(i + 1).padStart(2, '0');
    return server.ensureAccount(deps, { email: `bench-long-${number}@sfida8.local`, password: `bench-long-password-${number}`, name: name(i), role: 'PARTICIPANT', cohortId, onboarding, challengeStartDate });
  };
  const template = await account(0, LONG_COHORT_ID, seasonOneStart);
  const userNow = async () => {
    const stored = await storedUser(db, template.id);
    if (!stored) throw new Error('the 24-month template has no user document');
    return stored.user;
  };

  const written = new Map<string, Written>();
  let lastSync: RecordedEvent[] = [];
  const syncDays = async (user: User, days: FixtureDay[], ifMatch: string | undefined) => {
    let tag = ifMatch;
    for (const day of days) {
      const { result, events, problems } = await recordDuring(db, () => syncTracker({ ...deps, clock: () => day.now }, user, day.data, tag));
      if (problems.length > 0) throw new Error(`the template's sync could not be recorded whole (its copies would miss documents): ${problems.join('; ')}`);
      noteWrites(events, written);
      lastSync = events;
      tag = revisionTag(result.revision);
    }
  };

  const fixtureStarted = Date.now();
  const seasonOne = await longHistorySeasonOne(seasonOneStart, 0);
  const fixtureSeconds = (Date.now() - fixtureStarted) / 1000;
  await syncDays(template, seasonOne, undefined);
  log(`    season 1: ${seasonOne.length} daily syncs (fixture ${fixtureSeconds.toFixed(1)} s, in all ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // The new season, through the seasons service: the coach invites, the participant accepts on season 2's first morning.
  const seasonDeps = { ...deps, clock: () => new Date(`${seasonTwoStart}T07:00:00Z`) };
  const source = await storedCohort(db, LONG_COHORT_ID);
  if (!source) throw new Error(`the cohort ${LONG_COHORT_ID} is missing`);
  const { events: seasonEvents, problems } = await recordDuring(db, async () => {
    await inviteToNewSeason(seasonDeps, coach, { id: LONG_COHORT_ID, cohort: source }, LONG_SEASON_TWO_COHORT_ID);
    await acceptInvitation(seasonDeps, await userNow(), LONG_SEASON_TWO_COHORT_ID);
  });
  if (problems.length > 0) throw new Error(`the new season could not be recorded whole: ${problems.join('; ')}`);
  noteWrites(seasonEvents, written);
  const fresh = await ownTracker(deps, template.id);
  if (!fresh) throw new Error('the new season stored no tracker');
  const seasonTwo = await playDays(fresh.tracker, LONG_HISTORY_DAYS - LONG_SEASON_ONE_DAYS, 0);
  await syncDays(await userNow(), seasonTwo, revisionTag(fresh.revision));
  log(`    season 2: ${seasonTwo.length} daily syncs (in all ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Every document under the template's id, read back: the largest against Firestore's limit.
  const own = [...new Set([`users/${template.id}`, ...written.keys(), ...readPaths(lastSync)])].filter((path) => path.includes(template.id));
  const snaps = await db.getAll(...own.map((path) => db.doc(path)));
  let largest = { path: '', bytes: 0 };
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const bytes = documentBytes(snap.ref.path, snap.data()!);
    if (bytes > largest.bytes) largest = { path: snap.ref.path, bytes };
  }

  // The copies: what a sync finds of the template (see the top), under each participant's own id and name.
  const kept = own.filter((path) => readPaths(lastSync).includes(path) || [...(written.get(path)?.ops ?? [])].some((op) => op === 'set' || op === 'update'));
  const keptSnaps = await db.getAll(...kept.map((path) => db.doc(path)));
  const userPath = `users/${template.id}`;
  const users: User[] = [template];
  for (let i = 1; i < LONG_PARTICIPANTS; i++) users.push(await account(i, LONG_SEASON_TWO_COHORT_ID, seasonTwoStart));
  for (let first = 1; first < LONG_PARTICIPANTS; first += COPIES_PER_BATCH) {
    const batch = db.batch();
    for (let i = first; i < Math.min(first + COPIES_PER_BATCH, LONG_PARTICIPANTS); i++) {
      const uid = users[i]!.id;
      const replacements = new Map([
        [template.id, uid],
        [name(0), name(i)],
      ]);
      for (const snap of keptSnaps) {
        if (!snap.exists) continue;
        const data = replaceStrings(snap.data(), replacements) as DocumentData;
        const to = db.doc(copyPath(snap.ref.path, template.id, uid));
        if (snap.ref.path === userPath) {
          const fields = written.get(userPath)?.fields ?? new Set<string>();
          batch.set(to, Object.fromEntries(Object.entries(data).filter(([field]) => fields.has(field))), { merge: true });
        } else batch.set(to, data);
      }
    }
    await batch.commit();
  }
  const sessions = await Promise.all(users.map((user) => server.sessions.create(user.id)));
  log(
    `  ${LONG_PARTICIPANTS} participants in ${LONG_SEASON_TWO_COHORT_ID}: one synced daily for ${LONG_HISTORY_DAYS} days, the others copies of ${kept.length} of its ${own.length} documents; ` +
      `largest ${largest.path.replace(template.id, '{uid}')} ${(largest.bytes / 1024).toFixed(1)} KB (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { sessions, documents: own.length, largestPath: largest.path.replace(template.id, '{uid}'), largestBytes: largest.bytes };
}
