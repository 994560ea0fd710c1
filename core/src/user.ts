import * as z from 'zod/mini';
import { isValidTimeZone } from './dates';
import { deviceTokenSchema } from './device-token';
import { isoDateSchema } from './iso-date';
import { visibleText } from './visible-text';

/** Roles: everyone registers as PARTICIPANT; OWNER (coach) is granted by an operator. */
export const roleSchema = z.enum(['PARTICIPANT', 'OWNER']);
export type Role = z.infer<typeof roleSchema>;

export const tempoAllenamentoSchema = z.enum(['MENO_UN_ANNO', 'PIU_UN_ANNO', 'PIU_TRE_ANNI']);
export type TempoAllenamento = z.infer<typeof tempoAllenamentoSchema>;

export const luogoAllenamentoSchema = z.enum(['CASA', 'PALESTRA']);
export type LuogoAllenamento = z.infer<typeof luogoAllenamentoSchema>;

export const livelloAllenamentoSchema = z.enum(['PRINCIPIANTE', 'AVANZATO']);
export type LivelloAllenamento = z.infer<typeof livelloAllenamentoSchema>;

export const schedaSchema = z.enum([
  'PRINCIPIANTE_CASA',
  'PRINCIPIANTE_PALESTRA',
  'AVANZATO_CASA',
  'AVANZATO_PALESTRA',
]);
export type Scheda = z.infer<typeof schedaSchema>;

/** The training sheet follows from level and place, never from what a client claims. */
export function schedaFor(livello: LivelloAllenamento, luogo: LuogoAllenamento): Scheda {
  return `${livello}_${luogo}`;
}

/**
 * How an account signs in, as Firebase Auth says: with a password, with Google, or both. The
 * server decides it (core never guesses it from the browser): deleting the account asks for one.
 */
export const signInMethodsSchema = z.object({ password: z.boolean(), google: z.boolean() });
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** The user as the API returns it (never contains secrets or session data). */
export const userSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  cohortId: z.string(),
  challengeStartDate: z.nullable(isoDateSchema),
  /**
   * In a cohort that runs "together" (core/cohort.ts), joined after its start: the participant's
   * first day, their registration day. Days and weeks before it are not theirs. Absent otherwise.
   */
  challengeJoinedOn: z.optional(isoDateSchema),
  /** The season of the challenge the participant is in, from 2 after accepting a "Nuova stagione"; absent in the first. */
  season: z.optional(z.int().check(z.minimum(2))),
  onboardingCompletato: z.boolean(),
  tempoAllenamento: z.nullable(tempoAllenamentoSchema),
  luogoAllenamento: z.nullable(luogoAllenamentoSchema),
  livelloAllenamento: z.nullable(livelloAllenamentoSchema),
  schedaAssegnata: z.nullable(schedaSchema),
  /** The participant's IANA time zone (e.g. 'Europe/Rome'): the server's "today" for them. */
  timeZone: z.string(),
  /** How the account signs in (the caller's own answers only); absent while the server has not learnt it yet. */
  signIn: z.optional(signInMethodsSchema),
});
export type User = z.infer<typeof userSchema>;

const userKeys = Object.keys(userSchema.shape) as Array<keyof User>;

/**
 * The user as the API answers it: the fields of userSchema and no other. The server builds
 * users from stored documents, which hold more (server-only fields), so every answer goes
 * through this pick; the web app parses the same schema.
 */
export function userAnswer(user: User): User {
  const picked: Partial<Record<keyof User, unknown>> = {};
  for (const key of userKeys) if (user[key] !== undefined) picked[key] = user[key];
  return picked as User;
}

/** `GET /api/auth/session`: 200 either way, with null when signed out. */
export const sessionAnswerSchema = z.object({ user: z.nullable(userSchema) });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** `POST /api/auth/login` and `/register`: the user, and the device token for this browser's next login. */
export const signInAnswerSchema = z.extend(userSchema, { deviceToken: z.optional(deviceTokenSchema) });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const messages = {
  passwordTooShort: 'La password deve essere di almeno 6 caratteri',
  passwordTooLong: 'La password può avere al massimo 128 caratteri',
  passwordsDoNotMatch: 'Le password non coincidono',
  invalidInviteCode: 'Codice segreto non valido',
  nameRequired: 'Inserisci il tuo nome',
  nameTooLong: 'Il nome può avere al massimo 80 caratteri',
  emailInvalid: 'Inserisci un indirizzo email valido',
  passwordRequired: 'Inserisci la password',
  inviteCodeRequired: 'Inserisci il codice segreto',
  timeZoneInvalid: 'Fuso orario non valido',
  profileFieldsOnly: 'Puoi modificare solo il nome e il fuso orario',
  profileUpdateEmpty: 'Indica il nome o il fuso orario da modificare',
  googleTokenMissing: 'Accesso con Google non riuscito: riprova',
  googleInviteCodeRequired: 'Per registrarti con Google inserisci prima il codice segreto del tuo gruppo',
} as const;

