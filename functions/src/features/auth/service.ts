import { queueVerificationEmail } from '../../shared/mail/account-emails';
import { randomBytes } from 'node:crypto';
import { currentShapeInviteCode, isShortInviteCode } from '@sfida/core/invite-codes';
import type { DecodedIdToken } from 'firebase-admin/auth';
import * as z from 'zod/mini';
import type { GoogleSignInRequest, LoginRequest, RegisterRequest, SignInMethods, User } from '@sfida/core/user';
import { messages, userAnswer, userNameSchema } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { weekStatsContribution } from '@sfida/core/cohort-progress';
import { compareIsoDates, isChallengeOver, todayIn } from '@sfida/core/dates';
import { cohortSettingsOf, type CohortDoc } from '../../shared/cohort-repository';
import { safeEqual } from '../../shared/crypto';
import { ensureDefaultCohortDoc } from '../../shared/default-cohort';
import { badRequest, conflict, forbidden, serviceUnavailable, tooManyRequests, unauthorized } from '../../shared/http-error';
import { IdentityToolkitThrottled, IdentityToolkitUnavailable, type SignInResult } from '../../shared/identity-toolkit';
import type { ClientAddresses } from '../../shared/client-address';
import { isAlreadyExists } from '../../shared/firestore';
import { cohortOfInviteCode, normalizeInviteCode } from '../../shared/invite-codes';
import type { RateRule } from '../../shared/rate-limiter';
import { sameSignInMethods, signInMethodsOf, storedSignInMethods } from '../../shared/sign-in-methods';
import { newUserDoc, recordSignInMethods, storedUser, type StoredUser } from '../../shared/user-repository';
import { weekStatsWrite } from '../../shared/week-stats-repository';
import { placeInSmallestTeam } from '../../shared/team-repository';
import { DeviceTokens } from './device-tokens';
import { createParticipantDocs } from './repository';
import { applyPendingGrant, hasPendingGrant, markPackageGrantWaiting } from '../../shared/package-repository';

export const authMessages = {
  invalidCredentials: 'Email o password non corretti',
  emailTaken: 'Esiste già un account con questa email',
  tooManyLogins: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
  loginPaced: 'Troppi tentativi di accesso a questo account. Riprova tra qualche secondo.',
  tooManyInviteGuesses: 'Troppi tentativi con il codice segreto. Riprova tra qualche minuto.',
  tooManyAccounts: "Troppe registrazioni da questa rete. Riprova tra un'ora.",
  tooManyResets: 'Troppe richieste di reimpostazione. Riprova tra qualche minuto.',
  loginUnavailable: 'Il servizio di accesso non è raggiungibile in questo momento. Riprova tra qualche minuto.',
  resetUnavailable: "Non è stato possibile inviare l'email di reimpostazione in questo momento. Riprova tra qualche minuto.",
  registrationClosed: 'Le iscrizioni a questa coorte sono chiuse',
  cohortOver: 'Le 8 settimane di questa coorte sono finite: chiedi al tuo coach il codice di una nuova coorte',
  googleSignInFailed: 'Accesso con Google non riuscito: riprova',
  googleOnly: 'Qui si accede solo con un account Google',
  googleEmailUnverified: "L'email del tuo account Google non è verificata: verificala con Google o registrati con email e password",
  googleNoAccount: 'Non hai ancora un account: registrati con Google inserendo il codice segreto del tuo gruppo',
} as const;

/**
 * Where a newcomer's challenge stands when they join: in a "together" cohort it is the cohort's,
 * joined on their registration day when that is later; otherwise theirs to start (null).
 */
function joinedChallenge(cohort: CohortDoc, timeZone: string, now: Date): { startDate: string; joinedOn: string | null } | undefined {
  if (cohortSettingsOf(cohort).pace !== 'together') return undefined;
  const today = todayIn(timeZone, now);
  if (isChallengeOver(cohort.startDate, today)) throw forbidden(authMessages.cohortOver);
  return { startDate: cohort.startDate, joinedOn: compareIsoDates(today, cohort.startDate) > 0 ? today : null };
}

