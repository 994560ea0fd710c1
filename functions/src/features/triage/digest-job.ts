import { createElement } from 'react';
import { attentionLabels } from '@sfida/core/attention';
import { firstNameOf } from '@sfida/core/check-in-threads';
import { HOME_TIME_ZONE, mondayOf, todayIn } from '@sfida/core/dates';
import { minutesOfDay } from '@sfida/core/reminders';
import type { Deps } from '../../deps';
import { emailId, readEmails } from '../../shared/mail/email-repository';
import { queueEmails } from '../../shared/mail/outbox';
import { renderEmail } from '../../shared/mail/render';
import { CoachDigestEmail, coachDigestSubject } from '../../shared/mail/templates/coach-digest';
import { unsubscribeHeaders } from '../../shared/mail/unsubscribe';
import { storedUsers } from '../../shared/user-repository';
import { activeCohortsPage, openCount, openParticipants, unreadOfCohort } from './repository';

// The coach's Monday digest: for each cohort not archived, each of its coaches gets one email with
// who needs them and why (the triage's open reasons, the most urgent first), the check-ins and
// conversations waiting unread, and links into the console. The reminders job runs it at its
// quarter-hour runs from 08:00 to 09:59 in Rome on Mondays; each run digests at most
// MAX_COHORTS_PER_RUN cohorts not digested yet this week (an email's key names the cohort, the coach
// and the week, so none goes twice and a later run picks up where an earlier one stopped).

export const MAX_COHORTS_PER_RUN = 100;
/** People named in a digest; the rest are counted. */
const PEOPLE_SHOWN = 10;
const PAGE = 200;

/** The Monday runs of 08:00 to 09:59 in Rome. */
export function isDigestRun(now: Date): boolean {
  const today = todayIn(HOME_TIME_ZONE, now);
  const minutes = minutesOfDay(HOME_TIME_ZONE, now);
  return mondayOf(today) === today && minutes >= 8 * 60 && minutes < 10 * 60;
}

const digestKey = (cohortId: string, coachId: string, week: string) => `digest:${cohortId}:${coachId}:${week}`;

export interface DigestReport {
  cohorts: number;
  queued: number;
}

export async function sendCoachDigests(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'emailQueue'>, now: Date, options: { max?: number } = {}): Promise<DigestReport> {
  const report: DigestReport = { cohorts: 0, queued: 0 };
  const key = deps.config.emailTokenKey;
  if (!key) return report;
  const max = options.max ?? MAX_COHORTS_PER_RUN;
  const week = mondayOf(todayIn(HOME_TIME_ZONE, now));
  const origin = deps.config.appOrigins[0]!;
  let after: string | null = null;
  for (;;) {
    const { cohorts, more, lastId } = await activeCohortsPage(deps.db, after, PAGE);
    const pending = await notDigested(deps, cohorts, week);
    for (const { id, cohort } of pending) {
      if (report.cohorts >= max) return report;
      report.cohorts++;
      const [open, attentionCount, unread, coaches] = await Promise.all([
        openParticipants(deps.db, [id], PEOPLE_SHOWN),
        openCount(deps.db, [id]),
        unreadOfCohort(deps.db, id),
        storedUsers(deps.db, cohort.coachIds),
      ]);
      const people = open.map((row) => ({ name: row.participant.user.name || 'Partecipante', reasons: row.stored.open.map((reason) => attentionLabels[reason.code]) }));
      const firstCoach = coaches.find((coach) => coach !== null);
      const requests = await Promise.all(
        coaches.flatMap((coach) => (coach ? [coach] : [])).map(async ({ user }) => {
          const { url, headers } = unsubscribeHeaders(origin, key, { uid: user.id, kind: 'digest' });
          const props = {
            cohortName: cohort.name,
            coachName: firstCoach?.user.name || user.name || 'Il coach',
            firstName: firstNameOf(user.name ?? ''),
            people,
            attentionCount,
            unreadCheckIns: unread.checkIns,
            unreadConversations: unread.conversations,
            links: { triage: `${origin}/coach`, checkIns: `${origin}/coach/${id}`, conversations: `${origin}/coach/conversazioni` },
            unsubscribeUrl: url,
          };
          return { uid: user.id, kind: 'digest' as const, key: digestKey(id, user.id, week), email: await renderEmail(coachDigestSubject(props), createElement(CoachDigestEmail, props), headers) };
        }),
      );
      report.queued += (await queueEmails(deps, requests)).queued;
    }
    if (!more) return report;
    if (lastId === null) return report;
    after = lastId;
  }
}

/** The cohorts of the page whose digest has not gone to all their coaches this week. */
async function notDigested<C extends { id: string; cohort: { coachIds: string[] } }>(deps: Pick<Deps, 'db'>, cohorts: C[], week: string): Promise<C[]> {
  const ids = cohorts.flatMap(({ id, cohort }) => cohort.coachIds.map((coachId) => emailId(digestKey(id, coachId, week))));
  if (ids.length === 0) return [];
  const done = new Set((await readEmails(deps.db, ids)).map((email) => email.id));
  return cohorts.filter(({ id, cohort }) => cohort.coachIds.some((coachId) => !done.has(emailId(digestKey(id, coachId, week)))));
}