const emailSchema = z.pipe(
  z.string({ error: messages.emailInvalid }).check(z.trim(), z.toLowerCase(), z.maxLength(254, messages.emailInvalid)),
  z.email({ error: messages.emailInvalid }),
);

const nameSchema = z
  .string({ error: messages.nameRequired })
  .check(z.trim(), z.minLength(1, messages.nameRequired), z.maxLength(80, messages.nameTooLong), ...visibleText());

/** A user's name as kept: trimmed, 1 to 80 visible characters. */
export const userNameSchema = nameSchema;

const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .check(z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort), z.maxLength(MAX_PASSWORD_LENGTH, messages.passwordTooLong));

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .check(z.minLength(1, messages.passwordRequired), z.maxLength(MAX_PASSWORD_LENGTH, messages.passwordTooLong)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `role` is accepted for compatibility with the spec's payload and ignored: the server decides. */
export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: z.optional(z.unknown()),
  secretCode: z
    .string({ error: messages.inviteCodeRequired })
    .check(z.minLength(1, messages.inviteCodeRequired), z.maxLength(200, messages.invalidInviteCode)),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

const timeZoneSchema = z.string({ error: messages.timeZoneInvalid }).check(z.refine(isValidTimeZone, messages.timeZoneInvalid));

/** A participant may change their name, their time zone or both; any other key is refused. */
export const profileUpdateSchema = z
  .strictObject(
    { name: z.optional(nameSchema), timeZone: z.optional(timeZoneSchema) },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? messages.profileFieldsOnly : undefined) },
  )
  .check(z.refine((update) => update.name !== undefined || update.timeZone !== undefined, messages.profileUpdateEmpty));
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const startChallengeRequestSchema = z.object({
  challengeStartDate: isoDateSchema,
});
export type StartChallengeRequest = z.infer<typeof startChallengeRequestSchema>;

/** `POST /api/auth/start-challenge`: the date kept, and the user with it. */
export const startChallengeAnswerSchema = z.object({ challengeStartDate: isoDateSchema, user: userSchema });
export type StartChallengeAnswer = z.infer<typeof startChallengeAnswerSchema>;

export const onboardingRequestSchema = z.object({
  tempoAllenamento: tempoAllenamentoSchema,
  luogoAllenamento: luogoAllenamentoSchema,
  livelloAllenamento: livelloAllenamentoSchema,
  schedaAssegnata: z.optional(schedaSchema),
});
export type OnboardingRequest = z.infer<typeof onboardingRequestSchema>;

/**
 * `POST /api/auth/google`: the Firebase ID token of a Google sign-in, exchanged once for our own
 * session. A new account needs its cohort's invite code; `name` replaces Google's name if given.
 * Keys it does not know (a `role`) are dropped: the server decides roles.
 */
export const googleSignInRequestSchema = z.object({
  idToken: z.string({ error: messages.googleTokenMissing }).check(z.minLength(1, messages.googleTokenMissing), z.maxLength(8192, messages.googleTokenMissing)),
  inviteCode: z.optional(z.string({ error: messages.invalidInviteCode }).check(z.trim(), z.maxLength(200, messages.invalidInviteCode))),
  name: z.optional(nameSchema),
});
export type GoogleSignInRequest = z.infer<typeof googleSignInRequestSchema>;

/**
 * `GET /api/auth/google/config`: what the browser's Firebase Auth SDK starts from, from the
 * server's settings. `emulatorUrl` only on the local stack (the Auth emulator).
 */
export const googleSignInConfigSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  emulatorUrl: z.nullable(z.string()),
});
export type GoogleSignInConfig = z.infer<typeof googleSignInConfigSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Error body of every failed /api call. */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Participants answer the onboarding before anything else; OWNERs skip it. */
export function needsOnboarding(user: Pick<User, 'role' | 'onboardingCompletato'>): boolean {
  return user.role === 'PARTICIPANT' && !user.onboardingCompletato;
}

/** The season of the challenge the user is in: 1 until they accept a "Nuova stagione". */
export function seasonOfUser(user: Pick<User, 'season'>): number {
  return user.season ?? 1;
}
