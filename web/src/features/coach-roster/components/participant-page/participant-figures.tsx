import type { ReactNode } from 'react';
import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { ParticipantDetail } from '@sfida/core/coach';
import { CHALLENGE_WEEKS, formatItalianDate } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { moodOf } from '../../../../lib/moods';
import { answersText, schedaText } from '../roster-cells';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box layerStyle="card" p="3" minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted" fontWeight="semibold">
        {label}
      </Text>
      <Text as="dd" fontSize={{ base: 'md', md: 'lg' }} fontWeight="bold" overflowWrap="break-word">
        {children}
      </Text>
    </Box>
  );
}

/** The roster row's figures, as the coach saw them in the list. */
export function Figures({ detail, startDate }: { detail: ParticipantDetail; startDate: IsoDate | null }) {
  const { row } = detail;
  return (
    <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
      <Figure label="Settimana">{row.started ? `${row.challengeWeek} di ${CHALLENGE_WEEKS}` : 'Non iniziata'}</Figure>
      <Figure label="Punti totali">{row.totalPoints}</Figure>
      <Figure label="Punti questa settimana">{row.pointsThisWeek}</Figure>
      <Figure label="Serie attuale">{row.currentStreak} gg</Figure>
      <Figure label="Abitudini ultimi 7 gg">{row.habitsLast7DaysPercent === null ? '–' : `${row.habitsLast7DaysPercent}%`}</Figure>
      <Figure label="Ultima attività">{row.lastActivity ? formatItalianDate(row.lastActivity) : 'mai'}</Figure>
      <Figure label="Ultimo umore">{row.lastMood === null ? '–' : `${moodOf(row.lastMood).label} (${row.lastMood}/5)`}</Figure>
      <Figure label="Planner della settimana">{row.plannerSavedThisWeek ? 'Salvato' : 'Non salvato'}</Figure>
      <Figure label="Inizio sfida">{startDate ? formatItalianDate(startDate) : 'Non impostato'}</Figure>
      <Figure label="Fuso orario">{detail.timeZone}</Figure>
      <Figure label="Scheda assegnata">{schedaText(row)}</Figure>
      <Figure label="Risposte all’onboarding">{answersText(row)}</Figure>
    </SimpleGrid>
  );
}