const TEN_MINUTES = 10 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Short windows: an attacker's lock-out of a real account ends within ten minutes. */
export const limits = {
  /** Wrong passwords for one account from one address: then that address is blocked for that account. */
  loginPerAccountAddress: 10,
  loginPerAddress: 30,
  /**
   * Wrong passwords for one account from anywhere: past this, the account takes one attempt per
   * pace window. It slows a distributed attack down and never locks the owner out.
   */
  loginAccountPaceAfter: 10,
  loginAccountPaceMs: 3_000,
  /**
   * Wrong passwords from a trusted device (one with a device token of the account): then that
   * token is refused, not the account. Such a login skips the account's pace and the address limits.
   */
  loginPerDevice: 10,
  /**
   * Wrong invite codes from one address: a room registering on one network, typos and all, stays
   * far below it. No cap counts every address together: it let anyone's wrong guesses refuse
   * everyone's right code (docs/decisions/024-invite-codes-and-registration-limits.md).
   */
  inviteGuessesPerAddress: 30,
  /** New accounts from one address in `accountWindowMs`: a kickoff evening on one network stays below it, a script does not. */
  accountsPerAddress: 100,
  accountWindowMs: HOUR,
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
function addressRules(action: string, limit: number, addresses: ClientAddresses, windowMs: number = limits.windowMs): RateRule[] {
  return [
    { key: `${action}-address:${addresses.client}`, limit, windowMs },
    { key: `${action}-connection:${addresses.connection}`, limit: limit * limits.connectionFactor, windowMs },
  ];
}

/** Wrong passwords for an account from every address, counted to decide when to pace it. */
function accountFailures(email: string): RateRule {
  return { key: `login-account:${email}`, limit: Number.MAX_SAFE_INTEGER, windowMs: limits.windowMs };
}

/** One login attempt per pace window for an account under a distributed attack. */
function accountPace(email: string): RateRule {
  return { key: `login-account-pace:${email}`, limit: 1, windowMs: limits.loginAccountPaceMs };
}

/** Wrong passwords from the trusted device whose token hashes to `tokenHash`. */
function deviceFailures(tokenHash: string): RateRule {
  return { key: `login-device:${tokenHash}`, limit: limits.loginPerDevice, windowMs: limits.windowMs };
}

/**
 * While Firebase Auth throttles reset emails, every reset request is refused for this long,
 * known address or not: a 429 only for existing accounts would reveal them.
 */
export const RESET_PAUSE: RateRule = { key: 'reset-paused', limit: 1, windowMs: 60 * 1000 };

export interface SignedIn {
  user: User;
  token: string;
  /** A new device token for the browser that signed in. */
  deviceToken: string;
}

type AuthDeps = Pick<ApiDeps, 'config' | 'db' | 'auth' | 'identityToolkit' | 'clock' | 'sessions' | 'limiter' | 'emailQueue'>;

// Sign-in, registration, sign-out and password resets.

/** The device tokens of deps' Firestore and clock. */
function devicesOf(deps: AuthDeps): DeviceTokens {
  return new DeviceTokens(deps.db, deps.clock);
}

async function loginRules(deps: AuthDeps, email: string, addresses: ClientAddresses): Promise<RateRule[]> {
  const failures = await deps.limiter.count(accountFailures(email));
  return [
    { key: `login-account-address:${email}|${addresses.client}`, limit: limits.loginPerAccountAddress, windowMs: limits.windowMs },
    ...addressRules('login', limits.loginPerAddress, addresses),
    ...(failures >= limits.loginAccountPaceAfter ? [accountPace(email)] : []),
  ];
}

/**
 * Each attempt takes its place in the limits before the password is checked, so parallel
 * requests cannot slip past them; a successful one gives its place back. A login with a device
 * token of the account counts against that token alone, so others' failures never lock the
 * owner out (docs/decisions/016-device-tokens.md).
 */
export async function login(deps: AuthDeps, input: LoginRequest, addresses: ClientAddresses, deviceToken?: string): Promise<SignedIn> {
  const devices = devicesOf(deps);
  const device = await devices.trustedHash(deviceToken, input.email);
  const attempt = await deps.limiter.attempt(device ? [deviceFailures(device)] : await loginRules(deps, input.email, addresses));
  if (!attempt.allowed) {
    const paced = attempt.exceeded.length === 1 && attempt.exceeded[0]!.key === accountPace(input.email).key;
    throw paced ? tooManyRequests(authMessages.loginPaced, limits.loginAccountPaceMs / 1000) : tooManyRequests(authMessages.tooManyLogins);
  }
  let result: SignInResult;
  try {
    result = await deps.identityToolkit.signInWithPassword(input.email, input.password);
  } catch (error) {
    await attempt.release();
    // TOO_MANY_ATTEMPTS_TRY_LATER: Firebase has locked the account for a while.
    if (error instanceof IdentityToolkitThrottled) throw tooManyRequests(authMessages.tooManyLogins, error.retryAfterSeconds ?? undefined);
    throw unavailableOr(error, authMessages.loginUnavailable);
  }
  // A disabled account answers exactly as a wrong password does (and counts as one), so a
  // login attempt never tells whether an account exists.
  const stored = result.ok ? await storedUser(deps.db, result.uid) : null;
  if (!result.ok || !stored || stored.doc.disabled === true) {
    // A trusted device's failures count against its token only: they do not pace the account.
    if (!device) await deps.limiter.hit([accountFailures(input.email)]);
    throw unauthorized(authMessages.invalidCredentials);
  }
  await attempt.release();
  // A password that signs in exists; Google's link is as last noted (the session's look at Auth corrects it).
  const user = await withSignInMethods(deps, stored, { password: true, google: storedSignInMethods(stored.doc.signIn)?.google ?? false });
  await claimPackageGrant(deps, user, 'ask');
  const opened = await openSession(deps, result.uid, input.email);
  // One live token per browser: the new one replaces the one it came with.
  if (device) await devices.revoke(device);
  return { user, ...opened };
}

/** The stored user with `methods` noted on their document (written only when they changed). */
async function withSignInMethods(deps: Pick<AuthDeps, 'db'>, stored: StoredUser, methods: SignInMethods): Promise<User> {
  if (!sameSignInMethods(storedSignInMethods(stored.doc.signIn), methods)) await recordSignInMethods(deps.db, stored.user.id, methods);
  return { ...stored.user, signIn: methods };
}

/**
 * What every way of signing in ends with: a new session (our own `__session` token,
 * docs/decisions/001-own-sessions.md) and a new device token for the browser.
 */
async function openSession(deps: AuthDeps, uid: string, email: string): Promise<Omit<SignedIn, 'user'>> {
  const [token, deviceToken] = await Promise.all([deps.sessions.create(uid), devicesOf(deps).issue(uid, email)]);
  return { token, deviceToken };
}

export async function register(deps: AuthDeps, input: RegisterRequest, addresses: ClientAddresses, timeZone: string): Promise<SignedIn> {
  const { auth } = deps;
  const joining = await joiningCohort(deps, input.secretCode, addresses, timeZone);
  // Each account takes a place; a request that creates none gives it back.
  const place = await deps.limiter.attempt(addressRules('account', limits.accountsPerAddress, addresses, limits.accountWindowMs));
  if (!place.allowed) throw tooManyRequests(authMessages.tooManyAccounts, place.retryAfterSeconds);

  let uid: string;
  try {
    uid = await createAuthAccount(deps, input);
  } catch (error) {
    await place.release();
    throw error;
  }

  let user: User;
  try {
    user = await createParticipant(deps, uid, { email: input.email, name: input.name, timeZone, joining, signIn: { password: true, google: false } });
  } catch (error) {
    await auth.deleteUser(uid).catch(() => undefined);
    await place.release();
    throw error;
  }
  // Firebase makes the account unverified: a buyer's package waits for the verified address.
  await claimPackageGrant(deps, user, 'ask');
  // The address is verified by a link sent to it (a Google sign-in's is verified by Google). The
  // registration stands without it: a failure is logged by uid alone, and a later sign-in may ask again.
  await queueVerificationEmail(deps, { uid, email: input.email, name: input.name, cohortId: user.cohortId ?? null }).catch((error: unknown) => {
    console.error(`Email di verifica non accodata per ${uid}:`, error instanceof Error ? error.name : 'errore');
  });
  return { user, ...(await openSession(deps, uid, input.email)) };
}

/**
 * Gives a participant the package a coach's import keeps for their email in their cohort, once the
 * email is verified: by Google (`true`), or as Firebase Auth says now (`'ask'`, only when a grant
 * waits). Before that nobody registering the address inherits it. A failure is logged: the grant
 * waits for the next sign-in, and the sign-in goes on.
 */
async function claimPackageGrant(deps: AuthDeps, user: User, verified: true | 'ask'): Promise<void> {
  if (user.role !== 'PARTICIPANT' || !user.cohortId) return;
  try {
    if (!(await hasPendingGrant(deps.db, user.cohortId, user.email))) return;
    if (verified === 'ask' && !(await deps.auth.getUser(user.id)).emailVerified) {
      // Given as soon as a request of theirs sees the address verified (the link's way back to the app).
      await markPackageGrantWaiting(deps.db, user.id);
      return;
    }
    await applyPendingGrant(deps.db, user.id, deps.clock());
  } catch (error) {
    console.warn('Pacchetto in attesa non assegnato', user.id, (error as Error).message);
  }
}

/**
 * The uids of the Auth accounts a registration creates. Firebase's own (28 letters and digits)
 * come from accounts a client made with the public Web API key, or from a first Google sign-in; a
 * client cannot choose a uid, so an account of this shape is always one of ours.
 */
const REGISTRATION_UID = /^reg-[0-9a-f]{32}$/;

/**
 * Creates the Firebase Auth account of a registration, unverified as Firebase makes it: whoever
 * typed the address has not shown it is theirs, so a Google sign-in with it later drops this
 * password (see decision 001's addendum).
 *
 * Anyone can create an Auth account for someone else's email from a client. An account of the
 * email that has no profile of ours and that no registration of ours made is such a squatter's:
 * it is deleted and made again for the registrant. Deleting, not taking it over, leaves nothing
 * of it (its password, linked providers, second factors, refresh tokens), and the new uid means
 * no token minted for the old one names the new user. An account a registration made is left
 * alone even without a profile: that registration may be writing it right now.
 */
async function createAuthAccount(deps: AuthDeps, input: RegisterRequest): Promise<string> {
  const create = async () =>
    (await deps.auth.createUser({ uid: `reg-${randomBytes(16).toString('hex')}`, email: input.email, password: input.password, displayName: input.name })).uid;
  try {
    return await create();
  } catch (error) {
    if (!isEmailTaken(error) || !(await deletedSquatter(deps, input.email))) throw registrationError(error);
  }
  try {
    return await create();
  } catch (error) {
    // Taken again meanwhile (a parallel registration of the same email made it): that one is theirs.
    throw registrationError(error);
  }
}

/** Deletes the Auth account of `email` if it is a squatter's (see createAuthAccount); false when it is ours. */
async function deletedSquatter(deps: AuthDeps, email: string): Promise<boolean> {
  const record = await deps.auth.getUserByEmail(email).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  });
  // Gone since: nothing to delete, the second try creates it.
  if (!record) return true;
  if (REGISTRATION_UID.test(record.uid) || (await storedUser(deps.db, record.uid)) !== null) return false;
  console.warn('Account Firebase Auth senza profilo eliminato alla registrazione', record.uid);
  await deps.auth.deleteUser(record.uid).catch((error: unknown) => {
    // A parallel registration of the same email deleted it first.
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });
  return true;
}

