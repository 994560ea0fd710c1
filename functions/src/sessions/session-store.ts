import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { User } from '@sfida/core/user';
import { randomToken, sha256Hex } from '../shared/crypto';
import { retireDisabledAccount } from '../shared/disabled-account';
import { applyPendingGrant } from '../shared/package-repository';
import { RecentlyUsed } from '../shared/recently-used';
import { sameSignInMethods, signInMethodsOf, storedSignInMethods } from '../shared/sign-in-methods';
import { recordSignInMethods, toUser, userRef } from '../shared/user-repository';

/** Absolute lifetime: a session never outlives this, however active. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Idle timeout: unused this long, a session ends. */
export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is rewritten only when older than this (keeps /auth/me a single read). */
const SESSION_TOUCH_MS = 5 * 60 * 1000;
/**
 * Firebase Auth's own `disabled` flag (an account disabled in the console, which tells us
 * nothing) is re-checked at most this often per session: a disabled account's sessions end
 * within seconds. Accounts disabled through our own operator command are refused at once,
 * since the user document is read on every request.
 */
export const AUTH_RECHECK_MS = 15 * 1000;
/**
 * How long an instance relies on its copy of a session document. Within it a request reads only
 * the user document; a logout anywhere is still seen at once, since it is noted on that document.
 */
export const SESSION_CACHE_MS = 60 * 1000;
/** A logout note is kept at least this long: past it no instance relies on a copy of the session. */
export const ENDED_NOTE_MS = 2 * SESSION_CACHE_MS;
/** The Timestamp field the `sessions` TTL policy in firestore.indexes.json deletes by. */
export const SESSION_TTL_FIELD = 'expireAt' satisfies keyof SessionDoc;
/** Sessions an instance keeps copies of (the least recently used goes first). */
const SESSION_CACHE_SIZE = 10_000;

interface SessionDoc {
  uid: string;
  createdAt: number;
  lastSeenAt: number;
  authCheckedAt: number;
  /** Absolute expiry; also a Timestamp so a Firestore TTL policy can delete stale sessions. */
  expiresAt: number;
  expireAt: Timestamp;
}

/** gRPC's NOT_FOUND: an update of a document that does not exist. */
const NOT_FOUND = 5;

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{43})$/;

/** The uid part of a well-formed token, else null. The random part (256 bits) is what authenticates. */
export function uidOfToken(token: string): string | null {
  const match = TOKEN_SHAPE.exec(token);
  return match ? match[1]! : null;
}

/** `users/{uid}.endedSessions`: `<ended at, ms>:<token hash>` of the sessions ended in the last ENDED_NOTE_MS or so. */
const ENDED_SESSIONS = 'endedSessions';

