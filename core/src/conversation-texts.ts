// What a conversation's composer needs on every page that shows one: its limits, texts and the
// excerpt of a quote, without the timeline's rules (conversations.ts), which read whole trackers.

export const MAX_CONVERSATION_MESSAGE = 2000;
/** Timeline items a page holds. */
export const TIMELINE_PAGE = 30;
/** Threads a page of the coach's list holds. */
export const CONVERSATION_LIST_PAGE = 20;
/** Characters of the last message the coach's list shows (and a quote of a message answered). */
export const PREVIEW_LENGTH = 120;

export const conversationTexts = {
  /** The name a deleted participant's thread keeps in the coaches' list. */
  deletedParticipant: 'Partecipante eliminato',
  /** The name a deleted coach's words keep where they stay with others (a reply, a quote, a "Contattato"). */
  deletedCoach: 'Coach',
  textRequired: 'Scrivi il messaggio',
  textTooLong: `Il messaggio può avere al massimo ${MAX_CONVERSATION_MESSAGE} caratteri`,
  requestId: 'Identificativo della richiesta non valido',
  requestReused: 'Questa richiesta è già stata usata per un altro messaggio',
  tooManyMessages: 'Hai inviato molti messaggi in poco tempo: riprova tra qualche minuto',
  readOnly: 'Questa conversazione è in sola lettura: il partecipante non fa più parte della coorte',
  participantsOnly: 'Le conversazioni con il coach sono riservate ai partecipanti',
  noCoach: 'Il tuo gruppo non ha ancora un coach a cui scrivere',
  replyToNotFound: 'Il messaggio a cui rispondi non è stato trovato',
  before: 'Il parametro before deve essere una data e ora ISO',
  cursor: 'Cursore non valido',
  cohortId: 'Coorte non valida',
} as const;

/** A text cut to `max` characters on one line, for a preview or a quote. */
export function excerptOf(text: string, max = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
