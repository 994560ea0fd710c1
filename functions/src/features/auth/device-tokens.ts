import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { DEVICE_TOKEN_RETENTION_DAYS } from '@sfida/core/retention';
import { randomToken, sha256Hex } from '../../shared/crypto';

/**
 * A browser stays trusted this long after its last sign-in (each sign-in there issues a new token):
 * the privacy page's figure, as an elapsed time for the TTL policy rather than calendar days.
 */
export const DEVICE_TOKEN_MAX_AGE_MS = DEVICE_TOKEN_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** The Timestamp field the `deviceTokens` TTL policy in firestore.indexes.json deletes by. */
export const DEVICE_TOKEN_TTL_FIELD = 'expireAt' satisfies keyof DeviceTokenDoc;

interface DeviceTokenDoc {
  uid: string;
  /** The account's email as logins name it: a token is trusted only for the account it was issued to. */
  email: string;
  createdAt: number;
  expireAt: Timestamp;
}

/**
 * OWASP's device cookies, carried in the login body because Hosting forwards no cookie but
 * `__session` (docs/decisions/016-device-tokens.md): `deviceTokens/{sha256(token)}`, the token
 * itself only ever in the browser.
 */
export class DeviceTokens {
  constructor(
    private readonly db: Firestore,
    private readonly clock: () => Date,
  ) {}

  private ref(tokenHash: string) {
    return this.db.collection('deviceTokens').doc(tokenHash);
  }

  /** A new token for this browser and the account of `uid`, signed in as `email`. */
  async issue(uid: string, email: string): Promise<string> {
    const token = randomToken(32);
    const now = this.clock().getTime();
    const doc: DeviceTokenDoc = { uid, email, createdAt: now, expireAt: Timestamp.fromMillis(now + DEVICE_TOKEN_MAX_AGE_MS) };
    await this.ref(sha256Hex(token)).create(doc);
    return token;
  }

  /**
   * The hash of `token` when it is a live token of the account `email` names, else null: an
   * unknown, expired or other account's token proves nothing.
   */
  async trustedHash(token: string | undefined, email: string): Promise<string | null> {
    if (!token) return null;
    const tokenHash = sha256Hex(token);
    const snap = await this.ref(tokenHash).get();
    // The TTL policy deletes expired documents a day or so late: the expiry is checked here.
    const expireAt: unknown = snap.get(DEVICE_TOKEN_TTL_FIELD);
    const live = expireAt instanceof Timestamp && expireAt.toMillis() > this.clock().getTime();
    return snap.exists && snap.get('email') === email && live ? tokenHash : null;
  }

  /** Forgets a token that a new one has replaced. */
  async revoke(tokenHash: string): Promise<void> {
    await this.ref(tokenHash).delete();
  }
}
