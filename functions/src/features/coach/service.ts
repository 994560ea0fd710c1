import { attentionReasonsOf } from '@sfida/core/attention';
import type { ParticipantDetail, RosterPage, RosterQuery, RosterRow } from '@sfida/core/coach';
import { MAX_PAGE_SIZE, coachMessages } from '@sfida/core/coach';
import { CHALLENGE_WEEKS, localDateOf, todayIn } from '@sfida/core/dates';
import { pointsByChallengeWeek } from '@sfida/core/points';
import { compareRosterRows, emptyRosterFigures, plannerWeeksSaved, reflectionsByWeek, rosterFiguresOf, rosterTrainingOf } from '@sfida/core/roster';
import { checkInsInOrder, digestAnswersFor, rosterDigest, type RosterDigest } from '@sfida/core/roster-digest';
import type { TrackerData } from '@sfida/core/tracker';
import { livelloLabels, luogoLabels, schedaLabels, tempoLabels } from '@sfida/core/training-labels';
import type { User } from '@sfida/core/user';
import { packageIn, packageLabels, type Package } from '@sfida/core/packages';
import type { ApiDeps } from '../../deps';
import { activeCohortsCoachedBy, type CoachedCohort } from '../../shared/cohort-repository';
import { SEARCH_LIMIT, searchTermOf, type SearchAnswer } from '@sfida/core/participant-search';
import { participantsByNamePrefix, usersByEmail } from './repository';
import { cohortSlug, toCsv, type CsvValue } from '../../shared/csv';
import { notFound } from '../../shared/http-error';
import { readOrFallback } from '../../shared/unreadable-data';
import { storedHeadsOf, wholeTrackerOf, type StoredTracker } from '../../shared/tracker-repository';
import type { ClosedStretch } from '@sfida/core/closed-days';
import { memberIndexOfCohort, type MemberIndex } from '../../shared/member-index-repository';
import { keptPerDatabase } from '../../shared/recently-used';
import { participantOf, participantsPage, type Participant } from '../../shared/participant-repository';
import { rosterParticipantsPage } from '../../shared/roster-row-repository';

type CoachDeps = Pick<ApiDeps, 'db' | 'clock'>;

/** The day an instant falls on in `timeZone`; null for a missing or unreadable instant. */
function dayOf(instant: string, timeZone: string): string | null {
  return Number.isNaN(Date.parse(instant)) ? null : localDateOf(instant, timeZone);
}

/** A roster row with no figures, for a participant whose stored data cannot be summarised. */
export function unreadableRow(participant: Participant): RosterRow {
  const { user, withdrawn } = participant;
  return {
    userId: user.id,
    name: user.name ?? '',
    email: user.email,
    withdrawn,
    ...emptyRosterFigures(false, 0),
    // From the user document, which was read: only the tracker's figures are missing.
    ...rosterTrainingOf(user),
    attention: [],
    tags: participant.tags,
    latestNote: participant.latestNote,
    package: packageIn(participant.packages, user.cohortId),
    unreadable: true,
  };
}

/** What a roster row is read from: the participant's roster digest, or (none stored, or one that does not answer for today) the tracker. */
export type RowSource = { digest: RosterDigest | null } | { tracker: TrackerData | null; closed?: ClosedStretch | null };

/** A row's source from a stored head (null: not synced yet). */
function sourceOf(head: Pick<StoredTracker, 'tracker' | 'closed'> | null | undefined): { tracker: TrackerData | null; closed: ClosedStretch | null } {
  return { tracker: head?.tracker ?? null, closed: head?.closed ?? null };
}

/** rosterRowOf, or the unreadable row when this participant's data cannot be summarised. */
function safeRosterRow(participant: Participant, source: RowSource, cohortStartDate: string, now: Date): RosterRow {
  return readOrFallback(participant.user.id, () => rosterRowOf(participant, source, cohortStartDate, now), () => unreadableRow(participant));
}

