import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import type { RosterRow } from '@sfida/core/coach';
import { answersText, lastActivityText, moodText, NotePreview, PackageBadge, ParticipantEmail, ParticipantLink, RowTags, schedaText, SelectRow, StatusBadges } from './roster-cells';
import type { RosterSelection } from './roster-selection';
import { ROSTER_SORTS, type RosterSort } from './roster-order';

/**
 * The table's styles, set once on it rather than per cell (docs/decisions/014); plain elements,
 * since the theme registers no table recipe (it carries only what the participants' screens use).
 */
const TABLE = {
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border', textAlign: 'start', verticalAlign: 'middle' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', whiteSpace: 'nowrap', bg: 'bg.muted' },
  '& th[aria-sort]': { color: 'fg' },
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  // Cells of text (an email, the onboarding answers): wrapped, but not one word a line.
  '& [data-text]': { minW: '12rem' },
  '& tbody tr:hover': { bg: 'bg.subtle' },
} as const;

/** The roster as a table, for wide screens; the sorted column says so (aria-sort). */
export function RosterTable({ cohortId, rows, sort, selection }: { cohortId: string; rows: RosterRow[]; sort: RosterSort; selection: RosterSelection | null }) {
  const sortedBy = (key: RosterSort) => (sort === key ? (key === 'name' ? 'ascending' : 'descending') : undefined);
  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border" rounded="md" tabIndex={0} role="group" aria-label="Tabella del roster">
      <chakra.table css={TABLE}>
        <chakra.caption srOnly>Roster della coorte, ordinato per {ROSTER_SORTS[sort].toLowerCase()}</chakra.caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col">
                <chakra.span srOnly>Selezione</chakra.span>
              </th>
            )}
            <th scope="col" aria-sort={sortedBy('name')}>
              Nome
            </th>
            <th scope="col">Pacchetto</th>
            <th scope="col">Settimana</th>
            <th scope="col" data-numeric="">
              Punti settimana
            </th>
            <th scope="col" data-numeric="" aria-sort={sortedBy('points')}>
              Punti totali
            </th>
            <th scope="col" data-numeric="">
              Abitudini 7 gg
            </th>
            <th scope="col" data-numeric="" aria-sort={sortedBy('streak')}>
              Serie
            </th>
            <th scope="col" aria-sort={sortedBy('lastActivity')}>
              Ultima attività
            </th>
            <th scope="col">Umore</th>
            <th scope="col">Planner</th>
            <th scope="col">Allenamento</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId}>
              {selection && (
                <td>
                  <SelectRow row={row} selected={selection.selected.has(row.userId)} onToggle={selection.toggle} />
                </td>
              )}
              <td data-text="">
                <Flex gap="2" align="center" wrap="wrap">
                  <ParticipantLink cohortId={cohortId} row={row} />
                  <StatusBadges row={row} />
                </Flex>
                <ParticipantEmail row={row} />
                <NotePreview row={row} />
                <RowTags cohortId={cohortId} row={row} />
              </td>
              <td>
                <PackageBadge pkg={row.package} />
              </td>
              <td>{row.started ? row.challengeWeek : '–'}</td>
              <td data-numeric="">{row.pointsThisWeek}</td>
              <td data-numeric="">{row.totalPoints}</td>
              <td data-numeric="">{row.habitsLast7DaysPercent === null ? '–' : `${row.habitsLast7DaysPercent}%`}</td>
              <td data-numeric="">{row.currentStreak} gg</td>
              <td>{lastActivityText(row)}</td>
              <td>{moodText(row)}</td>
              <td>{row.plannerSavedThisWeek ? 'Salvato' : 'Da fare'}</td>
              <td data-text="">
                <Text>{schedaText(row)}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {answersText(row)}
                </Text>
              </td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