function isEmailTaken(error: unknown): boolean {
  return (error as { code?: string }).code === 'auth/email-already-exists';
}

/** The Admin SDK's refusals of a new account as our answers; anything else stays as it is. */
function registrationError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'auth/email-already-exists') return conflict(authMessages.emailTaken);
  if (code === 'auth/invalid-password') return badRequest(messages.passwordTooShort);
  if (code === 'auth/invalid-email') return badRequest(messages.emailInvalid);
  return error;
}

/** The cohort a newcomer joins with `secretCode`, checked as registration checks it (open, not over). */
interface Joining {
  id: string;
  challenge: { startDate: string; joinedOn: string | null } | undefined;
}

async function joiningCohort(deps: AuthDeps, secretCode: string, addresses: ClientAddresses, timeZone: string): Promise<Joining> {
  const invited = await invitedCohort(deps, secretCode, addresses);
  if (!invited.cohort.registrationOpen) throw forbidden(authMessages.registrationClosed);
  return { id: invited.id, challenge: joinedChallenge(invited.cohort, timeZone, deps.clock()) };
}

/**
 * Writes a new participant's documents in one batch that creates `users/{uid}`, so a second
 * request for the same uid fails as a whole (ALREADY_EXISTS) and changes nothing.
 */
async function createParticipant(
  deps: AuthDeps,
  uid: string,
  input: { email: string; name: string | null; timeZone: string; joining: Joining; signIn: SignInMethods },
): Promise<User> {
  const { db, clock } = deps;
  const { email, name, timeZone, joining, signIn } = input;
  const { challenge } = joining;
  // Whatever the request says, a new account is a PARTICIPANT of the invite's cohort.
  const doc = newUserDoc({ email, name, role: 'PARTICIPANT', cohortId: joining.id, timeZone, now: clock(), challenge, signIn });
  // In a cohort running together the newcomer counts in its weekly figures at once (Andamento).
  const weekStats = challenge
    ? weekStatsWrite(null, {
        cohortId: joining.id,
        counters: weekStatsContribution({
          counted: true,
          challengeStartDate: challenge.startDate,
          challengeJoinedOn: challenge.joinedOn ?? undefined,
          timeZone,
          tracker: null,
        }),
      })
    : null;
  await createParticipantDocs(db, uid, doc, weekStats);
  // A latecomer to a cohort with teams joins its smallest team (a failure here leaves them in
  // none, and "La mia squadra" places them when they first open it).
  await placeInSmallestTeam(db, joining.id, uid).catch((error: unknown) => console.warn('Squadra non assegnata', uid, error));
  return userAnswer({ id: uid, ...doc, challengeJoinedOn: doc.challengeJoinedOn ?? undefined });
}

