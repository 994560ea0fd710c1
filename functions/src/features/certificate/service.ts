import { challengeSummary } from '@sfida/core/challenge-summary';
import { formatItalianDate, challengeLastDay, isChallengeOver, todayIn } from '@sfida/core/dates';
import { emptyTracker } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { conflict, forbidden } from '../../shared/http-error';
import { readStoredTracker, userWithTracker } from '../../shared/tracker-repository';
import { lastArchivedSeason } from '../../shared/season-archive-repository';
import { renderCertificate } from './render-certificate';

export const certificateMessages = {
  participantsOnly: 'Il certificato è per i partecipanti della sfida',
  noStart: 'Il certificato sarà disponibile alla fine delle 8 settimane: scegli prima la data di inizio',
  notYet: (lastDay: string) => `Il certificato sarà disponibile dal giorno dopo la fine delle 8 settimane (la sfida termina il ${lastDay})`,
} as const;

/**
 * The caller's certificate, from the server's copy of their tracker (its figures are the ones the
 * server vouched for). In a new season not over yet, the certificate is the last finished season's,
 * from its archive.
 */
export async function certificateOf(deps: Pick<Deps, 'db' | 'clock'>, caller: User): Promise<Uint8Array> {
  if (caller.role !== 'PARTICIPANT') throw forbidden(certificateMessages.participantsOnly);
  const { stored, tracker: synced } = await userWithTracker(deps.db, caller.id);
  const user = stored?.user ?? caller;
  const start = user.challengeStartDate;
  const now = deps.clock();
  const today = todayIn(user.timeZone, now);
  const name = user.name || user.email;
  if (start === null || !isChallengeOver(start, today)) {
    const archived = await lastArchivedSeason(deps.db, caller.id);
    if (archived?.challengeStartDate && archived.data !== null) {
      const tracker = readStoredTracker(archived.data, archived.archivedAt, archived.points);
      return renderCertificate({ name, summary: challengeSummary({ ...tracker, challengeStartDate: archived.challengeStartDate }, archived.challengeStartDate), issuedOn: today });
    }
    if (start === null) throw conflict(certificateMessages.noStart);
    throw conflict(certificateMessages.notYet(formatItalianDate(challengeLastDay(start))));
  }
  const tracker = synced ?? emptyTracker(user.timeZone, now, start);
  return renderCertificate({ name, summary: challengeSummary({ ...tracker, challengeStartDate: start }, start), issuedOn: today });
}
