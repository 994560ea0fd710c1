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

/**
 * Fixed-window counters in Firestore (`rateLimits/{hash}_{window}`), shared by
 * every function instance. Windows are short, so a lock-out ends by itself;
 * `expiresAt` lets a Firestore TTL policy clean old counters up.
 */
export class RateLimiter {
  constructor(
    private readonly db: Firestore,
    private readonly clock: () => Date,
  ) {}

  private refFor(rule: RateRule) {
    const window = Math.floor(this.clock().getTime() / rule.windowMs);
    return { ref: this.db.collection('rateLimits').doc(`${sha256Hex(rule.key)}_${window}`), window };
  }

  /** True when any rule's counter has reached its limit in the current window. */
  async isBlocked(rules: RateRule[]): Promise<boolean> {
    if (rules.length === 0) return false;
    const snapshots = await this.db.getAll(...rules.map((r) => this.refFor(r).ref));
    return snapshots.some((snap, i) => ((snap.get('count') as number | undefined) ?? 0) >= rules[i]!.limit);
  }

  /** Counts one hit against every rule. */
  async hit(rules: RateRule[]): Promise<void> {
    const batch = this.db.batch();
    for (const rule of rules) {
      const { ref, window } = this.refFor(rule);
      batch.set(ref, { count: FieldValue.increment(1), [RATE_LIMIT_TTL_FIELD]: Timestamp.fromMillis((window + 1) * rule.windowMs) }, { merge: true });
    }
    await batch.commit();
  }
}
