import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { RosterRow } from '@sfida/core/coach';
import { answersText, lastActivityText, moodText, NotePreview, PackageBadge, ParticipantEmail, ParticipantLink, RowTags, schedaText, SelectRow, StatusBadges } from './roster-cells';
import type { RosterSelection } from './roster-selection';

/** The roster as cards, for phones. */
export function RosterCards({ cohortId, rows, selection }: { cohortId: string; rows: RosterRow[]; selection: RosterSelection | null }) {
  return (
    <Stack as="ul" gap="3" p="0" m="0" listStyleType="none" aria-label="Roster della coorte">
      {rows.map((row) => (
        <Box as="li" key={row.userId} borderWidth="1px" borderColor="border" rounded="lg" p="3">
          <Flex gap="2" align="center" wrap="wrap">
            {selection && <SelectRow row={row} selected={selection.selected.has(row.userId)} onToggle={selection.toggle} />}
            <ParticipantLink cohortId={cohortId} row={row} />
            <PackageBadge pkg={row.package} />
            <StatusBadges row={row} />
          </Flex>
          <ParticipantEmail row={row} />
          <NotePreview row={row} />
          <RowTags cohortId={cohortId} row={row} />
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" mt="2" fontSize="sm">
            <Text as="dt" color="fg.muted">
              Punti
            </Text>
            <Text as="dd">
              {row.totalPoints} totali · {row.pointsThisWeek} questa settimana
            </Text>
            <Text as="dt" color="fg.muted">
              Serie
            </Text>
            <Text as="dd">{row.currentStreak} gg</Text>
            <Text as="dt" color="fg.muted">
              Abitudini 7 gg
            </Text>
            <Text as="dd">{row.habitsLast7DaysPercent === null ? '–' : `${row.habitsLast7DaysPercent}%`}</Text>
            <Text as="dt" color="fg.muted">
              Ultima attività
            </Text>
            <Text as="dd">{lastActivityText(row)}</Text>
            <Text as="dt" color="fg.muted">
              Umore
            </Text>
            <Text as="dd">{moodText(row)}</Text>
            <Text as="dt" color="fg.muted">
              Scheda
            </Text>
            <Text as="dd">{schedaText(row)}</Text>
            <Text as="dt" color="fg.muted">
              Onboarding
            </Text>
            <Text as="dd" minW="0">
              {answersText(row)}
            </Text>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
