import * as z from 'zod/mini';

// Which emails a person wants: each kind that is not essential can be turned off, from /profilo or
// by the unsubscribe link every such email carries. Account notices and the address's verification
// always go (they are about the account itself).

/** The kinds a person may turn off, and how /profilo names them. */
export const EMAIL_CHOICES = [
  { kind: 'event', label: 'Incontri del giorno', help: 'Il giorno di un incontro, il link per partecipare dall’app.' },
  { kind: 'coachMessages', label: 'Messaggi del coach', help: 'I messaggi e le risposte del coach, se non apri l’app da qualche giorno.' },
  { kind: 'digest', label: 'Riepilogo del lunedì (coach)', help: 'Chi ha bisogno di te nelle tue coorti, ogni lunedì mattina.' },
] as const;

export type OptionalEmailKind = (typeof EMAIL_CHOICES)[number]['kind'];

export const emailMessages = {
  invalidPreferences: 'Preferenze email non valide',
  invalidUnsubscribeLink: 'Questo link per disiscriverti non è valido.',
} as const;

export const emailPreferencesSchema = z.object({
  event: z._default(z.boolean(), true),
  coachMessages: z._default(z.boolean(), true),
  digest: z._default(z.boolean(), true),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { event: true, coachMessages: true, digest: true };

/** `GET` and `PUT /api/me/email-preferences`. */
export const emailPreferencesResponseSchema = z.object({ preferences: emailPreferencesSchema });
export const emailPreferencesRequestSchema = z.object({ preferences: emailPreferencesSchema }, { error: emailMessages.invalidPreferences });

/** Whether `kind` is one a person can turn off. */
export function isOptionalEmailKind(kind: string): kind is OptionalEmailKind {
  return EMAIL_CHOICES.some((choice) => choice.kind === kind);
}