/** A participant's roster row as of `now`, counted in their own zone. A withdrawn participant needs no attention. */
export function rosterRowOf(participant: Participant, source: RowSource, cohortStartDate: string, now: Date): RosterRow {
  const { user, withdrawn } = participant;
  const today = todayIn(user.timeZone, now);
  // A split tracker's head holds its recent days; its streaks go on over the closed months by `closed` (docs/decisions/054).
  const digest = 'digest' in source ? source.digest : source.tracker && rosterDigest(source.tracker, today, source.closed ?? undefined);
  const input = { digest, challengeStartDate: user.challengeStartDate, today };
  return {
    userId: user.id,
    name: user.name ?? '',
    email: user.email,
    withdrawn,
    ...rosterFiguresOf(input),
    ...rosterTrainingOf(user),
    attention: withdrawn ? [] : attentionReasonsOf({ ...input, cohortStartDate, registeredAt: dayOf(user.createdAt, user.timeZone) }),
    tags: participant.tags,
    latestNote: participant.latestNote,
    package: packageIn(participant.packages, user.cohortId),
  };
}

/** The participant's stored digest when it answers for their today, else undefined (their tracker is read). */
function usableDigest({ user, digest }: Participant, today: string): RosterDigest | null | undefined {
  if (digest === null) return null;
  return digest && digestAnswersFor(digest, user.timeZone, today) ? digest : undefined;
}

/**
 * Rows an instance keeps, by participant, with what they were worked out of: 2,000 rows (~4 MB), 20
 * pages of the roster.
 */
const keptRows = keptPerDatabase<string, { from: string; row: RosterRow }>(2000);

/**
 * One page of the cohort's roster (only the participants with `page.tag` when it names one); its
 * rows most urgent first, then by name (within the page).
 * Rows come from the participants' roster rows (shared/roster-row-repository.ts), which hold their
 * roster digests; only a participant without a usable one (see usableDigest) costs a read of their
 * tracker. A row made from a digest depends on nothing but that stored row, their today and the
 * cohort's start, so it is kept under those: a coach's next look at the page works out again only
 * the rows of those whose stored row changed since (a sync, a tag, a note, a withdrawal) or whose
 * day did.
 */
export async function rosterPage(
  deps: CoachDeps,
  { id: cohortId, cohort }: CoachedCohort,
  page: RosterQuery,
): Promise<RosterPage> {
  const index = page.tag === null ? await memberIndexOfCohort(deps.db, { id: cohortId, cohort }) : null;
  const { participants, more } =
    page.package === null ? await rosterParticipantsPage(deps.db, cohortId, page.cursor, page.limit, page.tag, index) : await pageWithPackage(deps, cohortId, page, page.package, index);
  const now = deps.clock();
  const kept = keptRows(deps.db);
  const rows = new Map<string, RosterRow>();
  const fromTracker: Participant[] = [];
  for (const participant of participants) {
    const { user, version } = participant;
    // A zone the server cannot read: the tracker's read path marks the row unreadable.
    const today = readOrFallback(user.id, () => todayIn(user.timeZone, now), () => null);
    const from = today && version && `${version}|${today}|${cohort.startDate}`;
    const hit = from ? kept.get(user.id) : undefined;
    if (hit && hit.from === from) {
      rows.set(user.id, hit.row);
      continue;
    }
    const digest = today ? readOrFallback(user.id, () => usableDigest(participant, today), () => undefined) : undefined;
    if (digest === undefined) {
      fromTracker.push(participant);
      continue;
    }
    const row = safeRosterRow(participant, { digest }, cohort.startDate, now);
    rows.set(user.id, row);
    if (from) kept.set(user.id, { from, row });
  }
  const heads = await storedHeadsOf(deps.db, fromTracker.map((p) => p.user.id));
  for (const p of fromTracker) rows.set(p.user.id, safeRosterRow(p, sourceOf(heads.get(p.user.id)), cohort.startDate, now));
  return { rows: participants.map((p) => rows.get(p.user.id)!).sort(compareRosterRows), nextCursor: more ? participants.at(-1)!.user.id : null };
}

/**
 * A page of only the participants with `wanted` in the cohort: the roster's pages are read on until
 * `limit` of them match or the cohort ends. Filtered here, not in the query: the package is a value
 * in a map keyed by cohort (absent for Base), which no declared index can serve.
 */
