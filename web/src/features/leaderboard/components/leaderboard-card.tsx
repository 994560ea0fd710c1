import { useCallback, useDeferredValue, useId, useMemo, useState, useTransition } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { distinctLeaderboardNames } from '@sfida/core/leaderboard-summary';
import { pointsInCalendarWeek, totalPoints } from '@sfida/core/points';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { SectionCard } from '../../../components/section-card';
import { useLeaderboard } from '../api/leaderboard';
import { useIsFinalRanking } from '../hooks/use-is-final-ranking';
import { useRankingView } from '../hooks/use-ranking-view';
import { withOwnChange } from '../own-row';
import { useTracker } from '../../../tracker/use-tracker';
import { FinalRankingNote } from './final-ranking-note';
import { LeaderboardList } from './leaderboard-list';
import { OfflineRankingNote } from './offline-ranking-note';

/** Rows the card shows before "Mostra tutta la classifica": the dashboard is a glance, on a phone. */
const LEADERBOARD_PREVIEW = 10;

/** The first `LEADERBOARD_PREVIEW` rows, plus the participant's own row when it is further down. */
function leaderboardPreview(entries: LeaderboardEntry[], isMine: (entry: LeaderboardEntry) => boolean): LeaderboardEntry[] {
  const top = entries.slice(0, LEADERBOARD_PREVIEW);
  const mine = entries.slice(LEADERBOARD_PREVIEW).find(isMine);
  return mine ? [...top, mine] : top;
}

/** The cohort's ranking this week (the final one after the challenge); the participant's own row stands out. */
export function LeaderboardCard({ cohortId, weekStart, userId }: { cohortId: string; weekStart: string; userId: string }) {
  const final = useIsFinalRanking();
  // The rows are the costliest part of the dashboard to render (a few ms each on a phone). They
  // render in a transition, which React splits into short tasks: the answer arriving, or a tap on
  // "Mostra tutta la classifica", never blocks the page for the whole list at once.
  const view = useRankingView(useLeaderboard({ cohortId, weekStart, final }), cohortId);
  const fetched = useDeferredValue(view.entries);
  const { tracker } = useTracker();
  const [expanded, setExpanded] = useState(false);
  const [isExpanding, startExpanding] = useTransition();
  const listId = useId();
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
  const shown = entries === undefined ? [] : expanded ? entries : leaderboardPreview(entries, isMine);
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
          {/* Names told apart among all the rows known, so that expanding the list renames none. */}
          <LeaderboardList id={listId} entries={shown} isMine={isMine} final={final} names={distinctLeaderboardNames(entries)} />
          {entries.length > LEADERBOARD_PREVIEW && (
            <Button
              variant="ghost"
              size="sm"
              mt="2"
              aria-expanded={expanded}
              aria-controls={listId}
              loading={isExpanding}
              onClick={() => startExpanding(() => setExpanded((open) => !open))}
            >
              {expanded ? 'Mostra meno' : `Mostra tutta la classifica (${entries.length})`}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}
