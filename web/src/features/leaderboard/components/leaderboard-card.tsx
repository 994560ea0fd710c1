import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { distinctLeaderboardNames } from '@sfida/core/leaderboard-summary';
import { pointsInCalendarWeek, totalPoints } from '@sfida/core/points';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { SectionCard } from '../../../components/section-card';
import { useLeaderboard } from '../api/leaderboard';
import { useIsFinalRanking } from '../hooks/use-is-final-ranking';
import { useRankingView } from '../hooks/use-ranking-view';
import { withOwnChange } from '../own-row';
import { rankingSections } from '../ranking-sections';
import { useTracker } from '../../../tracker/use-tracker';
import { FinalRankingNote } from './final-ranking-note';
import { LeaderboardList } from './leaderboard-list';
import { OfflineRankingNote } from './offline-ranking-note';

/**
 * The dashboard is a glance, on a phone: the podium and the participant's own row with one either
 * side; /classifica has the rest (its link).
 */
const DASHBOARD_SECTIONS = { top: 3, around: 1 };

/** The cohort's ranking this week (the final one after the challenge) at a glance; the participant's own row stands out. */
export function LeaderboardCard({ cohortId, weekStart, userId }: { cohortId: string; weekStart: string; userId: string }) {
  const final = useIsFinalRanking();
  // The rows are the costliest part of the dashboard to render (a few ms each on a phone): they
  // render deferred, so the answer arriving never blocks the page.
  const view = useRankingView(useLeaderboard({ cohortId, weekStart, final }), cohortId);
  const fetched = useDeferredValue(view.entries);
  const { tracker } = useTracker();
  const isMine = useCallback((entry: LeaderboardEntry) => entry.isMe || entry.userId === userId, [userId]);
  // What this browser's tracker gained or lost since the rows were fetched moves the caller's row at
  // once (see withOwnChange); the rows fetched after the sync then carry it themselves.
  const local = {
    weekPoints: final ? 0 : pointsInCalendarWeek(tracker.pointsHistory, weekStart, tracker.timeZone),
    totalPoints: totalPoints(tracker.pointsHistory),
  };
  const [baseline, setBaseline] = useState({ rows: fetched, ...local });
  if (baseline.rows !== fetched) setBaseline({ rows: fetched, ...local });
  const weekChange = local.weekPoints - baseline.weekPoints;
  const totalChange = local.totalPoints - baseline.totalPoints;
  const entries = useMemo(
    () => fetched && withOwnChange(fetched, isMine, { weekPoints: weekChange, totalPoints: totalChange }),
    [fetched, isMine, weekChange, totalChange],
  );
  const sections = entries === undefined ? { top: [], around: [] } : rankingSections(entries, isMine, DASHBOARD_SECTIONS);
  return (
    <SectionCard title="Classifica del gruppo">
      {final && <FinalRankingNote />}
      {view.offline && <OfflineRankingNote receivedAt={view.receivedAt} timeZone={tracker.timeZone} />}
      {view.offline && view.receivedAt === null ? null : entries === undefined ? (
        <Text color="fg.muted" role="status">
          Caricamento...
        </Text>
      ) : entries.length === 0 ? (
        <Text color="fg.muted">La classifica apparirà quando il gruppo inizierà a registrare i progressi.</Text>
      ) : (
        <>
          {/* Names told apart among all the rows known, as /classifica tells them. */}
          <LeaderboardList entries={sections.top} isMine={isMine} final={final} names={distinctLeaderboardNames(entries)} />
          {sections.around.length > 0 && (
            <>
              <Text as="h3" fontWeight="bold" mt="3" mb="2">
                Intorno a te
              </Text>
              <LeaderboardList entries={sections.around} isMine={isMine} final={final} names={distinctLeaderboardNames(entries)} label="Intorno a te" />
            </>
          )}
          <Button asChild variant="outline" size="sm" mt="3" w={{ base: 'full', sm: 'auto' }}>
            <RouterLink to="/classifica">Vedi la classifica completa</RouterLink>
          </Button>
        </>
      )}
    </SectionCard>
  );
}
