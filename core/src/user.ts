import { z } from 'zod';
import { isoDateSchema } from './iso-date';

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

/** The user as the API returns it (never contains secrets or session data). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  cohortId: z.string(),
  challengeStartDate: isoDateSchema.nullable(),
  onboardingCompletato: z.boolean(),
  tempoAllenamento: tempoAllenamentoSchema.nullable(),
  luogoAllenamento: luogoAllenamentoSchema.nullable(),
  livelloAllenamento: livelloAllenamentoSchema.nullable(),
  schedaAssegnata: schedaSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

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
} as const;

const emailSchema = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }));

const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(80, messages.nameTooLong);

const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(MAX_PASSWORD_LENGTH, messages.passwordTooLong),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `role` is accepted for compatibility with the spec's payload and ignored: the server decides. */
export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: z.unknown().optional(),
  secretCode: z.string({ error: messages.inviteCodeRequired }).min(1, messages.inviteCodeRequired).max(200, messages.invalidInviteCode),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A participant may change only their name; any other key is refused. */
export const profileUpdateSchema = z.strictObject(
  { name: nameSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Puoi modificare solo il tuo nome' : undefined) },
);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const startChallengeRequestSchema = z.object({
  challengeStartDate: isoDateSchema,
});
export type StartChallengeRequest = z.infer<typeof startChallengeRequestSchema>;

export const onboardingRequestSchema = z.object({
  tempoAllenamento: tempoAllenamentoSchema,
  luogoAllenamento: luogoAllenamentoSchema,
  livelloAllenamento: livelloAllenamentoSchema,
  schedaAssegnata: schedaSchema.optional(),
});
export type OnboardingRequest = z.infer<typeof onboardingRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Error body of every failed /api call. */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
