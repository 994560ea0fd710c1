import { createElement } from 'react';
import { firstNameOf } from '@sfida/core/check-in-threads';
import { formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import type { Deps } from '../../deps';
import { storedCohort } from '../cohort-repository';
import { storedUser } from '../user-repository';
import { sha256Hex } from '../crypto';
import type { EmailRequest } from './email-repository';
import { queueEmail } from './outbox';
import { renderEmail } from './render';
import { AccountNoticeEmail } from './templates/account-notice';
import type { Sender } from './templates/layout';

// The account's own emails, which always go (no preference turns them off): the link that verifies
// a password registration's address, the retention's notice that the account will be deleted, and
// the farewell once it is.

type AccountEmailDeps = Pick<Deps, 'db' | 'auth' | 'clock' | 'config' | 'emailQueue'>;

/** The cohort's name and its first coach's, for the email's header and footer. */
export async function senderOf(deps: Pick<Deps, 'db'>, cohortId: string | null | undefined): Promise<Sender> {
  const cohort = cohortId ? await storedCohort(deps.db, cohortId) : null;
  const coachId = cohort?.coachIds[0];
  const coach = coachId ? await storedUser(deps.db, coachId) : null;
  return { cohortName: cohort?.name ?? 'Sfida 8 settimane', coachName: coach?.user.name || 'Il tuo coach' };
}

/**
 * Queues the verification of a password registration's address: a link made by Firebase Auth
 * (the Auth emulator's locally), which comes back to the app. Once per account.
 */
export async function queueVerificationEmail(deps: AccountEmailDeps, account: { uid: string; email: string; name: string; cohortId: string | null }): Promise<void> {
  const origin = deps.config.appOrigins[0]!;
  const link = await deps.auth.generateEmailVerificationLink(account.email, { url: `${origin}/dashboard` });
  const sender = await senderOf(deps, account.cohortId);
  const props = {
    ...sender,
    firstName: firstNameOf(account.name),
    preview: 'Conferma il tuo indirizzo email',
    paragraphs: ['Ti diamo il benvenuto in Sfida 8 settimane! Conferma che questo indirizzo è tuo: servirà per ricevere i link degli incontri e i messaggi del coach.', 'Se non hai chiesto tu la registrazione, ignora questa email.'],
    action: { label: 'Conferma il tuo indirizzo', href: link },
  };
  await queueEmail(deps, { uid: account.uid, kind: 'verification', key: `verify:${account.uid}`, email: await renderEmail('Conferma il tuo indirizzo email', createElement(AccountNoticeEmail, props)) });
}

/** Queues the retention's notice (the push says the same): once per notice given. */
export async function queueRetentionNoticeEmail(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'emailQueue'>, account: { uid: string; name: string; cohortId: string | null }, deletableFrom: IsoDate, noticeKey: string): Promise<void> {
  const origin = deps.config.appOrigins[0]!;
  const sender = await senderOf(deps, account.cohortId);
  const subject = `Il tuo account sarà eliminato il ${formatItalianDate(deletableFrom)}`;
  const props = {
    ...sender,
    firstName: firstNameOf(account.name),
    preview: subject,
    paragraphs: [
      `È passato quasi un anno dalla fine del tuo ultimo programma: il ${formatItalianDate(deletableFrom)} il tuo account e i tuoi dati saranno eliminati.`,
      'Per tenerlo, accedi e inizia una nuova stagione. Per conservare i tuoi dati, scaricali da “Privacy e dati” nel profilo.',
    ],
    action: { label: 'Apri il profilo', href: `${origin}/profilo#privacy-e-dati` },
  };
  await queueEmail(deps, { uid: account.uid, kind: 'account', key: `retention:${noticeKey}`, email: await renderEmail(subject, createElement(AccountNoticeEmail, props)) });
}

/** Why an account went, as its farewell says it. */
export type FarewellReason = 'self' | 'operator' | 'retention';

/** The farewell, rendered while the account still says who and where (before the deletion); queued once it is done. */
export async function farewellEmail(
  deps: Pick<Deps, 'db' | 'config'>,
  account: { uid: string; email: string; name: string; cohortId: string | null; role: 'PARTICIPANT' | 'OWNER' },
  reason: FarewellReason,
): Promise<EmailRequest> {
  const sender = await senderOf(deps, account.cohortId);
  const subject = 'Il tuo account è stato eliminato';
  const why =
    reason === 'retention'
      ? 'Come ti avevamo scritto, è passato un anno dalla fine del tuo ultimo programma: abbiamo eliminato il tuo account di Sfida 8 settimane e tutti i tuoi dati.'
      : reason === 'operator'
        ? 'Come hai chiesto, abbiamo eliminato il tuo account di Sfida 8 settimane e tutti i tuoi dati.'
        : 'Come hai chiesto dal tuo profilo, abbiamo eliminato il tuo account di Sfida 8 settimane e tutti i tuoi dati.';
  const props = {
    ...sender,
    firstName: firstNameOf(account.name),
    preview: subject,
    paragraphs: [
      why,
      account.role === 'OWNER'
        ? 'Le tue coorti restano agli altri coach; quello che hai scritto ai partecipanti resta, senza il tuo nome.'
        : 'I tuoi check-in, le abitudini, i messaggi e le note vocali non ci sono più; ai coach restano solo le loro risposte, senza il tuo nome.',
      'Se vorrai tornare, potrai registrarti di nuovo con un codice invito. Grazie di aver fatto la sfida con noi.',
    ],
    action: { label: 'Apri Sfida 8 settimane', href: deps.config.appOrigins[0]! },
  };
  // Keyed by a hash of the uid: the outbox keeps nothing that names the person once it is sent.
  return { uid: '', to: account.email, kind: 'account', key: `farewell:${sha256Hex(account.uid)}`, email: await renderEmail(subject, createElement(AccountNoticeEmail, props)) };
}
