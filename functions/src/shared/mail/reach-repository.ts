import type { Firestore } from 'firebase-admin/firestore';

// Who the app no longer reaches: no push subscription on any device, and no visit (a session
// seen, sessions/session-store.ts's `lastSeenAt`) for QUIET_MS. Their coach's messages also go
// by email. Read in groups of 30 ids (Firestore's `in`), so a task's 200 recipients cost 14 queries.

export const QUIET_MS = 3 * 24 * 60 * 60 * 1000;
const IN_LIMIT = 30;

function chunks(ids: string[]): string[][] {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += IN_LIMIT) out.push(unique.slice(i, i + IN_LIMIT));
  return out;
}

/** Of `uids`, those with no push subscription and no session seen in the last QUIET_MS. */
export async function unreachedByApp(db: Firestore, uids: string[], now: Date): Promise<Set<string>> {
  const groups = chunks(uids);
  if (groups.length === 0) return new Set();
  const since = now.getTime() - QUIET_MS;
  const reached = new Set<string>();
  const [subscriptions, sessions] = await Promise.all([
    Promise.all(groups.map((group) => db.collection('pushSubscriptions').where('uid', 'in', group).select('uid').get())),
    Promise.all(groups.map((group) => db.collection('sessions').where('uid', 'in', group).select('uid', 'lastSeenAt').get())),
  ]);
  for (const doc of subscriptions.flatMap((snap) => snap.docs)) reached.add(String(doc.get('uid')));
  for (const doc of sessions.flatMap((snap) => snap.docs)) {
    if (Number(doc.get('lastSeenAt')) >= since) reached.add(String(doc.get('uid')));
  }
  return new Set([...new Set(uids)].filter((uid) => !reached.has(uid)));
}
