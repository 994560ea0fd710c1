// @jsxRuntime automatic
// (esbuild's pragma: tsx, which runs the scripts, compiles these files with the tsconfig of the
// directory it starts in, not functions/'s, and would otherwise expect a global React.)
import { Link } from '@react-email/components';
import { Action, colours, EmailLayout, Paragraph, type Sender } from './layout';

export interface DigestPerson {
  name: string;
  /** Why they need the coach, in the triage's words. */
  reasons: string[];
}

export interface CoachDigestProps extends Sender {
  /** The coach's first name (the sender is the cohort's first coach; the digest goes to each). */
  firstName: string;
  people: DigestPerson[];
  /** How many need attention in all (people shows the most urgent). */
  attentionCount: number;
  unreadCheckIns: number;
  unreadConversations: number;
  links: { triage: string; checkIns: string; conversations: string };
  unsubscribeUrl?: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function coachDigestSubject({ cohortName, attentionCount }: Pick<CoachDigestProps, 'cohortName' | 'attentionCount'>): string {
  return attentionCount > 0 ? `${cohortName}: ${plural(attentionCount, 'persona ha', 'persone hanno')} bisogno di te` : `${cohortName}: il riepilogo del lunedì`;
}

/** The coach's Monday digest of one cohort: who needs them and why, and what is waiting unread, with links into the console. */
export function CoachDigestEmail({ firstName, people, attentionCount, unreadCheckIns, unreadConversations, links, unsubscribeUrl, ...sender }: CoachDigestProps) {
  const more = attentionCount - people.length;
  return (
    <EmailLayout {...sender} preview={coachDigestSubject({ cohortName: sender.cohortName, attentionCount })} footer={{ why: 'Ti scriviamo ogni lunedì mattina per le coorti che guidi.', unsubscribeUrl }}>
      <Paragraph>Buongiorno {firstName}, ecco la settimana che comincia per {sender.cohortName}.</Paragraph>
      {attentionCount === 0 ? (
        <Paragraph>Nessuno ha bisogno di un’attenzione particolare in questo momento.</Paragraph>
      ) : (
        <>
          <Paragraph>Hanno bisogno di te:</Paragraph>
          {people.map((person, index) => (
            <Paragraph key={index}>
              <strong>{person.name}</strong>: {person.reasons.join(', ')}
            </Paragraph>
          ))}
          {more > 0 && <Paragraph>e altre {more}.</Paragraph>}
        </>
      )}
      <Paragraph>
        Da leggere: {plural(unreadCheckIns, 'check-in', 'check-in')} (
        <Link href={links.checkIns} style={{ color: colours.link }} className="sfida-link">
          apri i check-in
        </Link>
        ) e {plural(unreadConversations, 'conversazione', 'conversazioni')} (
        <Link href={links.conversations} style={{ color: colours.link }} className="sfida-link">
          apri le conversazioni
        </Link>
        ).
      </Paragraph>
      <Action href={links.triage}>Apri “Da fare oggi”</Action>
    </EmailLayout>
  );
}
