import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { unlessItExists } from '../firestore';
import { sha256Hex } from '../crypto';

// The outbox: each email is a document of `emails`, named by a hash of its key (a message and its
// recipient, a digest's cohort and week…), created once so the same key is never queued twice,
// and holding what it says and its delivery: queued, sent or failed, the attempts, the SMTP
// server's last answer. `emailClaims/{id}` is the claim of one attempt (outbox.ts). It names its recipient by uid; the address is read from the account when it
// goes, so an email holds none. The one exception is the farewell of a deleted account, which has no
// account left to read: it holds its address (and no uid) until it is settled, then nothing that
// names the person (settleEmail).

/** What an email is about: its recipient's preferences are per kind; account notices and verification always go. */
export type EmailKind = 'event' | 'coachMessages' | 'digest' | 'account' | 'verification';
/** `cancelled`: its kind was turned off (or its address bounced) before it went. */
export type EmailState = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

/** What an email says, rendered (templates/). */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

export interface EmailRequest {
  /** The recipient's account; '' for the farewell of one already deleted (`to` says where it goes). */
  uid: string;
  /** Only for an account that no longer exists: its address, kept until the email is settled. */
  to?: string;
  kind: EmailKind;
  /** Names the email once: the same key is never queued (nor sent) twice. */
  key: string;
  email: RenderedEmail;
}

export interface StoredEmail {
  id: string;
  uid: string;
  to: string | null;
  kind: EmailKind;
  state: EmailState;
  attempts: number;
  email: RenderedEmail;
  claimedAt: Date | null;
}

/** The email documents expire (a TTL policy on this field) a year after they were queued. */
export const EMAIL_TTL_FIELD = 'expireAt';
const EMAIL_TTL_MS = 365 * 24 * 60 * 60 * 1000;

function emailsCollection(db: Firestore) {
  return db.collection('emails');
}

/** An email's document id: its key hashed (a key may be long, or hold characters an id may not). */
export function emailId(key: string): string {
  return sha256Hex(`email\n${key}`);
}

/** Queues one email: false when its key was queued before (it is then left as it is). */
export async function createEmail(db: Firestore, request: EmailRequest, now: Date): Promise<boolean> {
  const { uid, to, kind, key, email } = request;
  return unlessItExists(() =>
    emailsCollection(db)
      .doc(emailId(key))
      .create({
        key,
        uid,
        ...(to ? { to } : {}),
        kind,
        state: 'queued',
        attempts: 0,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers ?? {},
        smtpResponse: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        sentAt: null,
        claimedAt: null,
        [EMAIL_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + EMAIL_TTL_MS),
      }),
  );
}

/** The emails of these ids that exist. */
export async function readEmails(db: Firestore, ids: string[]): Promise<StoredEmail[]> {
  if (ids.length === 0) return [];
  const snaps = await db.getAll(...ids.map((id) => emailsCollection(db).doc(id)));
  return snaps.flatMap((snap) => {
    if (!snap.exists) return [];
    const d = snap.data()!;
    const claimedAt = typeof d.claimedAt === 'string' ? new Date(d.claimedAt) : null;
    return [
      {
        id: snap.id,
        uid: String(d.uid),
        to: typeof d.to === 'string' && d.to !== '' ? d.to : null,
        kind: d.kind as EmailKind,
        state: d.state as EmailState,
        attempts: Number(d.attempts ?? 0),
        email: { subject: String(d.subject), text: String(d.text), html: String(d.html), headers: (d.headers ?? {}) as Record<string, string> },
        claimedAt,
      },
    ];
  });
}

function claimsCollection(db: Firestore) {
  return db.collection('emailClaims');
}

/** A claim older than this, never settled, was left by an attempt that died. Far longer than one send. */
export const EMAIL_CLAIM_LEASE_MS = 6 * 60 * 1000;

export type EmailClaim = 'mine' | 'sent' | 'busy';

/**
 * Claims an email for one attempt: `emailClaims/{id}` is created (of attempts that try together, one
 * creates it), marked sent with the email, deleted when the attempt gives the email back. One left
 * by an attempt that died is taken over once EMAIL_CLAIM_LEASE_MS has passed.
 */
export async function claimEmail(db: Firestore, email: StoredEmail, now: Date): Promise<EmailClaim> {
  const ref = claimsCollection(db).doc(email.id);
  const fresh = { status: 'claimed', claimedAt: now.toISOString(), [EMAIL_TTL_FIELD]: Timestamp.fromMillis(now.getTime() + EMAIL_TTL_MS) };
  const claimed = await unlessItExists(() => ref.create(fresh));
  if (!claimed) {
    const outcome = await db.runTransaction(async (tx): Promise<EmailClaim> => {
      const snap = await tx.get(ref);
      if (!snap.exists) {
        tx.create(ref, fresh);
        return 'mine';
      }
      if (snap.get('status') === 'sent') return 'sent';
      if (now.getTime() - Date.parse(String(snap.get('claimedAt'))) < EMAIL_CLAIM_LEASE_MS) return 'busy';
      tx.update(ref, { claimedAt: fresh.claimedAt });
      return 'mine';
    });
    if (outcome !== 'mine') return outcome;
  }
  await emailsCollection(db)
    .doc(email.id)
    .update({ state: 'sending', claimedAt: now.toISOString(), attempts: email.attempts + 1, updatedAt: now.toISOString() });
  return 'mine';
}

/**
 * What an attempt came to: sent, given back for a later attempt, or failed for good. A farewell
 * (`addressed`: it holds its address) keeps, once settled, neither the address nor what it said.
 */
export async function settleEmail(db: Firestore, id: string, outcome: { state: 'sent' | 'queued' | 'failed' | 'cancelled'; response: string }, now: Date, addressed = false): Promise<void> {
  // The claim first: once it says sent (or failed for good), no retry sends; given back, a later attempt may.
  const claim = claimsCollection(db).doc(id);
  if (outcome.state === 'queued') await claim.delete();
  else await claim.set({ status: 'sent' }, { merge: true });
  await emailsCollection(db)
    .doc(id)
    .update({
      state: outcome.state,
      smtpResponse: outcome.response,
      updatedAt: now.toISOString(),
      ...(outcome.state === 'sent' ? { sentAt: now.toISOString() } : {}),
      ...(outcome.state === 'queued' ? { claimedAt: null } : {}),
      ...(addressed && outcome.state !== 'queued' ? { to: '', subject: '', text: '', html: '' } : {}),
    });
}