async function pageWithPackage(
  deps: CoachDeps,
  cohortId: string,
  page: RosterQuery,
  wanted: Package,
  index: MemberIndex | null,
): Promise<{ participants: Participant[]; more: boolean }> {
  const found: Participant[] = [];
  let after = page.cursor;
  for (;;) {
    const { participants, more } = await rosterParticipantsPage(deps.db, cohortId, after, page.limit, page.tag, index);
    found.push(...participants.filter((p) => packageIn(p.packages, cohortId) === wanted));
    if (found.length >= page.limit) return { participants: found.slice(0, page.limit), more: more || found.length > page.limit };
    if (!more || participants.length === 0) return { participants: found, more: false };
    after = participants.at(-1)!.user.id;
  }
}

/** The participant page: their row, their start and zone, and their tracker as the server vouched for it. */
export async function participantDetail(deps: CoachDeps, { id: cohortId, cohort }: CoachedCohort, userId: string): Promise<ParticipantDetail> {
  const participant = await participantOf(deps.db, cohortId, userId);
  if (!participant) throw notFound(coachMessages.participantNotFound);
  // Whole (its closed maintenance months read too, docs/decisions/054): the page draws every month of it.
  const tracker = (await wholeTrackerOf(deps.db, userId))?.tracker ?? null;
  const row = safeRosterRow(participant, { tracker }, cohort.startDate, deps.clock());
  return {
    row,
    challengeStartDate: participant.user.challengeStartDate,
    timeZone: participant.user.timeZone,
    // The page draws its grid and charts from the tracker: not one that could not be summarised.
    tracker: row.unreadable ? null : tracker,
  };
}

const WEEKS = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => i + 1);

/** The export's columns (Italian, as the coach reads them in a spreadsheet); later ones are added at the end. */
export const EXPORT_HEADER = [
  'id',
  'nome',
  'email',
  'stato',
  'iniziata',
  'settimana',
  'punti_totali',
  ...WEEKS.map((w) => `punti_sett_${w}`),
  ...WEEKS.map((w) => `umore_sett_${w}`),
  'serie',
  'ultima_attività',
  'tempo_allenamento',
  'luogo_allenamento',
  'livello_allenamento',
  'scheda_assegnata',
  'abitudini_7gg_percento',
  // The weeks so far with a saved planner, read against `settimana` (the weeks so far): a count,
  // not "3/4", which a spreadsheet would turn into a date.
  'planner_salvati',
  ...WEEKS.map((w) => `riflessione_sett_${w}`),
  // The coaches' tags, comma-separated (a tag holds no comma: core's tagSchema).
  'tag',
  // The package in this cohort, as the roster names it (Base, Guida, Premium).
  'pacchetto',
];

/** The onboarding answers and the sheet as the profile names them; empty until answered. */
function trainingFields(row: RosterRow): CsvValue[] {
  return [
    row.tempoAllenamento && tempoLabels[row.tempoAllenamento],
    row.luogoAllenamento && luogoLabels[row.luogoAllenamento],
    row.livelloAllenamento && livelloLabels[row.livelloAllenamento],
    row.schedaAssegnata && schedaLabels[row.schedaAssegnata],
  ];
}

function tagsField(row: RosterRow): string {
  return row.tags.join(', ');
}

/** The export's line of a participant whose stored data cannot be summarised: who they are and their answers, no figures. */
function unreadableLine(row: RosterRow): CsvValue[] {
  const line: CsvValue[] = EXPORT_HEADER.map(() => null);
  line.splice(0, 4, row.userId, row.name, row.email, `${row.withdrawn ? 'ritirato' : 'attivo'} (${coachMessages.unreadableData})`);
  line.splice(EXPORT_HEADER.indexOf('tempo_allenamento'), 4, ...trainingFields(row));
  line.splice(EXPORT_HEADER.indexOf('tag'), 2, tagsField(row), packageLabels[row.package]);
  return line;
}

