// @jsxRuntime automatic
// (esbuild's pragma: tsx, which runs the scripts, compiles these files with the tsconfig of the
// directory it starts in, not functions/'s, and would otherwise expect a global React.)
import { Action, EmailLayout, Paragraph, type Sender } from './layout';

export interface EventDayProps extends Sender {
  firstName: string;
  title: string;
  /** The day and time on the participant's clock (core's eventWhenText). */
  when: string;
  speaker: string;
  /** The event's page in the app, which opens the join link in its window: never the join link itself. */
  url: string;
  unsubscribeUrl?: string;
}

export function eventDaySubject({ title, when }: Pick<EventDayProps, 'title' | 'when'>): string {
  return `${title}, ${when}`;
}

/** The morning of an event, for a participant whose package lets them join it. */
export function EventDayEmail({ firstName, title, when, speaker, url, unsubscribeUrl, ...sender }: EventDayProps) {
  return (
    <EmailLayout
      {...sender}
      preview={`${title}, ${when}`}
      footer={{ why: 'Ti scriviamo perché il tuo pacchetto comprende questo incontro.', unsubscribeUrl }}
    >
      <Paragraph>Ciao {firstName},</Paragraph>
      <Paragraph>
        ti ricordiamo l’incontro «{title}»{speaker ? ` con ${speaker}` : ''}: {when}.
      </Paragraph>
      <Paragraph>Il link per collegarti si apre nell’app 30 minuti prima dell’inizio.</Paragraph>
      <Action href={url}>Apri l’incontro nell’app</Action>
    </EmailLayout>
  );
}
