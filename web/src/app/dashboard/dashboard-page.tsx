import { lazy, Suspense } from 'react';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { challengeWeekNumber, isChallengeOver, mondayOf } from '@sfida/core/dates';
import { totalPoints } from '@sfida/core/points';
import { bestCurrentStreak } from '@sfida/core/streaks';
import type { IsoDate } from '@sfida/core/iso-date';
import { seasonOf } from '@sfida/core/tracker';
import type { User } from '@sfida/core/user';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { TrackerScreen } from '../../components/tracker-screen';
import { ChallengeCard } from '../../features/challenge-start/components/challenge-card';
import { TodayHabitsCard } from '../../features/habits/components/today-habits-card';
import { WeekActionsCard } from '../../features/planner/components/week-actions-card';
import { useAuth } from '../../lib/auth';
import { useCohortInfo } from '../../lib/cohort-info';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useToday } from '../../lib/use-today';
import { useTracker } from '../../tracker/use-tracker';

/** The cohort the leaderboard and summary calls name: the user's, else their own id, else the shared default. */
function cohortOf(user: User): string {
  return user.cohortId || user.id || 'default-cohort';
}

// Only after day 56: the eight weeks' summary and certificate load then.
const ChallengeCompleteCard = lazy(() =>
  import('../../features/challenge-end/components/challenge-complete-card').then((module) => ({ default: module.ChallengeCompleteCard })),
);
// Only after day 56, beside the completion card: the way on.
const MaintenanceCard = lazy(() =>
  import('../../features/challenge-end/components/maintenance-card').then((module) => ({ default: module.MaintenanceCard })),
);
// After day 56 (the coach's invitation to a new season) or in a later season (the finished one's
// certificate): the others never load its code.
const NewSeasonCards = lazy(() => import('../../features/new-season/components/new-season-cards').then((module) => ({ default: module.NewSeasonCards })));
// The cards under the top two mount after the first paint (useAfterFirstPaint): their code, one
// chunk, follows the dashboard's own instead of delaying its top. One boundary, at the end: nothing
// on screen moves when it arrives (the week's actions, beside today's habits, stay in this chunk).
const BelowTheFold = lazy(() => import('./below-the-fold').then((module) => ({ default: module.BelowTheFold })));

function DashboardContent({ user, today, teams }: { user: User; today: IsoDate; teams: boolean }) {
  const { tracker } = useTracker();
  const week = challengeWeekNumber(user.challengeStartDate, today);
  const points = totalPoints(tracker.pointsHistory);
  const streak = bestCurrentStreak(tracker, today);
  const weekStart = mondayOf(today);
  const cohortId = cohortOf(user);
  const over = isChallengeOver(user.challengeStartDate, today);
  // The cards below today's habits mount once the top has painted (see the hook): the coach's
  // card asks for the inbox only then, after the first paint.
  const restMounted = useAfterFirstPaint();

  // This week's check-in, while the eight weeks run and it is not sent: the support card's button.
  const checkInDue = week >= 1 && !over && !tracker.checkIns.some((checkIn) => checkIn.weekNumber === week);

  // Today first (the habits, then the week's actions), then the figures, each once: the points
  // and the streak here, the week in the challenge card above, the rank in the ranking. Everything
  // under today's habits mounts in one commit after the first paint: it appears below what is on
  // screen and moves none of it.
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      {(over || seasonOf(tracker) > 1) && (
        <Suspense fallback={null}>
          <NewSeasonCards over={over} />
        </Suspense>
      )}

      {over && user.challengeStartDate && (
        <Suspense fallback={null}>
          <MaintenanceCard tracker={tracker} startDate={user.challengeStartDate} today={today} />
          <ChallengeCompleteCard tracker={tracker} startDate={user.challengeStartDate} />
        </Suspense>
      )}

      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }}>
        <TodayHabitsCard today={today} />
        {/* After the eight weeks there is no week to plan or sum up: the completion card says it all. */}
        {restMounted && !over && <WeekActionsCard week={week} />}
      </SimpleGrid>

      {restMounted && (
        <StatGrid columns={2} gap={{ base: '2', md: '3' }}>
          <StatTile label="Punti" value={points} tone="accent" />
          <StatTile label="Costanza" value={`${streak} gg`} />
        </StatGrid>
      )}

      {restMounted && (
        <Suspense fallback={null}>
          <BelowTheFold user={user} cohortId={cohortId} today={today} weekStart={weekStart} over={over} teams={teams} checkInDue={checkInDue} />
        </Suspense>
      )}
    </Stack>
  );
}

/** Dashboard (/dashboard): today at a glance. */
export default function DashboardPage() {
  const { user } = useAuth();
  const today = useToday();
  const cohort = useCohortInfo(user?.cohortId ?? '', user?.role === 'PARTICIPANT' && Boolean(user.cohortId)).data;
  if (!user) return null;
  const greeting = user.name ? `Ciao, ${user.name}!` : 'Ciao!';
  return (
    <TrackerScreen
      title="Dashboard"
      heading={greeting}
      intro="Ecco a che punto sei oggi."
      // The challenge comes from the session: a new device shows it while the tracker is restored.
      lead={
        <ChallengeCard
          startDate={user.challengeStartDate}
          today={today}
          together={cohort?.pace === 'together' ? cohort : null}
          joinedOn={user.challengeJoinedOn ?? null}
        />
      }
    >
      <DashboardContent user={user} today={today} teams={cohort?.rules.teamLeaderboard === true} />
    </TrackerScreen>
  );
}
