import { useDeferredValue, useId, useState, useTransition } from 'react';
import { Badge, Box, Button, Text } from '@chakra-ui/react';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { FlameIcon, MedalIcon } from '../../../components/icons';
import { SectionCard } from '../../../components/section-card';
import { stackedList } from '../../../components/stacked-list';
import { useLeaderboard } from '../api/leaderboard';

/** Rows the card shows before "Mostra tutta la classifica": the dashboard is a glance, on a phone. */
const LEADERBOARD_PREVIEW = 10;

/**
 * The rows' styles, set once on the list; the rows themselves are plain elements. A Chakra
 * component resolves and hashes its styles each time it renders, and these rows were the
 * largest share of the dashboard's styled elements (docs/decisions/014-less-styling-work-per-render.md).
 */
const ROW_STYLES = stackedList('1.5', {
  '& > li': { display: 'flex', alignItems: 'center', gap: '3', p: '2', borderRadius: 'md', borderWidth: '1px', borderColor: 'border' },
  '& > li[aria-current="true"]': { bg: 'accent.subtle', borderWidth: '2px', borderColor: 'accent.400' },
  '& [data-part="rank"]': { minW: '10', textAlign: 'center', fontWeight: 'bold', fontSize: 'lg', flexShrink: '0', whiteSpace: 'nowrap' },
  '& [data-part="sr-only"]': { srOnly: true },
  '& [data-part="who"]': { flex: '1', minW: '0' },
  '& [data-part="name"]': { display: 'block', fontWeight: 'medium', truncate: true },
  '& [aria-current="true"] [data-part="name"]': { fontWeight: 'bold' },
  '& [data-part="meta"]': { display: 'block', fontSize: 'xs', color: 'fg.muted' },
  '& [data-part="points"]': { fontWeight: 'bold', color: 'brand.fg', whiteSpace: 'nowrap' },
});

/** The first `LEADERBOARD_PREVIEW` rows, plus the participant's own row when it is further down. */
function leaderboardPreview(entries: LeaderboardEntry[], isMine: (entry: LeaderboardEntry) => boolean): LeaderboardEntry[] {
  const top = entries.slice(0, LEADERBOARD_PREVIEW);
  const mine = entries.slice(LEADERBOARD_PREVIEW).find(isMine);
  return mine ? [...top, mine] : top;
}

/** The cohort's ranking this week; the participant's own row stands out. */
export function LeaderboardCard({ cohortId, weekStart, userId }: { cohortId: string; weekStart: string; userId: string }) {
  // The rows are the costliest part of the dashboard to render (a few ms each on a phone). They
  // render in a transition, which React splits into short tasks: the answer arriving, or a tap on
  // "Mostra tutta la classifica", never blocks the page for the whole list at once.
  const entries = useDeferredValue(useLeaderboard(cohortId, weekStart).data);
  const [expanded, setExpanded] = useState(false);
  const [isExpanding, startExpanding] = useTransition();
  const listId = useId();
  const isMine = (entry: LeaderboardEntry) => entry.isMe || entry.userId === userId;
  const shown = entries === undefined ? [] : expanded ? entries : leaderboardPreview(entries, isMine);
  return (
    <SectionCard title="Classifica del gruppo">
      {entries === undefined ? (
        <Text color="fg.muted" role="status">
          Caricamento...
        </Text>
      ) : entries.length === 0 ? (
        <Text color="fg.muted">La classifica apparirà quando il gruppo inizierà a registrare i progressi.</Text>
      ) : (
        <>
          <Box as="ol" id={listId} css={ROW_STYLES} aria-label="Classifica della settimana">
            {shown.map((entry) => {
              const me = isMine(entry);
              const podium = entry.rank <= 3 ? (entry.rank as 1 | 2 | 3) : null;
              return (
                <li key={entry.userId} aria-current={me ? 'true' : undefined}>
                  <span data-part="rank">
                    {podium && <MedalIcon place={podium} />}
                    <span data-part={podium ? 'sr-only' : undefined}>{podium ? `${podium}° posto` : entry.rank}</span>
                  </span>
                  <span data-part="who">
                    <span data-part="name">
                      {entry.displayName}
                      {me && (
                        <Badge ms="2" colorPalette="accent" variant="solid">
                          Tu
                        </Badge>
                      )}
                    </span>
                    <span data-part="meta">
                      {entry.totalPoints} punti totali · <FlameIcon /> {entry.streakDays} gg
                    </span>
                  </span>
                  <span data-part="points">{entry.weekPoints} pt</span>
                </li>
              );
            })}
          </Box>
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
