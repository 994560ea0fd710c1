import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { MaintenanceFigures, RosterRow } from '@sfida/core/coach';
import { countOf } from '@sfida/core/plural';
import { moodOf } from '../../../lib/moods';
import { lastActivityText, ParticipantEmail, ParticipantLink } from './roster-cells';

type MaintenanceRow = RosterRow & { maintenance: MaintenanceFigures };

/** The participants past day 56 (not withdrawn), the least active first: who to encourage to keep going. */
export function maintenanceRows(rows: RosterRow[]): MaintenanceRow[] {
  return rows
    .filter((row): row is MaintenanceRow => row.maintenance !== undefined && !row.withdrawn)
    .sort((a, b) => a.maintenance.habitDaysLast7 - b.maintenance.habitDaysLast7 || a.name.localeCompare(b.name, 'it') || a.userId.localeCompare(b.userId));
}

function monthlyMoodText(mood: number | null): string {
  return mood === null ? 'nessun check-in mensile' : `${moodOf(mood).label} ${mood}/5`;
}

/**
 * "Mantenimento": the cohort's participants in the maintenance phase with their recent activity,
 * from the roster's rows (the roster digests: nothing more is read). Cards, readable at 360 px.
 */
export function MaintenanceRoster({ cohortId, rows }: { cohortId: string; rows: RosterRow[] }) {
  const shown = maintenanceRows(rows);
  if (shown.length === 0) {
    return <Text color="fg.muted">Nessun partecipante ha ancora concluso le otto settimane.</Text>;
  }
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {countOf(shown.length, 'partecipante', 'partecipanti')} in fase di mantenimento, chi ha spuntato meno negli ultimi 7 giorni per
        primo.
      </Text>
      <Stack as="ul" gap="3" p="0" m="0" listStyleType="none" aria-label="Partecipanti in mantenimento">
        {shown.map((row) => (
          <Box as="li" key={row.userId} borderWidth="1px" borderColor="border" rounded="lg" p="3">
            <Flex gap="2" align="baseline" wrap="wrap" justify="space-between">
              <ParticipantLink cohortId={cohortId} row={row} />
              <Text fontSize="sm" color="fg.muted">
                Mese {row.maintenance.month} · giorno {row.maintenance.day}
              </Text>
            </Flex>
            <ParticipantEmail row={row} />
            <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" mt="2" fontSize="sm">
              <Text as="dt" color="fg.muted">
                Ultima attività
              </Text>
              <Text as="dd">{lastActivityText(row)}</Text>
              <Text as="dt" color="fg.muted">
                Abitudini 7 gg
              </Text>
              <Text as="dd">{countOf(row.maintenance.habitDaysLast7, 'spunta', 'spunte')}</Text>
              <Text as="dt" color="fg.muted">
                Serie
              </Text>
              <Text as="dd">{row.currentStreak} gg</Text>
              <Text as="dt" color="fg.muted">
                Check-in mensile
              </Text>
              <Text as="dd">{monthlyMoodText(row.maintenance.lastMonthlyMood)}</Text>
            </Box>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