function endedSessionsOf(userSnap: DocumentSnapshot): string[] {
  const value: unknown = userSnap.get(ENDED_SESSIONS);
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * Server-side sessions: `sessions/{sha256(token)}`; the token itself is only ever in the cookie.
 * Each instance keeps a copy of the session documents it has read for SESSION_CACHE_MS, so a
 * signed-in request costs one read (the user's document) instead of two.
 */
export class SessionStore {
  private readonly copies = new RecentlyUsed<string, { session: SessionDoc; readAt: number }>(SESSION_CACHE_SIZE);

  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
    private readonly clock: () => Date,
  ) {}

  private ref(tokenHash: string) {
    return this.db.collection('sessions').doc(tokenHash);
  }

  /** Starts a session for `uid`; returns the cookie token (`<uid>.<256 random bits>`). */
  async create(uid: string): Promise<string> {
    const token = `${uid}.${randomToken(32)}`;
    const now = this.clock().getTime();
    const doc: SessionDoc = {
      uid,
      createdAt: now,
      lastSeenAt: now,
      authCheckedAt: now,
      expiresAt: now + SESSION_MAX_AGE_MS,
      expireAt: Timestamp.fromMillis(now + SESSION_MAX_AGE_MS),
    };
    await this.ref(sha256Hex(token)).create(doc);
    return token;
  }

  /**
   * The signed-in user for a cookie token, or null when the token is unknown,
   * expired, idle too long, ended, or its account is disabled (then the session is deleted).
   */
  async authenticate(token: string | undefined): Promise<User | null> {
    if (!token) return null;
    const uid = uidOfToken(token);
    if (!uid) return null;
    const tokenHash = sha256Hex(token);
    const sessionRef = this.ref(tokenHash);
    const now = this.clock().getTime();

    let session: SessionDoc;
    let userSnap: DocumentSnapshot | undefined;
    let readAt = now;
    const copy = this.copies.get(tokenHash);
    if (copy && now >= copy.readAt && now - copy.readAt < SESSION_CACHE_MS) {
      session = copy.session;
      readAt = copy.readAt;
      userSnap = await userRef(this.db, uid).get();
      // Ended on another instance since this copy was read: the logout noted it on the user.
      if (endedSessionsOf(userSnap).some((entry) => entry.endsWith(`:${tokenHash}`))) return this.forget(tokenHash);
    } else {
      // One round trip for both documents.
      const [sessionSnap, freshUser] = await this.db.getAll(sessionRef, userRef(this.db, uid));
      if (!sessionSnap?.exists || !freshUser) return this.forget(tokenHash);
      session = sessionSnap.data() as SessionDoc;
      userSnap = freshUser;
      this.remember(tokenHash, session, now);
    }
    if (session.uid !== uid) return this.forget(tokenHash);

    if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_MS || !userSnap.exists || userSnap.get('disabled') === true) {
      this.forget(tokenHash);
      await sessionRef.delete();
      return null;
    }

    let data = userSnap.data();
    try {
      const stored = storedSignInMethods(data?.signIn);
      const due = now - session.authCheckedAt >= AUTH_RECHECK_MS;
      // An account older than the stored sign-in methods learns them at its first request.
      if (due || stored === null) {
        const record = await this.authRecord(uid).catch((error: unknown) => {
          if (due) throw error;
          console.warn('Metodi di accesso non letti da Firebase Auth', (error as Error).message);
          return undefined;
        });
        if (record === null || record?.disabled === true) {
          this.forget(tokenHash);
          await Promise.all([this.endAllFor(uid), retireDisabledAccount(this.db, uid)]);
          return null;
        }
        if (record) {
          // The same look at Auth keeps the copy of how the account signs in (a password set by a
          // reset email, Google linked or the password dropped by Firebase) within seconds of Auth.
          const methods = signInMethodsOf(record);
          if (!sameSignInMethods(stored, methods)) {
            await recordSignInMethods(this.db, uid, methods);
            data = { ...data, signIn: methods };
          }
          // A buyer's package waited for this address: verified since (its link), it is theirs now.
          if (data?.packageGrantWaiting === true && record.emailVerified) {
            // The request goes on without it if this fails: the next look at Auth tries again.
            const given = await applyPendingGrant(this.db, uid, new Date(now)).then(
              () => true,
              (error: unknown) => console.warn('Pacchetto in attesa non assegnato', uid, (error as Error).message),
            );
            if (given) data = { ...data, packageGrantWaiting: false };
          }
          // Noted in this instance's copy only (its lifetime unchanged): the check costs no write.
          session = { ...session, authCheckedAt: now };
          this.remember(tokenHash, session, readAt);
        }
      }
      if (now - session.lastSeenAt >= SESSION_TOUCH_MS) {
        await sessionRef.update({ lastSeenAt: now, authCheckedAt: session.authCheckedAt });
        this.remember(tokenHash, { ...session, lastSeenAt: now }, now);
      }
    } catch (error) {
      // The document went away under this instance's copy (deleted by the TTL policy, say).
      if ((error as { code?: number }).code === NOT_FOUND) return this.forget(tokenHash);
      throw error;
    }
    return toUser(userSnap, data);
  }

  private remember(tokenHash: string, session: SessionDoc, readAt: number): void {
    this.copies.set(tokenHash, { session, readAt });
  }

  private forget(tokenHash: string): null {
    this.copies.delete(tokenHash);
    return null;
  }

  /** The account in Firebase Auth; null when it is gone (as good as disabled). */
  private async authRecord(uid: string): Promise<UserRecord | null> {
    try {
      return await this.auth.getUser(uid);
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    }
  }

  /**
   * Ends one session (logout) and notes it on the user, where every instance that holds a copy
   * of the session sees it at the next request. A token whose session does not exist changes nothing.
   */
  async end(token: string): Promise<void> {
    const uid = uidOfToken(token);
    if (!uid) return;
    const tokenHash = sha256Hex(token);
    this.forget(tokenHash);
    const sessionRef = this.ref(tokenHash);
    const user = userRef(this.db, uid);
    await this.db.runTransaction(async (tx) => {
      const [sessionSnap, userSnap] = await tx.getAll(sessionRef, user);
      if (!sessionSnap?.exists || sessionSnap.get('uid') !== uid) return;
      tx.delete(sessionRef);
      if (!userSnap?.exists) return; // no user, no copy of this session is accepted anywhere
      const now = this.clock().getTime();
      // Notes older than any copy an instance may still rely on are dropped.
      const kept = endedSessionsOf(userSnap).filter((entry) => now - Number.parseInt(entry, 10) < ENDED_NOTE_MS);
      tx.update(user, { [ENDED_SESSIONS]: [...kept, `${now}:${tokenHash}`] });
    });
  }

  /** Ends every session of an account (disabling it, or a password change by an operator). */
  async endAllFor(uid: string): Promise<void> {
    const snaps = await this.db.collection('sessions').where('uid', '==', uid).get();
    for (let i = 0; i < snaps.docs.length; i += 400) {
      const batch = this.db.batch();
      for (const doc of snaps.docs.slice(i, i + 400)) batch.delete(doc.ref);
      await batch.commit();
    }
  }
}

