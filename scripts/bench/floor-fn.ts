import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type DocumentReference, type Firestore, type Query } from 'firebase-admin/firestore';
import type { Request, Response } from 'express';
import { SLOT_HEADER, type FloorPlan } from './floor-plan';
import { decodeValue, queryOf, type RecordedRead } from './io-record';

// The floors' bare function (floor-plan.ts), served by function-host.ts beside the app and the
// one-read baseline: GET or PATCH /floor/<plan> replays .bench/floors/<plan>.json's slot named by
// the x-floor-slot header. Everything a request needs is built once, when the plan is first
// asked for: a request only reads, commits its batches and answers, nothing else.

const FLOORS_DIR = join(process.cwd(), '.bench', 'floors');
const APP_NAME = 'bench-floor';

type Step = () => Promise<unknown>;
export interface Prepared {
  slots: Array<{ waves: Step[][]; answer: { status: number; contentType: string; body: string; gzip: boolean } }>;
}

const prepared = new Map<string, Prepared>();
let floorDb: Firestore | null = null;
/** Numbers the documents the floors create, so each create makes a new one, as the request's did. */
let created = 0;
const instance = `${process.pid}-${Date.now().toString(36)}`;

function readStep(db: Firestore, read: RecordedRead): Step {
  if (read.kind === 'getAll') {
    const refs: DocumentReference[] = read.paths.map((path) => db.doc(path));
    const mask = read.fieldMask ? [{ fieldMask: read.fieldMask }] : [];
    return () => db.getAll(...refs, ...mask);
  }
  const query: Query = queryOf(db, read.recipe);
  if (read.kind === 'count') return () => query.count().get();
  return () => query.get();
}

/** Everything the plan's requests do, built once on `db`: each slot's waves of steps and its answer. */
export function prepareFloor(plan: FloorPlan, db: Firestore): Prepared {
  return {
    slots: plan.slots.map((slot) => ({
      answer: slot.response,
      waves: slot.waves.map((wave) =>
        wave.map((step): Step => {
          if (step.type === 'read') return readStep(db, step.read);
          const writes = step.writes.map((write) => ({
            ...write,
            ref: write.op === 'create' ? null : db.doc(write.path),
            data: decodeValue(write.data ?? null, db) as Record<string, unknown>,
            options: decodeValue(write.options ?? null, db),
          }));
          return () => {
            const batch = db.batch();
            for (const write of writes) {
              if (write.ref === null) batch.create(db.collection(write.path).doc(`floor-${plan.name}-${instance}-${++created}`), write.data);
              else if (write.op === 'delete') batch.delete(write.ref);
              else batch.set(write.ref, write.data, (write.options ?? {}) as { merge?: boolean });
            }
            return batch.commit();
          };
        }),
      ),
    })),
  };
}

/** Runs one request of `slot`: its waves in turn, each wave's steps at once. */
export async function runFloorSlot(slot: Prepared['slots'][number]): Promise<void> {
  for (const wave of slot.waves) await Promise.all(wave.map((step) => step()));
}

function planNamed(name: string): Prepared {
  let plan = prepared.get(name);
  if (!plan) {
    if (!/^[\w-]+$/.test(name)) throw new Error(`bad floor name ${name}`);
    floorDb ??= getFirestore(getApps().find((app) => app.name === APP_NAME) ?? initializeApp(undefined, APP_NAME));
    plan = prepareFloor(JSON.parse(readFileSync(join(FLOORS_DIR, `${name}.json`), 'utf8')) as FloorPlan, floorDb);
    prepared.set(name, plan);
  }
  return plan;
}

export async function floor(req: Request, res: Response): Promise<void> {
  try {
    const plan = planNamed(req.path.replace(/^\//, ''));
    const slot = plan.slots[Number(req.headers[SLOT_HEADER] ?? 0) % plan.slots.length]!;
    await runFloorSlot(slot);
    res.status(slot.answer.status).set('Content-Type', slot.answer.contentType);
    if (slot.answer.gzip) res.set('Content-Encoding', 'gzip').end(gzipSync(slot.answer.body));
    else res.end(slot.answer.body);
  } catch (error) {
    res.status(500).json({ message: (error as Error).message });
  }
}
