import { countOf } from '@sfida/core/plural';
import { useId, useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { mondayOf } from '@sfida/core/dates';
import { LEADERBOARD_MAX_PAGES, LEADERBOARD_PAGE_SIZE, distinctLeaderboardNames } from '@sfida/core/leaderboard-summary';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { SectionCard } from '../../../components/section-card';
import { useAuth } from '../../../lib/auth';
import { useToday } from '../../../lib/use-today';
import { useLeaderboardPages } from '../api/leaderboard';
import { useIsFinalRanking } from '../hooks/use-is-final-ranking';
import { useRankingView } from '../hooks/use-ranking-view';
import { FinalRankingNote } from './final-ranking-note';
import { LeaderboardList } from './leaderboard-list';
import { OfflineRankingNote } from './offline-ranking-note';
import { rankingSections } from '../ranking-sections';

/**
 * The pages' rows as one ranking: each member once (a page repeats the caller's own row when it
 * is elsewhere), by rank, the rows of a rank in the order the server gave them.
 */
function mergedPages(pages: Array<LeaderboardEntry[] | undefined>): LeaderboardEntry[] {
  const seen = new Set<string>();
  const rows: LeaderboardEntry[] = [];
  for (const entry of pages.flatMap((page) => page ?? [])) {
    if (seen.has(entry.userId)) continue;
    seen.add(entry.userId);
    rows.push(entry);
  }
  return rows.sort((a, b) => a.rank - b.rank);
}

/**
 * The cohort's ranking: the top, then the rows around the participant's own; on request the whole
 * ranking, a page of LEADERBOARD_PAGE_SIZE rows at a time ("Mostra altri").
 */
export function FullLeaderboard() {
  const { user } = useAuth();
  const today = useToday();
  const final = useIsFinalRanking();
  const [pages, setPages] = useState(1);
  const [whole, setWhole] = useState(false);
  const listId = useId();
  const cohortId = user?.cohortId || user?.id || 'default-cohort';
  const answers = useLeaderboardPages({ cohortId, weekStart: mondayOf(today), final }, pages);
  // Offline, the first page stands for the ranking: the last one received, if any.
  const first = useRankingView(answers[0]!, cohortId);
  const entries = mergedPages([first.entries, ...answers.slice(1).map((answer) => answer.data)]);
  const last = first.offline ? undefined : answers[answers.length - 1]?.data;
  const loadingMore = pages > 1 && last === undefined;
  // A full page may have more after it (a page that turns out empty hides the button).
  const more = last !== undefined && last.length >= LEADERBOARD_PAGE_SIZE;
  const isMine = (entry: LeaderboardEntry) => entry.isMe || entry.userId === user?.id;
  // The first page's rows in order; the caller's own row, when the server adds it below them, after.
  const sections = rankingSections(entries, isMine, { listed: Math.min(entries.length, pages * LEADERBOARD_PAGE_SIZE) });
  const names = distinctLeaderboardNames(entries);

  return (
    <SectionCard title={final ? 'Classifica finale del gruppo' : 'Classifica completa della settimana'}>
      {final && <FinalRankingNote />}
      {first.offline && <OfflineRankingNote receivedAt={first.receivedAt} timeZone={user?.timeZone} />}
      {first.offline && first.receivedAt === null ? null : first.entries === undefined ? (
        <Text color="fg.muted" role="status">
          Caricamento...
        </Text>
      ) : entries.length === 0 ? (
        <Text color="fg.muted">La classifica apparirà quando il gruppo inizierà a registrare i progressi.</Text>
      ) : (
        <>
          {whole ? (
            <LeaderboardList id={listId} entries={entries} isMine={isMine} final={final} names={names} />
          ) : (
            <div id={listId}>
              <LeaderboardList entries={sections.top} isMine={isMine} final={final} names={names} label="I primi della classifica" />
              {sections.around.length > 0 && (
                <>
                  <Text as="h3" fontWeight="bold" mt="4" mb="2">
                    Intorno a te
                  </Text>
                  <LeaderboardList entries={sections.around} isMine={isMine} final={final} names={names} label="Intorno a te" />
                </>
              )}
            </div>
          )}
          {!whole && entries.length > sections.top.length + sections.around.length && (
            <Button variant="outline" size="sm" mt="3" w={{ base: 'full', sm: 'auto' }} aria-controls={listId} aria-expanded={false} onClick={() => setWhole(true)}>
              Mostra tutta la classifica
            </Button>
          )}
          {whole && more && pages < LEADERBOARD_MAX_PAGES && (
            <Button
              variant="outline"
              size="sm"
              mt="3"
              w={{ base: 'full', sm: 'auto' }}
              aria-controls={listId}
              // Busy rather than disabled while the page loads: a disabled button would drop the keyboard's focus.
              aria-busy={loadingMore}
              onClick={() => {
                if (!loadingMore) setPages((n) => n + 1);
              }}
            >
              {loadingMore ? 'Caricamento altri partecipanti…' : 'Mostra altri'}
            </Button>
          )}
          {pages > 1 && !loadingMore && (
            <Text role="status" srOnly>
              {countOf(entries.length, 'partecipante', 'partecipanti')} in elenco
            </Text>
          )}
          {whole && more && pages >= LEADERBOARD_MAX_PAGES && (
            <Text fontSize="sm" color="fg.muted" mt="3">
              Qui si vedono i primi {LEADERBOARD_MAX_PAGES * LEADERBOARD_PAGE_SIZE} posti; la tua riga c'è sempre.
            </Text>
          )}
        </>
      )}
    </SectionCard>
  );
}