/** Who a Google sign-in is, as Firebase Auth vouches for it. */
interface GoogleIdentity {
  /** The Firebase Auth uid, which is also the id of our user. */
  uid: string;
  email: string;
  /** Google's name, when it is one we would keep. */
  name: string | null;
}

/** Token errors of the Admin SDK: the token is not one to trust (anything else is ours or Firebase's). */
const REFUSED_TOKEN = /^auth\/(argument-error|invalid-id-token|id-token-expired|id-token-revoked|user-not-found|user-disabled|project-not-found|tenant-id-mismatch)$/;

/**
 * Checks a Firebase ID token with the Admin SDK (signature, audience, issuer, expiry, and that it
 * was not revoked nor its account disabled), then that it comes from Google with a verified email.
 */
async function googleIdentity(deps: AuthDeps, idToken: string): Promise<GoogleIdentity> {
  let decoded: DecodedIdToken;
  try {
    decoded = await deps.auth.verifyIdToken(idToken, true);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && REFUSED_TOKEN.test(code)) throw unauthorized(authMessages.googleSignInFailed);
    throw error;
  }
  if (decoded.firebase.sign_in_provider !== 'google.com') throw forbidden(authMessages.googleOnly);
  if (decoded.email_verified !== true || typeof decoded.email !== 'string') throw forbidden(authMessages.googleEmailUnverified);
  const name = z.safeParse(userNameSchema, decoded.name);
  return { uid: decoded.uid, email: decoded.email.toLowerCase(), name: name.success ? name.data : null };
}

