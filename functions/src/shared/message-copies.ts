import { fillPlaceholders, firstNameOf, type PlaceholderValues } from '@sfida/core/check-in-threads';
import { placeholderWeek } from '@sfida/core/cohort-messages';
import { todayIn } from '@sfida/core/dates';
import type { User } from '@sfida/core/user';
import { inboxIdOf, type InboxCopy } from './inbox-repository';
import { readOrFallback } from './unreadable-data';

// A coach's message as each recipient reads it: the composer's preview (features/messages) and the
// message's push tasks (push-fan-out.ts), which fill each recipient's copy from their user document.

/** What a message's tasks need to write its copies: the message, never its recipients' details. */
export interface MessageOfTask {
  id: string;
  cohortId: string;
  coachName: string;
  text: string;
  /** When it was sent (ISO instant): the day `{settimana}` is counted on, the same at every retry. */
  sentAt: string;
}

/** Names a recipient's push of a message once (the claim's key, with each device's endpoint). */
export function messagePushKey(messageId: string, uid: string): string {
  return `message:${messageId}:${uid}`;
}

/** What `{nome}` and `{settimana}` become for a participant, on their own calendar day at `now`. */
export function placeholdersFor(user: User, now: Date): PlaceholderValues {
  return {
    nome: firstNameOf(user.name),
    settimana: readOrFallback(user.id, () => placeholderWeek(user.challengeStartDate, todayIn(user.timeZone, now)), () => 1),
  };
}

/** The recipient's copy: `{nome}` and `{settimana}` filled for them as of the send. */
export function copyFor(user: User, message: MessageOfTask): InboxCopy {
  return {
    id: inboxIdOf(message.id, user.id),
    doc: {
      userId: user.id,
      messageId: message.id,
      cohortId: message.cohortId,
      coachName: message.coachName,
      sentAt: message.sentAt,
      text: fillPlaceholders(message.text, placeholdersFor(user, new Date(message.sentAt))),
      readAt: null,
    },
  };
}
