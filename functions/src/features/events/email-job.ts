import { createElement } from 'react';
import { firstNameOf } from '@sfida/core/check-in-threads';
import { eventEmailDueAt, eventEmailKey, eventWhenText } from '@sfida/core/event-emails';
import { packageAllows, packageIn, type Access } from '@sfida/core/packages';
import type { Deps } from '../../deps';
import { storedCohort } from '../../shared/cohort-repository';
import { memberIndexOfCohort } from '../../shared/member-index-repository';
import { queueEmails } from '../../shared/mail/outbox';
import { wantingEmail } from '../../shared/mail/preferences-repository';
import { renderEmail } from '../../shared/mail/render';
import { EventDayEmail, eventDaySubject } from '../../shared/mail/templates/event-day';
import { unsubscribeHeaders } from '../../shared/mail/unsubscribe';
import { participantsPage, type Participant } from '../../shared/participant-repository';
import { storedUsers } from '../../shared/user-repository';
import { eventEmailPlans, eventsStartingBetween, participantsInZone, putEventEmailPlan, type EventEmailPlan, type StoredEvent } from './repository';
import { accessOf, eventPageUrl } from './service';

// The event-day email, from the reminders job's quarter-hour runs. A run reads the events of every
// cohort starting in the next LOOKAHEAD_MS (one collection-group query) and each one's plan
// (repository.ts: EventEmailPlan). An event's first run surveys its cohort's participants once,
// page by page, for the zones they live in; then each zone is sent at its own hour (core's
// eventEmailDueAt) by a query of that zone's participants alone, so a participant is read twice
// per event however many runs the day has. Whoever may join (their package, read when it goes)
// and wants event emails gets one, keyed by the event, its start and them: a run that overlaps
// another, or repeats a page, queues nothing twice; a moved event has a new start, a new plan and
// new keys. A run works on at most MAX_EVENTS_PER_RUN events and reads at most MAX_READS_PER_RUN
// participants; where it stops, its plan says, and the next run goes on from there. The emails
// leave by the outbox's tasks (shared/mail/outbox.ts), 50 a task.

const LOOKAHEAD_MS = 36 * 60 * 60 * 1000;
/** Events read from the window: far more than the few that start within a day and a half. */
const EVENT_SCAN = 300;
export const MAX_EVENTS_PER_RUN = 20;
export const MAX_READS_PER_RUN = 3000;
const PAGE = 200;

export type EventEmailDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'emailQueue'>;

export interface EventEmailReport {
  /** Events this run surveyed or sent for. */
  events: number;
  /** Participants' documents read. */
  read: number;
  queued: number;
}

export interface EventEmailOptions {
  maxEvents?: number;
  maxReads?: number;
  page?: number;
}

/** What is left of a plan at `now`: its survey, or a zone whose hour has come. */
function hasWork(plan: EventEmailPlan, now: Date): boolean {
  return !plan.survey.done || plan.zones.some((zone) => !zone.done && Date.parse(zone.dueAt) <= now.getTime());
}

export async function sendEventEmails(deps: EventEmailDeps, now: Date, options: EventEmailOptions = {}): Promise<EventEmailReport> {
  const report: EventEmailReport = { events: 0, read: 0, queued: 0 };
  if (!deps.config.emailTokenKey) return report;
  const maxEvents = options.maxEvents ?? MAX_EVENTS_PER_RUN;
  const maxReads = options.maxReads ?? MAX_READS_PER_RUN;
  const page = options.page ?? PAGE;
  const events = await eventsStartingBetween(deps.db, now, new Date(now.getTime() + LOOKAHEAD_MS), EVENT_SCAN);
  const plans = await eventEmailPlans(deps.db, events);
  for (const [i, { cohortId, event }] of events.entries()) {
    if (report.events >= maxEvents || report.read >= maxReads) break;
    const plan: EventEmailPlan = plans[i] ?? { cohortId, eventId: event.id, startsAt: event.startsAt, survey: { after: null, done: false }, zones: [] };
    if (!hasWork(plan, now)) continue;
    report.events++;
    const cohort = await storedCohort(deps.db, cohortId);
    if (!cohort || cohort.archivedAt) {
      await putEventEmailPlan(deps.db, { ...plan, survey: { after: null, done: true }, zones: [] });
      continue;
    }
    if (!plan.survey.done) {
      const index = await memberIndexOfCohort(deps.db, { id: cohortId, cohort });
      while (!plan.survey.done && report.read < maxReads) {
        const { participants, more } = await participantsPage(deps.db, cohortId, plan.survey.after, page, null, index);
        report.read += participants.length;
        for (const { user } of participants.filter(taking)) {
          if (!plan.zones.some((zone) => zone.zone === user.timeZone)) {
            plan.zones.push({ zone: user.timeZone, dueAt: eventEmailDueAt(event.startsAt, user.timeZone).toISOString(), after: null, done: false });
          }
        }
        plan.survey = { after: participants.at(-1)?.user.id ?? plan.survey.after, done: !more };
        await putEventEmailPlan(deps.db, plan);
      }
      if (!plan.survey.done) break;
    }
    const coaches = await storedUsers(deps.db, cohort.coachIds.slice(0, 1));
    const context: Context = { cohortId, event, access: accessOf(event, cohort), cohortName: cohort.name, coachName: coaches[0]?.user.name || 'Il tuo coach' };
    for (const zone of plan.zones) {
      while (!zone.done && Date.parse(zone.dueAt) <= now.getTime() && report.read < maxReads) {
        const { participants, more } = await participantsInZone(deps.db, cohortId, zone.zone, zone.after, page);
        report.read += participants.length;
        report.queued += await queueFor(deps, context, participants);
        zone.after = participants.at(-1)?.user.id ?? zone.after;
        zone.done = !more;
        await putEventEmailPlan(deps.db, plan);
      }
    }
  }
  return report;
}

interface Context {
  cohortId: string;
  event: StoredEvent;
  access: Access;
  cohortName: string;
  coachName: string;
}

/** Still taking part: not withdrawn by a coach, the account not disabled. */
const taking = (participant: Participant) => !participant.withdrawn && !participant.disabled;

/** Queues the email of those of `participants` who may join the event and want event emails; answers how many were new. */
async function queueFor(deps: EventEmailDeps, { cohortId, event, access, cohortName, coachName }: Context, participants: Participant[]): Promise<number> {
  const allowed = participants.filter((participant) => taking(participant) && packageAllows(packageIn(participant.packages, cohortId), access));
  if (allowed.length === 0) return 0;
  const wanting = await wantingEmail(deps.db, allowed.map(({ user }) => user.id), 'event');
  const origin = deps.config.appOrigins[0]!;
  const key = deps.config.emailTokenKey!;
  const requests = await Promise.all(
    allowed
      .filter(({ user }) => wanting.has(user.id))
      .map(async ({ user }) => {
        const { url, headers } = unsubscribeHeaders(origin, key, { uid: user.id, kind: 'event' });
        const props = {
          cohortName,
          coachName,
          firstName: firstNameOf(user.name ?? ''),
          title: event.title,
          when: eventWhenText(event.startsAt, user.timeZone),
          speaker: event.speaker,
          url: eventPageUrl(origin, event.id),
          unsubscribeUrl: url,
        };
        return { uid: user.id, kind: 'event' as const, key: eventEmailKey(event.id, event.startsAt, user.id), email: await renderEmail(eventDaySubject(props), createElement(EventDayEmail, props), headers) };
      }),
  );
  return (await queueEmails(deps, requests)).queued;
}
