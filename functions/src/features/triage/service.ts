import { bulkAnswerOf, type BulkAnswer, type BulkResult } from '@sfida/core/bulk';
import { reasonsClearedOf } from '@sfida/core/contact';
import { attentionLabels, type DigestAttentionInput } from '@sfida/core/attention';
import { coachMessages } from '@sfida/core/coach';
import { addDays, daysBetween, localDateOf, todayIn } from '@sfida/core/dates';
import { instantAt } from '@sfida/core/reminders';
import { digestAnswersFor, digestLastActivity, rosterDigest, type RosterDigest } from '@sfida/core/roster-digest';
import {
  MAX_SNOOZE_DAYS,
  contacted,
  keyedReasonsOf,
  labelledReasons,
  nextReasonChange,
  snoozed,
  triageGroups,
  triageMessages,
  triageViewOf,
  type KeyedReason,
  type TriageHandling,
  type TriageItem,
  type TriagePage,
  type TriageQuery,
} from '@sfida/core/triage';
import type { User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { coachDays, countCoachAction, recordFirstLook } from '../../shared/coach-day-repository';
import { activeCohortsCoachedBy, cohortOfCoach, type CoachedCohort } from '../../shared/cohort-repository';
import { HttpError, badRequest, notFound } from '../../shared/http-error';
import { storedUsers } from '../../shared/user-repository';
import { contactWritesFor } from '../../shared/contact-repository';
import { addParticipantNote } from '../../shared/participant-note-repository';
import type { Participant } from '../../shared/participant-repository';
import { storedHeadsOf } from '../../shared/tracker-repository';
import { readOrFallback } from '../../shared/unreadable-data';
import { dueParticipants, openCount, openParticipants, saveTriage, triageRowOf, type StoredContact, type TriageRow } from './repository';

type TriageDeps = Pick<ApiDeps, 'db' | 'clock'>;

/** Participants worked out again per round of a look, and rounds per look: a look's cost has a ceiling. */
const REFRESH_BATCH = 100;
const REFRESH_ROUNDS = 3;

/** A participant's reasons as of now, in their zone, with what is needed to store them. */
interface Look {
  participant: Participant;
  today: string;
  reasons: KeyedReason[];
  /** The first day the reasons change with nothing new synced; null: not within the look-ahead. */
  nextChange: string | null;
  digest: RosterDigest | null;
}

/** The registration's day in the participant's zone; null for an unreadable instant. */
function registeredOn(user: User): string | null {
  return Number.isNaN(Date.parse(user.createdAt)) ? null : localDateOf(user.createdAt, user.timeZone);
}

/**
 * The reasons of `participants` now. Their stored digests answer when they can; the
 * others' trackers are read in one go. A participant whose data cannot be summarised has no reason
 * (the roster shows them as unreadable) and is not looked at again until they sync.
 */
async function lookAt(deps: TriageDeps, participants: Participant[], cohortStarts: Map<string, string>, now: Date): Promise<Map<string, Look | null>> {
  const usable = (p: Participant) =>
    readOrFallback(
      p.user.id,
      () => p.digest === null || (p.digest !== undefined && digestAnswersFor(p.digest, p.user.timeZone, todayIn(p.user.timeZone, now))),
      () => false,
    );
  const trackers = await storedHeadsOf(
    deps.db,
    participants.filter((p) => !usable(p)).map((p) => p.user.id),
  );
  const looks = new Map<string, Look | null>();
  for (const participant of participants) {
    const { user, withdrawn, disabled } = participant;
    looks.set(
      user.id,
      readOrFallback<Look | null>(
        user.id,
        () => {
          const today = todayIn(user.timeZone, now);
          const tracker = trackers.get(user.id);
          // A split tracker's streaks go on over its closed months by `closed` (docs/decisions/054).
          const digest = trackers.has(user.id) ? (tracker ? rosterDigest(tracker.tracker, today, tracker.closed ?? undefined) : null) : (participant.digest ?? null);
          const input: DigestAttentionInput = {
            digest,
            challengeStartDate: user.challengeStartDate,
            cohortStartDate: cohortStarts.get(user.cohortId) ?? today,
            registeredAt: registeredOn(user),
            today,
          };
          // A withdrawn or disabled participant needs no one: nothing open, nothing to come.
          if (withdrawn || disabled) return { participant, today, reasons: [], nextChange: null, digest };
          return { participant, today, reasons: keyedReasonsOf(input), nextChange: nextReasonChange(input), digest };
        },
        () => null,
      ),
    );
  }
  return looks;
}

/** When the participant's triage must next be worked out: their next change of reasons, or the end of a snooze. */
function nextDueAt(look: Look, handling: TriageHandling): Date | null {
  const days = [look.nextChange, handling.snoozedUntil].filter((day): day is string => day !== null).sort();
  return days[0] ? instantAt(days[0], '00:00', look.participant.user.timeZone) : null;
}

/** Stores what `look` shows with `handling` (and a contact, with the check-ins it reads); false when the document changed since it was read. */
function store(deps: TriageDeps, row: TriageRow, look: Look | null, handling: TriageHandling, contact?: StoredContact, checkIns?: Parameters<typeof saveTriage>[3]): Promise<boolean> {
  if (!look) return saveTriage(deps.db, row, { rank: null, open: [], handling, dueAt: null }, checkIns);
  const view = triageViewOf(look.reasons, handling, look.today);
  return saveTriage(deps.db, row, { rank: view.rank, open: view.open, handling: view.handling, dueAt: nextDueAt(look, view.handling), contact }, checkIns);
}

/**
 * Works out again the reasons of the cohorts' participants that are due (a sync, a start, a new zone,
 * a day that changes them, a snooze's end), a bounded number per look: a coach's home is never
 * stale for what changed, and costs the same at 40 or 4,000 participants once they are up to date.
 */
async function refreshDue(deps: TriageDeps, cohorts: CoachedCohort[], now: Date): Promise<void> {
  const ids = cohorts.map((c) => c.id);
  const starts = new Map(cohorts.map(({ id, cohort }) => [id, cohort.startDate]));
  for (let round = 0; round < REFRESH_ROUNDS; round++) {
    const due = await dueParticipants(deps.db, ids, now, REFRESH_BATCH);
    if (due.length === 0) return;
    const looks = await lookAt(deps, due.map((row) => row.participant), starts, now);
    await Promise.all(due.map((row) => store(deps, row, looks.get(row.participant.user.id) ?? null, row.stored.handling)));
    if (due.length < REFRESH_BATCH) return;
  }
}

const groupRank = (item: TriageItem) => triageGroups.findIndex((group) => group.id === item.group);

/** A triage item from a participant's document as the last look stored it. */
function itemOf({ participant, stored, rank }: TriageRow, names: Map<string, string>, now: Date): TriageItem | null {
  const { user, digest } = participant;
  const { open, contact } = stored;
  const group = rank === null ? undefined : triageGroups[rank];
  if (!group || open.length === 0) return null;
  const today = readOrFallback(user.id, () => todayIn(user.timeZone, now), () => null);
  return {
    userId: user.id,
    name: user.name || user.email,
    email: user.email,
    cohortId: user.cohortId,
    cohortName: names.get(user.cohortId) ?? '',
    group: group.id,
    reasons: labelledReasons(open, attentionLabels),
    lastActivity: digest && today ? digestLastActivity(digest, today) : null,
    lastMood: digest?.checkIns.at(-1)?.mood ?? null,
    lastContact: contact && { at: contact.at, byName: contact.byName, note: contact.note },
  };
}

/**
 * "Da fare oggi": what is open in the coach's cohorts (or one of them), most urgent group first, at
 * most `limit` items and the count of all; and what the coach did today against yesterday.
 */
export async function triagePage(deps: TriageDeps, coach: User, query: TriageQuery): Promise<TriagePage> {
  const cohorts = query.cohortId === null ? await activeCohortsCoachedBy(deps.db, coach.id) : [await cohortOfCoach(deps.db, coach, query.cohortId)];
  const now = deps.clock();
  const today = todayIn(coach.timeZone, now);
  const yesterday = addDays(today, -1);
  const ids = cohorts.map((c) => c.id);
  if (ids.length === 0) {
    return { items: [], total: 0, day: { contacted: 0, snoozed: 0, checkInsRead: 0, openYesterday: null, openToday: null } };
  }
  // A GET that writes, harmless by design: the refresh stores only what it derives from stored data
  // (a cache of the reasons, conditional on the document being unchanged since it was read), so looks
  // at once store the same and a look with nothing due writes nothing.
  await refreshDue(deps, cohorts, now);
  const [rows, total, days] = await Promise.all([openParticipants(deps.db, ids, query.limit), openCount(deps.db, ids), coachDays(deps.db, coach.id, [today, yesterday])]);
  const names = new Map(cohorts.map(({ id, cohort }) => [id, cohort.name]));
  const todayDoc = days.get(today) ?? {};
  let openToday = todayDoc.openAtFirstLook ?? null;
  // The first look of the day over all the coach's cohorts is what "since yesterday" compares. Its
  // one write a day records the count this look saw (two first looks at once: the later one kept).
  if (openToday === null && query.cohortId === null) {
    openToday = total;
    await recordFirstLook(deps.db, coach.id, today, total);
  }
  return {
    // The query pages by group, then id; within the page a group reads best by name.
    items: rows
      .map((row) => itemOf(row, names, now))
      .filter((item): item is TriageItem => item !== null)
      .sort((a, b) => groupRank(a) - groupRank(b) || a.name.localeCompare(b.name, 'it')),
    total,
    day: {
      contacted: todayDoc.contacted ?? 0,
      snoozed: todayDoc.snoozed ?? 0,
      checkInsRead: todayDoc.checkInsRead ?? 0,
      openYesterday: days.get(yesterday)?.openAtFirstLook ?? null,
      openToday,
    },
  };
}

/** What a coach did with a participant's item. */
type TriageAction = { kind: 'contacted'; note: string | null } | { kind: 'snoozed'; until: string };

/** How many times an action is tried again when a sync lands between its read and its write. */
const ACTION_ATTEMPTS = 3;

/**
 * "Contattato" or "Rimanda a…" on a participant of the cohort: their reasons are worked out now,
 * and those of today are handled (or wait until the chosen day). 404 for someone not in the cohort.
 */
export async function actOnParticipant(
  deps: TriageDeps,
  coach: User,
  { id: cohortId, cohort }: CoachedCohort,
  userId: string,
  action: TriageAction,
): Promise<{ userId: string; open: number }> {
  const now = deps.clock();
  for (let attempt = 1; ; attempt++) {
    const row = await triageRowOf(deps.db, cohortId, userId);
    if (!row) throw notFound(coachMessages.participantNotFound);
    const look = (await lookAt(deps, [row.participant], new Map([[cohortId, cohort.startDate]]), now)).get(userId) ?? null;
    const stored = row.stored.handling;
    let handling = stored;
    let contact: StoredContact | undefined;
    let checkIns: Parameters<typeof saveTriage>[3];
    if (look && action.kind === 'contacted') {
      handling = contacted(reasonsClearedOf('call', look.reasons), stored);
      contact = { at: now.toISOString(), byName: coach.name || coach.email, note: action.note };
      // A contact reads the participant's open check-ins too, in the same write.
      checkIns = { writes: await contactWritesFor(deps.db, row.snapshot, 'call'), coach: { id: coach.id, name: coach.name || coach.email }, now };
    }
    if (look && action.kind === 'snoozed') {
      const days = daysBetween(look.today, action.until);
      if (days < 1) throw badRequest(triageMessages.snoozeDateNotFuture);
      if (days > MAX_SNOOZE_DAYS) throw badRequest(triageMessages.snoozeDateTooFar);
      handling = snoozed(look.reasons, stored, action.until);
    }
    if (await store(deps, row, look, handling, contact, checkIns)) {
      // The note joins the participant's notes too, where the coaches read and edit them.
      if (action.kind === 'contacted' && action.note) await addParticipantNote(deps.db, { cohortId, userId, author: coach, text: action.note, now });
      const coachToday = todayIn(coach.timeZone, now);
      await countCoachAction(deps.db, coach.id, coachToday, action.kind === 'contacted' ? 'contacted' : 'snoozed');
      await countCoachAction(deps.db, coach.id, coachToday, 'checkInsRead', checkIns?.writes.openThreads.length ?? 0);
      return { userId, open: look ? triageViewOf(look.reasons, handling, look.today).open.length : 0 };
    }
    if (attempt >= ACTION_ATTEMPTS) throw new Error(`Triage of ${userId}: the document kept changing`);
  }
}

/** How many people of a bulk action are worked on at once: a bulk request stays a few requests' load. */
const BULK_CONCURRENCY = 5;

/**
 * "Contattato" or "Rimanda a…" on each of `userIds`: each must be a participant of one of the
 * coach's cohorts, checked on the server from their own document. One person's failure (not theirs
 * to handle, a date too far in their zone) is reported for them and leaves the others done.
 */
export async function actOnMany(deps: TriageDeps, coach: User, userIds: string[], action: TriageAction): Promise<BulkAnswer> {
  const unique = [...new Set(userIds)];
  const [cohorts, users] = await Promise.all([activeCohortsCoachedBy(deps.db, coach.id), storedUsers(deps.db, unique)]);
  const coached = new Map(cohorts.map((cohort) => [cohort.id, cohort]));
  const results: BulkResult[] = new Array(unique.length);
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const i = next++;
      const userId = unique[i]!;
      const cohort = coached.get(users[i]?.user.cohortId ?? '');
      if (!cohort) {
        results[i] = { userId, ok: false, message: coachMessages.participantNotFound };
        continue;
      }
      try {
        const { open } = await actOnParticipant(deps, coach, cohort, userId, action);
        results[i] = { userId, ok: true, open };
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        results[i] = { userId, ok: false, message: error.message };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, unique.length) }, worker));
  return bulkAnswerOf(results);
}