/** One participant's export line (exported for the read paths' property test). */
export function exportLine(row: RosterRow, user: User, tracker: TrackerData | null): CsvValue[] {
  const weekPoints = tracker ? pointsByChallengeWeek(tracker.pointsHistory).map((w) => w.points) : WEEKS.map(() => 0);
  const moods = new Map(tracker ? checkInsInOrder(tracker).map((c) => [c.weekNumber, c.mood]) : []);
  return [
    row.userId,
    row.name,
    row.email,
    row.withdrawn ? 'ritirato' : 'attivo',
    row.started ? user.challengeStartDate : null,
    row.challengeWeek,
    row.totalPoints,
    ...weekPoints,
    ...WEEKS.map((w) => moods.get(w) ?? null),
    row.currentStreak,
    row.lastActivity,
    ...trainingFields(row),
    row.habitsLast7DaysPercent,
    plannerWeeksSaved(tracker?.savedPlannerWeeks ?? [], row.challengeWeek),
    // Free text: csvField keeps a reflection that starts like a formula from being run.
    ...reflectionsByWeek(tracker),
    tagsField(row),
    packageLabels[row.package],
  ];
}

/**
 * The whole cohort as CSV, one line per participant (withdrawn ones included, coaches never),
 * sorted by name. Read a page at a time, so at most one page of trackers is held at once.
 */
export async function cohortExport(deps: CoachDeps, { id: cohortId, cohort }: CoachedCohort): Promise<{ filename: string; csv: string }> {
  const now = deps.clock();
  const lines: Array<{ row: RosterRow; line: CsvValue[] }> = [];
  let after: string | null = null;
  const index = await memberIndexOfCohort(deps.db, { id: cohortId, cohort });
  for (;;) {
    const { participants, more } = await participantsPage(deps.db, cohortId, after, MAX_PAGE_SIZE, null, index);
    const heads = await storedHeadsOf(deps.db, participants.map((p) => p.user.id));
    for (const participant of participants) {
      const source = sourceOf(heads.get(participant.user.id));
      const tracker = source.tracker;
      lines.push(
        readOrFallback(
          participant.user.id,
          () => {
            const row = rosterRowOf(participant, source, cohort.startDate, now);
            return { row, line: exportLine(row, participant.user, tracker) };
          },
          () => {
            const row = unreadableRow(participant);
            return { row, line: unreadableLine(row) };
          },
        ),
      );
    }
    if (!more) break;
    after = participants.at(-1)!.user.id;
  }
  lines.sort((a, b) => a.row.name.localeCompare(b.row.name, 'it') || a.row.userId.localeCompare(b.row.userId));
  return { filename: `coorte-${cohortSlug(cohort.name, cohortId)}.csv`, csv: toCsv([EXPORT_HEADER, ...lines.map((l) => l.line)]) };
}

/**
 * `GET /api/coach/search?q=`: participants of the coach's active cohorts by email (the whole
 * address) or by the start of the name, at most SEARCH_LIMIT, by name, each with their cohort.
 * Reads at most SEARCH_LIMIT + 1 documents per 30 cohorts, whatever the cohorts' size.
 */
export async function searchParticipants(deps: CoachDeps, coach: User, query: string): Promise<SearchAnswer> {
  const cohorts = await activeCohortsCoachedBy(deps.db, coach.id);
  if (cohorts.length === 0) return { results: [], more: false };
  const names = new Map(cohorts.map(({ id, cohort }) => [id, cohort.name]));
  const term = searchTermOf(query);
  const found =
    term.kind === 'email'
      ? await usersByEmail(deps.db, term.email, SEARCH_LIMIT + 1)
      : await participantsByNamePrefix(deps.db, [...names.keys()], term.prefix, SEARCH_LIMIT + 1);
  // An email finds accounts anywhere: only participants of the coach's cohorts are theirs to see.
  const mine = found.filter(({ user }) => user.role === 'PARTICIPANT' && names.has(user.cohortId));
  const results = mine
    .map(({ user }) => ({ userId: user.id, name: user.name || user.email, email: user.email, cohortId: user.cohortId, cohortName: names.get(user.cohortId) ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'it') || a.userId.localeCompare(b.userId));
  return { results: results.slice(0, SEARCH_LIMIT), more: results.length > SEARCH_LIMIT };
}