/**
 * "Accedi con Google" and "Registrati con Google": the browser's one Firebase ID token becomes our
 * own session, as a password login's does. The account is `users/{uid}` of the token's uid: with
 * Firebase Auth's one account per email, a Google sign-in with the email of a password account
 * is that same account, so it is linked, never duplicated. A uid without an account must come
 * with an invite code and joins that cohort as a password registration does; two exchanges of
 * one new account race on creating `users/{uid}`, and the second signs in to what the first made.
 * Roles are never read from the token.
 */
export async function signInWithGoogle(
  deps: AuthDeps,
  input: GoogleSignInRequest,
  addresses: ClientAddresses,
  timeZone: string,
): Promise<SignedIn> {
  // Refused tokens count against the address as wrong passwords do, so a flood of them is cut short.
  const attempt = await deps.limiter.attempt(addressRules('google', limits.loginPerAddress, addresses));
  if (!attempt.allowed) throw tooManyRequests(authMessages.tooManyLogins);
  const identity = await googleIdentity(deps, input.idToken);
  await attempt.release();
  const signIn = await googleAccountMethods(deps, identity.uid);

  const existing = await signInExisting(deps, identity, signIn);
  if (existing) return existing;

  const code = input.inviteCode?.trim();
  if (!code) throw badRequest(authMessages.googleNoAccount);
  const joining = await joiningCohort(deps, code, addresses, timeZone);
  const place = await deps.limiter.attempt(addressRules('account', limits.accountsPerAddress, addresses, limits.accountWindowMs));
  if (!place.allowed) throw tooManyRequests(authMessages.tooManyAccounts, place.retryAfterSeconds);
  let user: User;
  try {
    user = await createParticipant(deps, identity.uid, { email: identity.email, name: input.name ?? identity.name, timeZone, joining, signIn: signIn ?? { password: false, google: true } });
  } catch (error) {
    await place.release();
    if (!isAlreadyExists(error)) throw error;
    // A parallel exchange of the same account created it first: this one signs in to it.
    const made = await signInExisting(deps, identity, signIn);
    if (!made) throw error;
    return made;
  }
  await claimPackageGrant(deps, user, true);
  return { user, ...(await openSession(deps, identity.uid, identity.email)) };
}

