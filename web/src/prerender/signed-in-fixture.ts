import { addDays, todayIn } from '@sfida/core/dates';
import type { Inbox } from '@sfida/core/cohort-messages';
import type { IsoDate } from '@sfida/core/iso-date';
import { rankEntries, type LeaderboardEntry } from '@sfida/core/progress-summary';
import { emptyTracker, type TrackerData } from '@sfida/core/tracker';
import { addHabit, savePlanner, setActionText, submitCheckIn, toggleAction, toggleHabit, type TrackerResult } from '@sfida/core/tracker-actions';
import type { User } from '@sfida/core/user';
import { fakeNewcomer, fakeUser } from './fixtures';

/*
 * A participant in the third week of the challenge, for the build's render of the signed-in
 * screens (web/scripts/prerender.ts keeps only their styles). Played through core's own reducers,
 * so it is a tracker the app itself could have written: habits ticked, planners saved, an action
 * done, a check-in.
 */

const DAYS_SINCE_START = 16;

/** The participant the screens are rendered for; `challengeStartDate` null: not started. */
export function fixtureParticipant(challengeStartDate: IsoDate | null): User {
  return fakeUser({ id: 'prerender-participant', cohortId: 'prerender-cohort', challengeStartDate });
}

/** A participant who has not answered the onboarding yet (for /onboarding). */
export function fixtureNewcomer(): User {
  return fakeNewcomer({ id: 'prerender-newcomer' });
}

/** The start date of a challenge in its third week today (in `timeZone`). */
export function fixtureStartDate(timeZone: string, now: Date): IsoDate {
  return addDays(todayIn(timeZone, now), -DAYS_SINCE_START);
}

export function fixtureTracker(timeZone: string, now: Date): TrackerData {
  const start = fixtureStartDate(timeZone, now);
  let data = emptyTracker(timeZone, now, start);
  const apply = (result: TrackerResult) => {
    if (!result.ok) throw new Error(`prerender fixture: ${result.message}`);
    data = result.data;
  };
  const habits = ['Bere 2 litri di acqua', 'Camminare 30 minuti', 'Dormire 7 ore'];
  habits.forEach((name, i) => apply(addHabit(data, name, now, `habit-${i + 1}`)));
  // Only the current week's planner can be edited (and a check-in made).
  for (let slot = 1; slot <= 3; slot++) apply(setActionText(data, 3, `w3-a${slot}`, `Azione ${slot} della settimana`, now));
  apply(savePlanner(data, 3, now));
  apply(toggleAction(data, 3, 'w3-a1', now));
  apply(submitCheckIn(data, { mood: 4, reflection: 'Una settimana impegnativa ma buona.' }, now, 'checkin-3'));
  const today = todayIn(timeZone, now);
  // This week's days so far (older days are frozen).
  for (let day = 0; day <= 2; day++) {
    const date = addDays(today, -day);
    apply(toggleHabit(data, 'habit-1', date, now));
    if (day !== 1) apply(toggleHabit(data, 'habit-2', date, now));
  }
  return data;
}

const COHORT_NAMES = ['Marco Bianchi', 'Sara Conti', 'Luca Ferrari', 'Elena Ricci', 'Paolo Greco', 'Anna Galli', 'Davide Costa', 'Chiara Marino', 'Franco Lombardi', 'Marta Gallo', 'Simone Rizzo'];

/** The coach's side: a reply to the week-3 check-in not yet opened, a message read and one new. */
function fixtureInbox(): Inbox {
  const at = '2025-01-15T17:30:00.000Z';
  return {
    threads: [
      {
        weekNumber: 3,
        status: 'replied',
        handledBy: 'Marco Coach',
        reply: { text: 'Ottima settimana: continua così, un passo alla volta.', coachName: 'Marco Coach', at },
        replySeenAt: null,
        answer: null,
      },
    ],
    messages: [
      { id: 'fixture-2', text: 'Domenica è il giorno del check-in: raccontatemi la vostra settimana.', coachName: 'Marco Coach', sentAt: at, read: false },
      { id: 'fixture-1', text: 'Benvenuti nella sfida!', coachName: 'Marco Coach', sentAt: '2025-01-01T08:00:00.000Z', read: true },
    ],
    unreadMessages: 1,
    latestPersonal: null,
  };
}

/**
 * What the server would answer the screens' queries for `user` (the query's key after the root:
 * see web/src/tracker/server-summaries.ts): a cohort's leaderboard with the participant in it, an
 * inbox. Undefined for a query the fixture does not know (the week's summary is the local tracker's).
 */
export function fixtureAnswer(queryKey: readonly unknown[], user: User): LeaderboardEntry[] | Inbox | undefined {
  const [area, kind] = queryKey;
  if (area === 'inbox') return fixtureInbox();
  if (area !== 'tracker') return undefined;
  if (kind === 'leaderboard') {
    const rows = COHORT_NAMES.map((displayName, i) => ({
      userId: `fixture-${i}`,
      displayName,
      weekPoints: 60 - i * 5,
      totalPoints: 180 - i * 12,
      streakDays: (i * 3) % 7,
      isMe: false,
    }));
    rows.push({ userId: user.id, displayName: user.name ?? '', weekPoints: 32, totalPoints: 95, streakDays: 3, isMe: true });
    return rankEntries(rows);
  }
  return undefined;
}
