import { Badge, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { RosterRow } from '@sfida/core/coach';
import { formatItalianDate } from '@sfida/core/dates';
import { onboardingSummary, schedaLabels } from '@sfida/core/training-labels';
import { moodOf } from '../../../lib/moods';
import { participantPagePath } from '../paths';

// What the cohort page shows of a participant, wherever it lists them (attention list, roster).

export function ParticipantLink({ cohortId, row }: { cohortId: string; row: RosterRow }) {
  return (
    <Link asChild color="brand.fg" fontWeight="600" textDecoration="underline">
      <RouterLink to={participantPagePath(cohortId, row.userId)}>{row.name}</RouterLink>
    </Link>
  );
}

/** The participant's email, under their name: it tells apart two participants with the same name. */
export function ParticipantEmail({ row }: { row: RosterRow }) {
  return (
    <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
      {row.email}
    </Text>
  );
}

export function schedaText(row: RosterRow): string {
  return row.schedaAssegnata ? schedaLabels[row.schedaAssegnata] : 'Nessuna scheda';
}

export function answersText(row: RosterRow): string {
  return onboardingSummary(row) ?? 'Onboarding non completato';
}

export function lastActivityText(row: RosterRow): string {
  return row.lastActivity ? formatItalianDate(row.lastActivity) : 'mai';
}

export function moodText(row: RosterRow): string {
  if (row.lastMood === null) return '–';
  const trend = row.moodTrend === null || row.moodTrend === 0 ? '' : row.moodTrend > 0 ? ` (+${row.moodTrend})` : ` (${row.moodTrend})`;
  return `${moodOf(row.lastMood).label} ${row.lastMood}/5${trend}`;
}

export function StatusBadges({ row }: { row: RosterRow }) {
  if (row.unreadable) return <Badge colorPalette="red">Dati non leggibili</Badge>;
  if (row.withdrawn) return <Badge colorPalette="gray">Ritirato</Badge>;
  if (!row.started) return <Badge colorPalette="orange">Non iniziato</Badge>;
  return null;
}
