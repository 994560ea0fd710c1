import type { LoginRequest, ProfileUpdate, RegisterRequest, User } from '@sfida/core/user';
import { messages } from '@sfida/core/user';
import { addDays, daysBetween, isChallengeStarted, todayIn } from '@sfida/core/dates';
import type { Deps } from '../../deps';
import { safeEqual } from '../../shared/crypto';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../shared/http-error';
import type { RateLimiter, RateRule } from '../../shared/rate-limiter';
import { newUserDoc, toUser, userRef } from '../accounts/repository';
import type { SessionStore } from './sessions';

export const authMessages = {
  invalidCredentials: 'Email o password non corretti',
  accountDisabled: 'Questo account è stato disattivato. Contatta il team dei coach.',
  emailTaken: 'Esiste già un account con questa email',
  tooManyLogins: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
  tooManyInviteGuesses: 'Troppi tentativi con il codice segreto. Riprova tra qualche minuto.',
  tooManyResets: 'Troppe richieste di reimpostazione. Riprova tra qualche minuto.',
  challengeAlreadyStarted: 'La challenge è già iniziata: la data di inizio non può più essere cambiata',
  startDateInPast: 'La data di inizio non può essere nel passato',
  startDateTooFar: 'Scegli una data di inizio entro 60 giorni da oggi',
} as const;

const TEN_MINUTES = 10 * 60 * 1000;
/** Short windows: an attacker's lock-out of a real account ends within ten minutes. */
export const limits = {
  loginPerAccount: 10,
  loginPerAddress: 30,
  inviteGuessesPerAddress: 10,
  resetPerAddress: 10,
  resetPerEmail: 3,
  windowMs: TEN_MINUTES,
} as const;

/** How far ahead a participant may schedule the start of the challenge. */
export const MAX_START_DAYS_AHEAD = 60;

export interface SignedIn {
  user: User;
  token: string;
}

/** Sign-in, registration and the participant's own account changes. */
export class AuthService {
  constructor(
    private readonly deps: Deps,
    private readonly sessions: SessionStore,
    private readonly limiter: RateLimiter,
  ) {}

  private loginRules(email: string, address: string): RateRule[] {
    return [
      { key: `login-account:${email}`, limit: limits.loginPerAccount, windowMs: limits.windowMs },
      { key: `login-address:${address}`, limit: limits.loginPerAddress, windowMs: limits.windowMs },
    ];
  }

  async login(input: LoginRequest, address: string): Promise<SignedIn> {
    const rules = this.loginRules(input.email, address);
    if (await this.limiter.isBlocked(rules)) throw tooManyRequests(authMessages.tooManyLogins);
    const result = await this.deps.identityToolkit.signInWithPassword(input.email, input.password);
    if (!result.ok) {
      if (result.reason === 'disabled') throw forbidden(authMessages.accountDisabled);
      await this.limiter.hit(rules);
      throw unauthorized(authMessages.invalidCredentials);
    }
    const snap = await userRef(this.deps.db, result.uid).get();
    if (!snap.exists) throw unauthorized(authMessages.invalidCredentials);
    if (snap.get('disabled') === true) throw forbidden(authMessages.accountDisabled);
    const token = await this.sessions.create(result.uid);
    return { user: toUser(snap), token };
  }

  async register(input: RegisterRequest, address: string): Promise<SignedIn> {
    const { config, auth, db, clock } = this.deps;
    const inviteRules: RateRule[] = [{ key: `invite-address:${address}`, limit: limits.inviteGuessesPerAddress, windowMs: limits.windowMs }];
    if (await this.limiter.isBlocked(inviteRules)) throw tooManyRequests(authMessages.tooManyInviteGuesses);
    if (!config.inviteCode || !safeEqual(input.secretCode, config.inviteCode)) {
      await this.limiter.hit(inviteRules);
      throw forbidden(messages.invalidInviteCode);
    }

    let uid: string;
    try {
      uid = (await auth.createUser({ email: input.email, password: input.password, displayName: input.name })).uid;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/email-already-exists') throw conflict(authMessages.emailTaken);
      if (code === 'auth/invalid-password') throw badRequest(messages.passwordTooShort);
      if (code === 'auth/invalid-email') throw badRequest(messages.emailInvalid);
      throw error;
    }

    // Whatever the request says, a new account is a PARTICIPANT of the invite's cohort.
    const doc = newUserDoc({ email: input.email, name: input.name, role: 'PARTICIPANT', cohortId: config.inviteCohortId, now: clock() });
    try {
      await userRef(db, uid).create(doc);
    } catch (error) {
      await auth.deleteUser(uid).catch(() => undefined);
      throw error;
    }
    const token = await this.sessions.create(uid);
    return { user: { id: uid, ...toUserFields(doc) }, token };
  }

  async updateProfile(uid: string, update: ProfileUpdate): Promise<User> {
    const ref = userRef(this.deps.db, uid);
    await ref.update({ name: update.name });
    await this.deps.auth.updateUser(uid, { displayName: update.name }).catch(() => undefined);
    return toUser(await ref.get());
  }

  /**
   * Sets the start date while the challenge has not begun (no date yet, or a
   * date still in the future in the participant's time zone). The new date may
   * be today or up to MAX_START_DAYS_AHEAD days ahead.
   */
  async startChallenge(uid: string, challengeStartDate: string, timeZone: string): Promise<User> {
    const { db, clock } = this.deps;
    const today = todayIn(timeZone, clock());
    if (daysBetween(today, challengeStartDate) < 0) throw badRequest(authMessages.startDateInPast);
    if (challengeStartDate > addDays(today, MAX_START_DAYS_AHEAD)) throw badRequest(authMessages.startDateTooFar);
    const ref = userRef(db, uid);
    return db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap.exists) throw notFound('Utente non trovato');
      const current = toUser(snap);
      if (isChallengeStarted(current.challengeStartDate, today)) throw conflict(authMessages.challengeAlreadyStarted);
      tx.update(ref, { challengeStartDate });
      return { ...current, challengeStartDate };
    });
  }

  /** Always succeeds from the caller's point of view, so it reveals nothing about which emails exist. */
  async requestPasswordReset(email: string, address: string): Promise<void> {
    const addressRules: RateRule[] = [{ key: `reset-address:${address}`, limit: limits.resetPerAddress, windowMs: limits.windowMs }];
    if (await this.limiter.isBlocked(addressRules)) throw tooManyRequests(authMessages.tooManyResets);
    const emailRules: RateRule[] = [{ key: `reset-email:${email}`, limit: limits.resetPerEmail, windowMs: limits.windowMs }];
    await this.limiter.hit(addressRules);
    // A mailbox gets a few reset emails per window at most; extra requests are silently dropped.
    if (await this.limiter.isBlocked(emailRules)) return;
    await this.limiter.hit(emailRules);
    await this.deps.identityToolkit.sendPasswordResetEmail(email);
  }
}

function toUserFields(doc: ReturnType<typeof newUserDoc>): Omit<User, 'id'> {
  const { disabled: _disabled, ...fields } = doc;
  return fields;
}

