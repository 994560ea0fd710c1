import type { AttentionReason, CoachCohort, RosterRow } from '@sfida/core/coach';
import { fakeUser } from '../../testing/fake-user';

/** The coach of the console's tests: an OWNER, who has no onboarding to answer. */
export const fakeCoach = () =>
  fakeUser({ id: 'coach-marta', name: 'Marta', email: 'marta@example.it', role: 'OWNER', onboardingCompletato: false, tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null, schedaAssegnata: null });

export function fakeCohort(overrides: Partial<CoachCohort> = {}): CoachCohort {
  return { id: 'cohort-1', name: 'Autunno 2026', startDate: '2026-11-02', inviteCode: 'AUTUNNO26', registrationOpen: true, participantCount: 3, ...overrides };
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
    attention: [],
    ...overrides,
  };
}