/**
 * How a Google account signs in after this sign-in: Google, and a password if it still has one
 * (Firebase drops the password of an unverified address that Google then vouches for). Read from
 * Auth once per sign-in; null when out of reach (the session's next look at Auth corrects the guess).
 */
async function googleAccountMethods(deps: AuthDeps, uid: string): Promise<SignInMethods | null> {
  try {
    return { ...signInMethodsOf(await deps.auth.getUser(uid)), google: true };
  } catch (error) {
    console.warn('Metodi di accesso non letti da Firebase Auth', (error as Error).message);
    return null;
  }
}

/** A session for the identity's account, if it has one; a disabled one answers as a refused token. */
async function signInExisting(deps: AuthDeps, identity: GoogleIdentity, signIn: SignInMethods | null): Promise<SignedIn | null> {
  const stored = await storedUser(deps.db, identity.uid);
  if (!stored) return null;
  if (stored.doc.disabled === true) throw unauthorized(authMessages.googleSignInFailed);
  const user = await withSignInMethods(deps, stored, signIn ?? { password: storedSignInMethods(stored.doc.signIn)?.password ?? false, google: true });
  // Google vouched for the token's email, which Firebase keeps as the account's.
  if (identity.email === user.email) await claimPackageGrant(deps, user, true);
  return { user, ...(await openSession(deps, identity.uid, user.email)) };
}

