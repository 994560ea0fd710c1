import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { sha256Hex } from './crypto';

/** A counted limit: at most `limit` hits per fixed window of `windowMs`. */
export interface RateRule {
  /** Distinguishes what is counted, e.g. `login-account:<email>`. */
  key: string;
  limit: number;
  windowMs: number;
}

/** The Timestamp field the `rateLimits` TTL policy in firestore.indexes.json deletes by. */
export const RATE_LIMIT_TTL_FIELD = 'expiresAt';

/** A place taken in every rule's window; `release` gives it back (an attempt that should not count). */
export interface Attempt {
  allowed: boolean;
  /** The rules whose limit this attempt went past. */
  exceeded: RateRule[];
  /** Seconds until the windows of those rules have all ended (a Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
  release(): Promise<void>;
}

/**
 * Fixed-window counters in Firestore (`rateLimits/{hash}_{window}`), shared by every function
 * instance. Windows are short, so a lock-out ends by itself; `expiresAt` lets a Firestore TTL
 * policy clean old counters up.
 *
 * An attempt increments first and decides on the value it then reads. The increment is atomic,
 * so however many requests arrive at once, at most `limit` of them read a count within the
 * limit: a check followed by a separate increment let every parallel request through.
 */
export class RateLimiter {
  constructor(
    private readonly db: Firestore,
    private readonly clock: () => Date,
  ) {}

  private refFor(rule: RateRule) {
    const window = Math.floor(this.clock().getTime() / rule.windowMs);
    return { ref: this.db.collection('rateLimits').doc(`${sha256Hex(rule.key)}_${window}`), expiresAt: Timestamp.fromMillis((window + 1) * rule.windowMs) };
  }

  private async add(rules: RateRule[], amount: number) {
    const places = rules.map((rule) => this.refFor(rule));
    const batch = this.db.batch();
    for (const { ref, expiresAt } of places) batch.set(ref, { count: FieldValue.increment(amount), [RATE_LIMIT_TTL_FIELD]: expiresAt }, { merge: true });
    await batch.commit();
    return places;
  }

  /** Takes a place in every rule; allowed when every count, this attempt included, is within its limit. */
  async attempt(rules: RateRule[]): Promise<Attempt> {
    if (rules.length === 0) return { allowed: true, exceeded: [], retryAfterSeconds: 0, release: async () => {} };
    const places = await this.add(rules, 1);
    const snapshots = await this.db.getAll(...places.map((place) => place.ref));
    const over = rules.map((rule, i) => ((snapshots[i]!.get('count') as number | undefined) ?? 0) > rule.limit);
    const exceeded = rules.filter((_rule, i) => over[i]);
    const now = this.clock().getTime();
    const blockedUntil = Math.max(now, ...places.filter((_place, i) => over[i]).map((place) => place.expiresAt.toMillis()));
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      const batch = this.db.batch();
      for (const { ref } of places) batch.update(ref, { count: FieldValue.increment(-1) });
      await batch.commit();
    };
    // A refused attempt holds no place: it neither extends a block nor uses up another rule's
    // budget (an address blocked for one account must not keep using that account's pace).
    // Those allowed keep theirs, so at most `limit` are ever allowed.
    if (exceeded.length > 0) await release();
    return { allowed: exceeded.length === 0, exceeded, retryAfterSeconds: Math.ceil((blockedUntil - now) / 1000), release };
  }

  /**
   * At most one allowed attempt per `intervalMs` after the last allowed one, however the windows
   * fall (a sliding interval, where `attempt`'s fixed windows would allow two a second apart across
   * a window's end): `rateLimits/{sha256(key)}` keeps when, and the TTL policy deletes it after.
   * A refused attempt changes nothing. In a transaction, so parallel attempts see each other.
   */
  async oncePer(key: string, intervalMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const ref = this.db.collection('rateLimits').doc(sha256Hex(key));
    return this.db.runTransaction(async (tx) => {
      const now = this.clock().getTime();
      const last: unknown = (await tx.get(ref)).get('lastAt');
      const since = typeof last === 'number' ? now - last : Number.POSITIVE_INFINITY;
      if (since >= 0 && since < intervalMs) return { allowed: false, retryAfterSeconds: Math.ceil((intervalMs - since) / 1000) };
      tx.set(ref, { lastAt: now, [RATE_LIMIT_TTL_FIELD]: Timestamp.fromMillis(now + intervalMs) });
      return { allowed: true, retryAfterSeconds: 0 };
    });
  }

  /** How many hits `rule` has counted in its current window. */
  async count(rule: RateRule): Promise<number> {
    const snap = await this.refFor(rule).ref.get();
    return (snap.get('count') as number | undefined) ?? 0;
  }

  /** Counts one hit against every rule, with no decision (e.g. a failure noted after the fact). */
  async hit(rules: RateRule[]): Promise<void> {
    if (rules.length > 0) await this.add(rules, 1);
  }
}
