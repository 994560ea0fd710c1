import type { LoginRequest, RegisterRequest, User } from '@sfida/core/user';
import { messages } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { safeEqual } from '../../shared/crypto';
import { badRequest, conflict, forbidden, serviceUnavailable, tooManyRequests, unauthorized } from '../../shared/http-error';
import { IdentityToolkitThrottled, IdentityToolkitUnavailable, type SignInResult } from '../../shared/identity-toolkit';
import type { ClientAddresses } from '../../shared/client-address';
import type { RateRule } from '../../shared/rate-limiter';
import { newUserDoc, toUser, userRef } from '../../shared/user-repository';

export const authMessages = {
  invalidCredentials: 'Email o password non corretti',
  emailTaken: 'Esiste già un account con questa email',
  tooManyLogins: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
  tooManyInviteGuesses: 'Troppi tentativi con il codice segreto. Riprova tra qualche minuto.',
  tooManyResets: 'Troppe richieste di reimpostazione. Riprova tra qualche minuto.',
  loginUnavailable: 'Il servizio di accesso non è raggiungibile in questo momento. Riprova tra qualche minuto.',
  resetUnavailable: "Non è stato possibile inviare l'email di reimpostazione in questo momento. Riprova tra qualche minuto.",
} as const;

const TEN_MINUTES = 10 * 60 * 1000;
/** Short windows: an attacker's lock-out of a real account ends within ten minutes. */
export const limits = {
  loginPerAccount: 10,
  loginPerAddress: 30,
  inviteGuessesPerAddress: 10,
  /** Wrong invite codes from every address together, so a botnet cannot walk the code space. */
  inviteGuessesGlobal: 200,
  resetPerAddress: 10,
  resetPerEmail: 3,
  /** A connection (the unforgeable address, shared by everyone behind one Hosting edge) gets this many times a client's budget. */
  connectionFactor: 10,
  windowMs: TEN_MINUTES,
} as const;

/**
 * The per-address budget of `action` for both addresses of the caller: the client's, and
 * connectionFactor times as much for the connection, which a forged X-Forwarded-For cannot change
 * (docs/decisions/012-client-address.md).
 */
function addressRules(action: string, limit: number, addresses: ClientAddresses): RateRule[] {
  return [
    { key: `${action}-address:${addresses.client}`, limit, windowMs: limits.windowMs },
    { key: `${action}-connection:${addresses.connection}`, limit: limit * limits.connectionFactor, windowMs: limits.windowMs },
  ];
}

/**
 * While Firebase Auth throttles reset emails, every reset request is refused for this long,
 * known address or not: a 429 only for existing accounts would reveal them.
 */
export const RESET_PAUSE: RateRule = { key: 'reset-paused', limit: 1, windowMs: 60 * 1000 };

export interface SignedIn {
  user: User;
  token: string;
}

type AuthDeps = Pick<ApiDeps, 'config' | 'db' | 'auth' | 'identityToolkit' | 'clock' | 'sessions' | 'limiter'>;

/** Sign-in, registration, sign-out and password resets. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private loginRules(email: string, addresses: ClientAddresses): RateRule[] {
    return [
      { key: `login-account:${email}`, limit: limits.loginPerAccount, windowMs: limits.windowMs },
      ...addressRules('login', limits.loginPerAddress, addresses),
    ];
  }

  async login(input: LoginRequest, addresses: ClientAddresses): Promise<SignedIn> {
    const rules = this.loginRules(input.email, addresses);
    if (await this.deps.limiter.isBlocked(rules)) throw tooManyRequests(authMessages.tooManyLogins);
    let result: SignInResult;
    try {
      result = await this.deps.identityToolkit.signInWithPassword(input.email, input.password);
    } catch (error) {
      // TOO_MANY_ATTEMPTS_TRY_LATER: Firebase has locked the account for a while.
      if (error instanceof IdentityToolkitThrottled) throw tooManyRequests(authMessages.tooManyLogins, error.retryAfterSeconds ?? undefined);
      throw unavailableOr(error, authMessages.loginUnavailable);
    }
    // A disabled account answers exactly as a wrong password does (and counts as one), so a
    // login attempt never tells whether an account exists.
    const snap = result.ok ? await userRef(this.deps.db, result.uid).get() : null;
    if (!result.ok || !snap?.exists || snap.get('disabled') === true) {
      await this.deps.limiter.hit(rules);
      throw unauthorized(authMessages.invalidCredentials);
    }
    const token = await this.deps.sessions.create(result.uid);
    return { user: toUser(snap), token };
  }

  async register(input: RegisterRequest, addresses: ClientAddresses): Promise<SignedIn> {
    const { config, auth, db, clock } = this.deps;
    const inviteRules: RateRule[] = [
      ...addressRules('invite', limits.inviteGuessesPerAddress, addresses),
      { key: 'invite-global', limit: limits.inviteGuessesGlobal, windowMs: limits.windowMs },
    ];
    if (await this.deps.limiter.isBlocked(inviteRules)) throw tooManyRequests(authMessages.tooManyInviteGuesses);
    if (!config.inviteCode || !safeEqual(input.secretCode, config.inviteCode)) {
      await this.deps.limiter.hit(inviteRules);
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
    const token = await this.deps.sessions.create(uid);
    return { user: { id: uid, ...toUserFields(doc) }, token };
  }

  /** Ends the session of `token`, if it is one. */
  async logout(token: string): Promise<void> {
    await this.deps.sessions.end(token);
  }

  /**
   * Answers the same for known and unknown addresses, so it reveals nothing about which emails
   * exist. The email is in Italian and its link leads back to the app's login.
   */
  async requestPasswordReset(email: string, addresses: ClientAddresses): Promise<void> {
    const resetRules = addressRules('reset', limits.resetPerAddress, addresses);
    if (await this.deps.limiter.isBlocked(resetRules)) throw tooManyRequests(authMessages.tooManyResets);
    const pauseSeconds = RESET_PAUSE.windowMs / 1000;
    if (await this.deps.limiter.isBlocked([RESET_PAUSE])) throw tooManyRequests(authMessages.tooManyResets, pauseSeconds);
    const emailRules: RateRule[] = [{ key: `reset-email:${email}`, limit: limits.resetPerEmail, windowMs: limits.windowMs }];
    await this.deps.limiter.hit(resetRules);
    // A mailbox gets a few reset emails per window at most; extra requests are silently dropped.
    if (await this.deps.limiter.isBlocked(emailRules)) return;
    await this.deps.limiter.hit(emailRules);
    try {
      await this.deps.identityToolkit.sendPasswordResetEmail(email, `${this.deps.config.appOrigins[0]}/login`);
    } catch (error) {
      if (error instanceof IdentityToolkitThrottled) {
        console.warn(`Password reset paused for ${pauseSeconds} s: ${error.message}`);
        await this.deps.limiter.hit([RESET_PAUSE]);
        throw tooManyRequests(authMessages.tooManyResets, pauseSeconds);
      }
      throw unavailableOr(error, authMessages.resetUnavailable);
    }
  }
}

/** Firebase Auth out of reach becomes a 503 with `message`; any other error stays as it is (a bug: 500). */
function unavailableOr(error: unknown, message: string): unknown {
  if (error instanceof IdentityToolkitUnavailable) return serviceUnavailable(message, error.retryAfterSeconds ?? undefined, error);
  return error;
}

function toUserFields(doc: ReturnType<typeof newUserDoc>): Omit<User, 'id'> {
  const { disabled: _disabled, ...fields } = doc;
  return fields;
}

