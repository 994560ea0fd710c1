// What the privacy screens say and what the deletion asks to type, without zod: the privacy page,
// prerendered and signed out, shows some of it and loads no schema.

/** The word a person types to confirm the deletion of their account. */
export const DELETION_CONFIRMATION = 'ELIMINA';

export const privacyTexts = {
  accountDeleted: 'Il tuo account è stato eliminato.',
} as const;
