import { cohortResourcesSchema } from '@sfida/core/resources';
import { checkInQueueSchema, DEFAULT_REPLY_TEMPLATES, participantCheckInsSchema, replyTemplatesSchema, type CheckInCard } from '@sfida/core/check-in-threads';
import { sentMessagesSchema } from '@sfida/core/cohort-messages';
import { cohortProgressAnswerSchema, cohortWeeks, type CohortProgressAnswer } from '@sfida/core/cohort-progress';
import { cohortTagsSchema, participantNotesSchema } from '@sfida/core/participant-notes';
import { packageHistorySchema } from '@sfida/core/package-changes';
import { conversationListSchema } from '@sfida/core/conversations';
import { scheduledMessagesSchema } from '@sfida/core/scheduled-messages';
import type { AttentionReason, CoachCohort, RosterRow } from '@sfida/core/coach';
import { STORED_COHORT_RULES } from '@sfida/core/cohort';
import { triagePageSchema, type TriageDay, type TriageItem } from '@sfida/core/triage';
import { fakeUser } from './fake-user';
import { fakeServer, json, type ApiCall, type ApiHandler } from './test-utils';

/** The coach of the console's tests: an OWNER, who has no onboarding to answer. */
export const fakeCoach = () =>
  fakeUser({ id: 'coach-marta', name: 'Marta', email: 'marta@example.it', role: 'OWNER', onboardingCompletato: false, tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null, schedaAssegnata: null });

export function fakeCohort(overrides: Partial<CoachCohort> = {}): CoachCohort {
  return { id: 'cohort-1', name: 'Autunno 2026', startDate: '2026-11-02', inviteCode: 'AUTUNNO-7K2Q-9XJD-M4TP', registrationOpen: true, participantCount: 3, pace: 'ownDay', communityLink: null, reservedEventsText: null, rules: STORED_COHORT_RULES, archivedAt: null, ...overrides };
}

export const reason = (code: AttentionReason['code'], label: string): AttentionReason => ({ code, label });

export function fakeRow(overrides: Partial<RosterRow> = {}): RosterRow {
  return {
    userId: 'u-anna',
    name: 'Anna',
    email: 'anna@example.it',
    withdrawn: false,
    started: true,
    challengeWeek: 3,
    pointsThisWeek: 20,
    totalPoints: 120,
    habitsLast7DaysPercent: 80,
    currentStreak: 4,
    lastActivity: '2026-11-20',
    lastMood: 4,
    moodTrend: 0,
    plannerSavedThisWeek: true,
    tempoAllenamento: 'PIU_UN_ANNO',
    luogoAllenamento: 'CASA',
    livelloAllenamento: 'PRINCIPIANTE',
    schedaAssegnata: 'PRINCIPIANTE_CASA',
    attention: [],
    tags: [],
    latestNote: null,
    package: 'BASE',
    ...overrides,
  };
}

/** A day with nothing done and no first look recorded. */
export const emptyTriageDay: TriageDay = { contacted: 0, snoozed: 0, checkInsRead: 0, openYesterday: null, openToday: null };

export function fakeTriageItem(overrides: Partial<TriageItem> = {}): TriageItem {
  return {
    userId: 'u-anna',
    name: 'Anna Rossi',
    email: 'anna@example.it',
    cohortId: 'cohort-1',
    cohortName: 'Autunno 2026',
    group: 'inactive',
    reasons: [reason('noActivity', 'Nessuna attività dalla registrazione')],
    lastActivity: null,
    lastMood: null,
    lastContact: null,
    ...overrides,
  };
}

export function fakeCheckInCard(overrides: Partial<CheckInCard> = {}): CheckInCard {
  const userId = overrides.userId ?? 'u-anna';
  const weekNumber = overrides.weekNumber ?? 3;
  return {
    id: `${userId}_w${weekNumber}`,
    cohortId: 'cohort-1',
    cohortName: 'Autunno 2026',
    userId,
    name: 'Anna Rossi',
    weekNumber,
    mood: 2,
    reflection: 'Settimana pesante.\nHo dormito poco ma ho camminato tre volte.',
    date: '2026-11-22',
    receivedAt: '2026-11-22T18:00:00.000Z',
    moods: [
      { weekNumber: 1, mood: 4 },
      { weekNumber: 2, mood: 3 },
      { weekNumber: 3, mood: 2 },
    ],
    habitsPercent: 57,
    planner: { planned: 3, completed: 1 },
    status: 'open',
    handledBy: null,
    handledAt: null,
    reply: null,
    replySeenAt: null,
    answer: null,
    ...overrides,
  };
}

/** A cohort's "Andamento" with nobody counted yet (every week not begun), through core's schema. */
export function fakeCohortProgress(overrides: Partial<CohortProgressAnswer> = {}): CohortProgressAnswer {
  return cohortProgressAnswerSchema.parse({ cohortId: 'cohort-1', name: 'Autunno 2026', weeks: cohortWeeks({}, new Date()), comparison: null, ...overrides });
}

/**
 * The console's lists, empty (no check-ins, messages, conversations, notes or tags; the default templates), for tests about
 * something else: the console's pages ask for them on every visit. Built through core's schemas,
 * as the fake server's own answers are.
 */
export function emptyCoachLists(call: ApiCall): Response | undefined {
  const path = call.path.split('?')[0]!;
  if (path === '/api/coach/check-ins') return json(checkInQueueSchema.parse({ cards: [], total: 0 }));
  if (path === '/api/coach/triage') return json(triagePageSchema.parse({ items: [], total: 0, day: emptyTriageDay }));
  if (path === '/api/coach/reply-templates') return json(replyTemplatesSchema.parse({ templates: DEFAULT_REPLY_TEMPLATES }));
  if (/^\/api\/coach\/cohorts\/[^/]+\/messages$/.test(path) && call.method === 'GET') return json(sentMessagesSchema.parse({ messages: [] }));
  if (/^\/api\/coach\/cohorts\/[^/]+\/scheduled-messages$/.test(path) && call.method === 'GET') return json(scheduledMessagesSchema.parse({ messages: [] }));
  if (/^\/api\/coach\/cohorts\/[^/]+\/participants\/[^/]+\/check-ins$/.test(path)) return json(participantCheckInsSchema.parse({ cards: [] }));
  if (/^\/api\/coach\/cohorts\/[^/]+\/participants\/[^/]+\/notes$/.test(path) && call.method === 'GET') return json(participantNotesSchema.parse({ notes: [] }));
  if (/^\/api\/coach\/cohorts\/[^/]+\/tags$/.test(path)) return json(cohortTagsSchema.parse({ tags: [] }));
  if (/^\/api\/coach\/cohorts\/[^/]+\/participants\/[^/]+\/package$/.test(path)) return json(packageHistorySchema.parse({ package: 'BASE', changes: [] }));
  if (path === '/api/coach/conversations') return json(conversationListSchema.parse({ conversations: [], nextCursor: null, unreadTotal: 0 }));
  if (/^\/api\/cohorts\/[^/]+\/resources$/.test(path)) return json(cohortResourcesSchema.parse({ guide: [], strumenti: [] }));
  const progress = /^\/api\/coach\/cohorts\/([^/]+)\/progress-by-week$/.exec(path);
  if (progress) return json(fakeCohortProgress({ cohortId: progress[1]! }));
  return undefined;
}

/** `fakeServer` for the signed-in coach: `handler` first, then the console's empty lists. */
export function fakeCoachServer(handler: ApiHandler = () => undefined): ApiCall[] {
  return fakeServer(fakeCoach(), (call) => handler(call) ?? emptyCoachLists(call));
}
