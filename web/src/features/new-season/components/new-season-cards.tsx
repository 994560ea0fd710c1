import { PreviousSeasonCertificate } from './previous-season-certificate';
import { SeasonInvitationCard } from './season-invitation-card';

/**
 * The dashboard's new-season pieces, one lazy chunk: after the eight weeks the coach's invitation
 * (when there is one); in a later season not over yet, the finished season's certificate.
 */
export function NewSeasonCards({ over }: { over: boolean }) {
  return over ? <SeasonInvitationCard /> : <PreviousSeasonCertificate />;
}
