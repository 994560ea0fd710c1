import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { User } from '@sfida/core/user';
import { randomToken, sha256Hex } from '../../shared/crypto';
import { toUser, userRef } from '../accounts/repository';

export const SESSION_COOKIE = '__session';
/** Absolute lifetime: a session never outlives this, however active. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Idle timeout: unused this long, a session ends. */
export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is rewritten only when older than this (keeps /auth/me a single read). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;
/** Firebase Auth's own `disabled` flag is re-checked at most this often per session. */
export const AUTH_RECHECK_MS = 5 * 60 * 1000;

interface SessionDoc {
  uid: string;
  createdAt: number;
  lastSeenAt: number;
  authCheckedAt: number;
  /** Absolute expiry; also a Timestamp so a Firestore TTL policy can delete stale sessions. */
  expiresAt: number;
  expireAt: Timestamp;
}

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{43})$/;

/** The uid part of a well-formed token, else null. The random part (256 bits) is what authenticates. */
export function uidOfToken(token: string): string | null {
  const match = TOKEN_SHAPE.exec(token);
  return match ? match[1]! : null;
}

export interface Authenticated {
  user: User;
  tokenHash: string;
}

/** Server-side sessions: `sessions/{sha256(token)}`; the token itself is only ever in the cookie. */
export class SessionStore {
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
   * expired, idle too long, or its account is disabled (then the session is deleted).
   */
  async authenticate(token: string | undefined): Promise<Authenticated | null> {
    if (!token) return null;
    const uid = uidOfToken(token);
    if (!uid) return null;
    const tokenHash = sha256Hex(token);
    const sessionRef = this.ref(tokenHash);
    // One round trip for both documents.
    const [sessionSnap, userSnap] = await this.db.getAll(sessionRef, userRef(this.db, uid));
    if (!sessionSnap?.exists || !userSnap) return null;
    const session = sessionSnap.data() as SessionDoc;
    if (session.uid !== uid) return null;

    const now = this.clock().getTime();
    if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_MS || !userSnap.exists || userSnap.get('disabled') === true) {
      await sessionRef.delete();
      return null;
    }

    if (now - session.authCheckedAt >= AUTH_RECHECK_MS) {
      const disabled = await this.isDisabledInAuth(uid);
      if (disabled) {
        await Promise.all([this.endAllFor(uid), userRef(this.db, uid).set({ disabled: true }, { merge: true })]);
        return null;
      }
      await sessionRef.update({ authCheckedAt: now, lastSeenAt: now });
    } else if (now - session.lastSeenAt >= SESSION_TOUCH_MS) {
      await sessionRef.update({ lastSeenAt: now });
    }
    return { user: toUser(userSnap), tokenHash };
  }

  private async isDisabledInAuth(uid: string): Promise<boolean> {
    try {
      return (await this.auth.getUser(uid)).disabled;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return true;
      throw error;
    }
  }

  /** Ends one session (logout). */
  async end(tokenHash: string): Promise<void> {
    await this.ref(tokenHash).delete();
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

