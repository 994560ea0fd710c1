import { Badge, Box } from '@chakra-ui/react';
import { distinctLeaderboardNames } from '@sfida/core/leaderboard-summary';
import type { LeaderboardEntry } from '@sfida/core/progress-summary';
import { MedalIcon } from '../../../components/icons';
import { stackedList } from '../../../components/stacked-list';

/**
 * The rows' styles, set once on the list; the rows themselves are plain elements. A Chakra
 * component resolves and hashes its styles each time it renders, and these rows were the
 * largest share of the dashboard's styled elements (docs/decisions/014-less-styling-work-per-render.md).
 * A long name shortens with an ellipsis; the "Tu" badge and the points never shrink.
 */
const ROW_STYLES = stackedList('1.5', {
  '& > li': { display: 'flex', alignItems: 'center', gap: '3', p: '2', borderRadius: 'md', borderWidth: '1px', borderColor: 'border' },
  '& > li[aria-current="true"]': { bg: 'accent.subtle', borderWidth: '2px', borderColor: 'accent.400' },
  '& [data-part="rank"]': { minW: '10', textAlign: 'center', fontWeight: 'bold', fontSize: 'lg', flexShrink: '0', whiteSpace: 'nowrap', lineHeight: 'short' },
  '& [data-part="tie"]': { display: 'block', fontSize: '2xs', fontWeight: 'normal', color: 'fg.muted' },
  '& [data-part="sr-only"]': { srOnly: true },
  '& [data-part="who"]': { flex: '1', minW: '0' },
  '& [data-part="name-line"]': { display: 'flex', alignItems: 'center', gap: '2', minW: '0' },
  '& [data-part="name"]': { minW: '0', fontWeight: 'medium', truncate: true },
  '& [aria-current="true"] [data-part="name"]': { fontWeight: 'bold' },
  '& [data-part="me"]': { flexShrink: '0' },
  '& [data-part="points"]': { fontWeight: 'bold', color: 'brand.fg', whiteSpace: 'nowrap', flexShrink: '0' },
});

interface LeaderboardListProps {
  id?: string;
  entries: LeaderboardEntry[];
  isMine: (entry: LeaderboardEntry) => boolean;
  /** The final ranking: by total points, with no week or streak to show. */
  final: boolean;
  /** The names to tell apart, when more rows are known than `entries` shows (see distinctLeaderboardNames). */
  names?: Map<string, string>;
  /** The list's name for screen readers, when it is one part of the ranking. */
  label?: string;
}

/**
 * The ranking's rows, one number each (the points; the rank is the position); the participant's
 * own row stands out and says "Tu". Members tied on a rank show it once, on the first of them,
 * marked "pari merito"; the others' position is read out to a screen reader only.
 */
export function LeaderboardList({ id, entries, isMine, final, names = distinctLeaderboardNames(entries), label }: LeaderboardListProps) {
  return (
    <Box as="ol" id={id} css={ROW_STYLES} aria-label={label ?? (final ? 'Classifica finale' : 'Classifica della settimana')}>
      {entries.map((entry, index) => {
        const me = isMine(entry);
        const podium = entry.rank <= 3 ? (entry.rank as 1 | 2 | 3) : null;
        const name = names.get(entry.userId) ?? entry.displayName;
        const follower = entries[index - 1]?.rank === entry.rank;
        const tied = follower || entries[index + 1]?.rank === entry.rank;
        return (
          <li key={entry.userId} aria-current={me ? 'true' : undefined}>
            <span data-part="rank">
              {follower ? (
                <span data-part="sr-only">{`${entry.rank}° posto pari merito`}</span>
              ) : (
                <>
                  {podium && <MedalIcon place={podium} />}
                  <span data-part={podium ? 'sr-only' : undefined}>{podium ? `${podium}° posto` : `${entry.rank}°`}</span>
                  {tied && <span data-part="tie">pari merito</span>}
                </>
              )}
            </span>
            <span data-part="who">
              <span data-part="name-line">
                <span data-part="name" title={name}>
                  {name}
                </span>
                {me && (
                  <Badge data-part="me" colorPalette="accent" variant="solid">
                    Tu
                  </Badge>
                )}
              </span>
            </span>
            <span data-part="points">{final ? entry.totalPoints : entry.weekPoints} pt</span>
          </li>
        );
      })}
    </Box>
  );
}
