// @jsxRuntime automatic
// (esbuild's pragma: tsx, which runs the scripts, compiles these files with the tsconfig of the
// directory it starts in, not functions/'s, and would otherwise expect a global React.)
import { Action, EmailLayout, Paragraph, type Sender } from './layout';

export interface CoachMessageProps extends Sender {
  firstName: string;
  /** The message as the participant reads it in the app (their name already filled in). */
  text: string;
  /** Where it is in the app: the inbox, or the check-in the reply answers. */
  url: string;
  /** A reply to the participant's check-in, rather than a message. */
  reply?: boolean;
  unsubscribeUrl?: string;
}

export function coachMessageSubject({ coachName, reply }: Pick<CoachMessageProps, 'coachName' | 'reply'>): string {
  return reply ? `${coachName} ha risposto al tuo check-in` : `Un messaggio da ${coachName}`;
}

/** A coach's message or reply, for a participant who has not opened the app for a while. */
export function CoachMessageEmail({ firstName, text, url, reply, unsubscribeUrl, ...sender }: CoachMessageProps) {
  return (
    <EmailLayout
      {...sender}
      preview={text.slice(0, 120)}
      footer={{ why: 'Ti scriviamo perché non apri l’app da qualche giorno.', unsubscribeUrl }}
    >
      <Paragraph>Ciao {firstName},</Paragraph>
      <Paragraph>{reply ? `${sender.coachName} ha risposto al tuo check-in:` : `${sender.coachName} ti ha scritto:`}</Paragraph>
      {text.split(/\n{2,}/).map((block, index) => (
        <Paragraph key={index}>{block}</Paragraph>
      ))}
      <Action href={url}>{reply ? 'Apri il check-in' : 'Leggi e rispondi nell’app'}</Action>
    </EmailLayout>
  );
}
