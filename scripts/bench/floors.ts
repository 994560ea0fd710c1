import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import type { Deps } from '../../functions/src/deps';
import { repoRoot } from '../stack/profiles';
import { floorPlanOf, planSummary, SLOT_HEADER, type FloorPlan, type ScratchSeed } from './floor-plan';
import { documentsRead, startRecorder, type RecordedRequest, type Recorder } from './io-record';
import { startSyncParticipant } from './sync-participant';

// The floors of the API rows (issue 56 §1), recorded on the app built in the bench's process: one
// real request of the row per participant of its load, its Firestore reads and writes recorded
// (io-record.ts), written as a plan for floor-fn.ts, which the function host serves beside the app.

/** The function host's spec of the floors' bare function. */
export const FLOOR_SPEC = `/floor=${join(repoRoot, 'scripts', 'bench', 'floor-fn.ts')}#floor`;
const FLOORS_DIR = join(repoRoot, '.bench', 'floors');
/** Scratch copies per batch: each may carry a tracker of a few hundred KB. */
const SEEDS_PER_BATCH = 10;

/** A recorded floor: its plan, the load that replays it (`{host}` the function host's base), and words for a note. */
export interface RecordedFloor {
  plan: FloorPlan;
  perConnection: Array<{ method: string; headers: Record<string, string>; body?: string }>;
  url: string;
  /** Documents the recorded request read (slot 0). */
  reads: number;
  summary: string;
}

/** The app built in the bench's process (createApp(deps) from functions/src, the same code as the built function) and its deps. */
export async function appInBenchProcess(): Promise<{ app: (req: never, res: never) => void; deps: Deps }> {
  const [{ loadConfig }, { createDeps }, { createApp }] = await Promise.all([
    import('../../functions/src/config'),
    import('../../functions/src/deps'),
    import('../../functions/src/app'),
  ]);
  const deps = await createDeps(loadConfig(process.env));
  return { app: createApp(deps) as unknown as (req: never, res: never) => void, deps };
}

async function withRecorder<T>(work: (recorder: Recorder, deps: Deps) => Promise<T>): Promise<T> {
  const { app, deps } = await appInBenchProcess();
  const recorder = await startRecorder(app, deps.db);
  try {
    return await work(recorder, deps);
  } finally {
    await recorder.close();
  }
}

/** Makes the scratch copies: each starts as the document it stands for (absent when that one is). */
export async function seedScratch(db: Firestore, seeds: ScratchSeed[]): Promise<void> {
  for (let first = 0; first < seeds.length; first += SEEDS_PER_BATCH) {
    const chunk = seeds.slice(first, first + SEEDS_PER_BATCH);
    const snaps = await db.getAll(...chunk.map((seed) => db.doc(seed.from)));
    const batch = db.batch();
    chunk.forEach((seed, i) => {
      const data = snaps[i]?.data();
      if (data) batch.set(db.doc(seed.to), data);
      else batch.delete(db.doc(seed.to));
    });
    await batch.commit();
  }
}

async function savePlan(db: Firestore, requests: RecordedRequest[], name: string): Promise<{ plan: FloorPlan; reads: number; summary: string }> {
  const { plan, seeds } = floorPlanOf(name, requests);
  await mkdir(FLOORS_DIR, { recursive: true });
  await writeFile(join(FLOORS_DIR, `${name}.json`), JSON.stringify(plan));
  await seedScratch(db, seeds);
  return { plan, reads: documentsRead(requests[0]!.events), summary: planSummary(plan) };
}

/**
 * The sync row's floor: for each participant (`cookies`, one per connection of the load), a sync
 * as the load sends it (sync-participant.ts) after one unrecorded (the instance's copy of the
 * session then made, as on a function that has served a while), recorded.
 */
export async function recordSyncFloor(name: string, cookies: string[]): Promise<RecordedFloor> {
  const path = '/api/users/me/progress';
  return withRecorder(async (recorder, deps) => {
    const requests: RecordedRequest[] = [];
    const perConnection: RecordedFloor['perConnection'] = [];
    for (const [slot, cookie] of cookies.entries()) {
      const participant = await startSyncParticipant(`${recorder.base}${path}`, cookie);
      const warm = await recorder.send(path, participant.request());
      participant.answered(warm.status, warm.headers.etag);
      const request = participant.request();
      const recorded = await recorder.record(path, request);
      if (recorded.status !== 200) throw new Error(`the recorded sync answered ${recorded.status}: ${recorded.body.toString('utf8').slice(0, 160)}`);
      participant.answered(recorded.status, recorded.headers.etag);
      requests.push(recorded);
      perConnection.push({ method: request.method, headers: { ...request.headers, [SLOT_HEADER]: String(slot) }, body: request.body });
    }
    return { ...(await savePlan(deps.db, requests, name)), perConnection, url: `{host}/floor/${name}` };
  });
}

/** A GET row's floor (one slot): the row's request once unrecorded (caches made), then recorded. */
export async function recordGetFloor(name: string, path: string, headers: Record<string, string>): Promise<RecordedFloor> {
  return withRecorder(async (recorder, deps) => {
    await recorder.send(path, { headers });
    const recorded = await recorder.record(path, { headers });
    if (recorded.status !== 200) throw new Error(`GET ${path} answered ${recorded.status}: ${recorded.body.toString('utf8').slice(0, 160)}`);
    return { ...(await savePlan(deps.db, [recorded], name)), perConnection: [], url: `{host}/floor/${name}` };
  });
}
