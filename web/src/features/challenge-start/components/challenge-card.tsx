import { useRef, useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { CHALLENGE_WEEKS, challengeLastDay, challengeWeekNumber, completedWeeks, formatItalianDate, isChallengeOver, isChallengeStarted } from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { ProgressBar } from '../../../components/progress-bar';
import { SectionCard } from '../../../components/section-card';
import { weekLabel } from '../../../lib/week-label';
import { StartChallengeForm } from './start-challenge-form';

/** The challenge progress card: completed weeks of 8 and the start date, or the way to start. */
export function ChallengeCard({ startDate, today }: { startDate: IsoDate | null; today: IsoDate }) {
  const [choosing, setChoosing] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const done = completedWeeks(startDate, today);
  const started = isChallengeStarted(startDate, today);

  return (
    <SectionCard title="La tua challenge">
      <Stack gap="3">
        <ProgressBar value={(done / CHALLENGE_WEEKS) * 100} label={`Settimane completate: ${done}/${CHALLENGE_WEEKS}`} size="lg" />
        {startDate ? (
          <Text>
            {started ? 'Iniziata il ' : 'Inizierà il '}
            <Text as="strong">{formatItalianDate(startDate)}</Text>
            {started &&
              (isChallengeOver(startDate, today)
                ? ` · conclusa il ${formatItalianDate(challengeLastDay(startDate))}`
                : ` · ${weekLabel(challengeWeekNumber(startDate, today))}`)}
          </Text>
        ) : choosing ? (
          <StartChallengeForm
            today={today}
            onDone={() => {
              setChoosing(false);
              requestAnimationFrame(() => startButton.current?.focus());
            }}
          />
        ) : (
          <Stack gap="2" align="flex-start">
            <Text color="fg.muted">Scegli il giorno in cui parti: da lì contano le tue 8 settimane.</Text>
            <Button ref={startButton} colorPalette="accent" onClick={() => setChoosing(true)}>
              Inizia la challenge
            </Button>
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