/**
 * The cohort whose code the caller typed, or a 403 (wrong) or 429 (too many wrong).
 *
 * A code of the current shape is looked up first, even from an address over its limits: with
 * 59 random bits, finding one stays hopeless however many guesses are answered. Anything
 * else is a wrong guess or one at an older, shorter code, which only the limits protect: it
 * takes its place in them before it is looked up, keeps it when wrong and gives it back when
 * right (docs/decisions/024-invite-codes-and-registration-limits.md).
 */
async function invitedCohort(deps: AuthDeps, secretCode: string, addresses: ClientAddresses): Promise<{ id: string; cohort: CohortDoc }> {
  const current = currentShapeInviteCode(secretCode);
  if (current) {
    const found = await cohortOfInviteCode(deps.db, current);
    // Only a code of the current shape is let past the limits, whatever a lookup says.
    if (found && !isShortInviteCode(found.cohort.inviteCode)) return found;
  }
  const attempt = await deps.limiter.attempt(addressRules('invite', limits.inviteGuessesPerAddress, addresses));
  if (!attempt.allowed) throw tooManyRequests(authMessages.tooManyInviteGuesses);
  const found = await cohortOfCode(deps, secretCode);
  if (!found) throw forbidden(messages.invalidInviteCode);
  await attempt.release();
  return found;
}

/**
 * The cohort whose code `secretCode` is. The INVITE_CODE secret, the code of the cohort that
 * existed before cohorts were data, creates that cohort the first time it is used, so a
 * deployment keeps working before an operator runs the migration.
 */
async function cohortOfCode(deps: AuthDeps, secretCode: string): Promise<{ id: string; cohort: CohortDoc } | null> {
  const { config, db } = deps;
  const found = await cohortOfInviteCode(db, secretCode);
  if (found || !config.inviteCode || !safeEqual(normalizeInviteCode(secretCode), normalizeInviteCode(config.inviteCode))) return found;
  // Once its coaches replaced the default cohort's code, INVITE_CODE has no lookup and finds nothing.
  await ensureDefaultCohortDoc(deps);
  return cohortOfInviteCode(db, secretCode);
}

/** Ends the session of `token`, if it is one. */
export async function logout(deps: Pick<AuthDeps, 'sessions'>, token: string): Promise<void> {
  await deps.sessions.end(token);
}

/**
 * Answers the same for known and unknown addresses, so it reveals nothing about which emails
 * exist. The email is in Italian and its link leads back to the app's login.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, addresses: ClientAddresses): Promise<void> {
  const resetRules = addressRules('reset', limits.resetPerAddress, addresses);
  const pauseSeconds = RESET_PAUSE.windowMs / 1000;
  if ((await deps.limiter.count(RESET_PAUSE)) >= RESET_PAUSE.limit) throw tooManyRequests(authMessages.tooManyResets, pauseSeconds);
  if (!(await deps.limiter.attempt(resetRules)).allowed) throw tooManyRequests(authMessages.tooManyResets);
  const emailRules: RateRule[] = [{ key: `reset-email:${email}`, limit: limits.resetPerEmail, windowMs: limits.windowMs }];
  // A mailbox gets a few reset emails per window at most; extra requests are silently dropped.
  if (!(await deps.limiter.attempt(emailRules)).allowed) return;
  try {
    await deps.identityToolkit.sendPasswordResetEmail(email, `${deps.config.appOrigins[0]}/login`);
  } catch (error) {
    if (error instanceof IdentityToolkitThrottled) {
      console.warn(`Password reset paused for ${pauseSeconds} s: ${error.message}`);
      await deps.limiter.hit([RESET_PAUSE]);
      throw tooManyRequests(authMessages.tooManyResets, pauseSeconds);
    }
    throw unavailableOr(error, authMessages.resetUnavailable);
  }
}

/** Firebase Auth out of reach becomes a 503 with `message`; any other error stays as it is (a bug: 500). */
function unavailableOr(error: unknown, message: string): unknown {
  if (error instanceof IdentityToolkitUnavailable) return serviceUnavailable(message, error.retryAfterSeconds ?? undefined, error);
  return error;
}

