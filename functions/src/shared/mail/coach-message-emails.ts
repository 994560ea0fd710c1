import { createElement } from 'react';
import type { Deps } from '../../deps';
import { storedCohort } from '../cohort-repository';
import { queueEmails } from './outbox';
import { wantingEmail } from './preferences-repository';
import { unreachedByApp } from './reach-repository';
import { renderEmail } from './render';
import { CoachMessageEmail, coachMessageSubject } from './templates/coach-message';
import { unsubscribeHeaders } from './unsubscribe';

// The fallback of a coach's message or reply: by email to those the app does not reach (no push
// subscription, no visit for 3 days, reach-repository.ts) who did not turn these emails off. Each
// recipient's email is keyed by the message (or reply) and them, so a retried task queues it once.

export type FallbackDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'emailQueue'>;

/** One recipient of the message, and what it says to them (placeholders filled). */
export interface FallbackRecipient {
  uid: string;
  firstName: string;
  text: string;
}

export interface CoachWords {
  /** Names the message or reply once: `message:{id}` or `reply:{threadId}`. */
  key: string;
  cohortId: string;
  coachName: string;
  /** Where it is in the app (a path: /messaggi, /checkin). */
  path: string;
  reply?: boolean;
}

/** Of `uids`, those who would get the email: unreached by the app, and wanting coach messages by email. */
export async function emailFallbackOf(deps: Pick<Deps, 'db' | 'clock'>, uids: string[]): Promise<Set<string>> {
  const unreached = await unreachedByApp(deps.db, uids, deps.clock());
  return wantingEmail(deps.db, [...unreached], 'coachMessages');
}

/** Queues the fallback emails of one message or reply; answers how many were queued. */
export async function queueCoachMessageEmails(deps: FallbackDeps, words: CoachWords, recipients: FallbackRecipient[]): Promise<number> {
  const key = deps.config.emailTokenKey;
  if (!key || recipients.length === 0) return 0;
  const chosen = await emailFallbackOf(deps, recipients.map((recipient) => recipient.uid));
  if (chosen.size === 0) return 0;
  const cohort = await storedCohort(deps.db, words.cohortId);
  const origin = deps.config.appOrigins[0]!;
  const requests = await Promise.all(
    recipients
      .filter((recipient) => chosen.has(recipient.uid))
      .map(async (recipient) => {
        const { url, headers } = unsubscribeHeaders(origin, key, { uid: recipient.uid, kind: 'coachMessages' });
        const props = { cohortName: cohort?.name ?? 'la tua coorte', coachName: words.coachName, firstName: recipient.firstName, text: recipient.text, url: `${origin}${words.path}`, reply: words.reply ?? false, unsubscribeUrl: url };
        return { uid: recipient.uid, kind: 'coachMessages' as const, key: `${words.key}:${recipient.uid}`, email: await renderEmail(coachMessageSubject(props), createElement(CoachMessageEmail, props), headers) };
      }),
  );
  return (await queueEmails(deps, requests)).queued;
}
