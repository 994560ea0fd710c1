import { lazy, Suspense } from 'react';
import { SimpleGrid } from '@chakra-ui/react';
import type { IsoDate } from '@sfida/core/iso-date';
import type { User } from '@sfida/core/user';
import { LeaderboardCard } from '../../features/leaderboard/components/leaderboard-card';
import { ProgressSummaryCard } from '../../features/progress-summary/components/progress-summary-card';
import { CoachCard } from './coach-card';
import { SupportCard } from './support-card';

// Only a cohort whose team rule is on shows it: the others never load its code.
const TeamCard = lazy(() => import('../../features/teams/components/team-card').then((module) => ({ default: module.TeamCard })));

/** The dashboard under today's habits: the coach, support, the week's summary, the ranking, the team. */
export function BelowTheFold({
  user,
  cohortId,
  today,
  weekStart,
  over,
  teams,
  checkInDue,
}: {
  user: User;
  cohortId: string;
  today: IsoDate;
  weekStart: IsoDate;
  over: boolean;
  teams: boolean;
  /** This week's check-in is still to do (the challenge runs, not sent yet). */
  checkInDue: boolean;
}) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }}>
        <CoachCard user={user} />
        <SupportCard cohortId={cohortId} checkInDue={checkInDue} />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }}>
        {!over && <ProgressSummaryCard today={today} weekStart={weekStart} />}
        <LeaderboardCard cohortId={cohortId} weekStart={weekStart} userId={user.id} />
      </SimpleGrid>
      {/* The cohort's team rule decides: off, no team anywhere. */}
      {teams && (
        <Suspense fallback={null}>
          <TeamCard />
        </Suspense>
      )}
    </>
  );
}
