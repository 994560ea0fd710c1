// What the privacy screens say and what the deletion asks to type, without zod: the privacy page,
// prerendered and signed out, shows some of it and loads no schema.

/** The word a person types to confirm the deletion of their account. */
export const DELETE_CONFIRMATION = 'ELIMINA';

export const privacyTexts = {
  confirmRequired: `Per confermare scrivi ${DELETE_CONFIRMATION} in maiuscolo`,
  passwordRequired: 'Inserisci la password',
  passwordTooLong: 'La password è troppo lunga',
  googleTokenInvalid: 'Conferma con Google non riuscita: riprova',
  proofRequired: 'Inserisci la password o conferma con Google',
  accountDeleted: 'Il tuo account è stato eliminato.',
  /** The answer (429) to a second export within a minute. */
  exportTooSoon: 'Hai appena scaricato i tuoi dati: riprova tra un minuto',
} as const;
