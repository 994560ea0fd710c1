import { useRef, useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import {
  CHALLENGE_WEEKS,
  challengeLastDay,
  challengeWeekNumber,
  completedWeeks,
  daysBetween,
  formatItalianDate,
  isChallengeOver,
  isChallengeStarted,
  italianWeekday,
} from '@sfida/core/dates';
import type { IsoDate } from '@sfida/core/iso-date';
import { ProgressBar } from '../../../components/progress-bar';
import { SectionCard } from '../../../components/section-card';
import { weekLabel } from '../../../lib/week-label';
import { StartChallengeForm } from './start-challenge-form';

/**
 * The challenge progress card: completed weeks of 8 and the start date, or the way to start. In a
 * cohort that runs together (`together`: its Monday) there is no start to choose: the cohort's
 * week, or the countdown to its Monday.
 */
export function ChallengeCard({
  startDate,
  today,
  together = null,
  joinedOn = null,
}: {
  startDate: IsoDate | null;
  today: IsoDate;
  together?: { startDate: IsoDate } | null;
  joinedOn?: IsoDate | null;
}) {
  const [choosing, setChoosing] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const done = completedWeeks(startDate, today);
  const started = isChallengeStarted(startDate, today);

  if (together) return <CohortChallenge startDate={startDate ?? together.startDate} today={today} joinedOn={joinedOn} />;

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

/** "Settimana 3 di 8 con la tua coorte", or the days left until the cohort's Monday. */
function CohortChallenge({ startDate, today, joinedOn }: { startDate: IsoDate; today: IsoDate; joinedOn: IsoDate | null }) {
  const done = completedWeeks(startDate, today);
  const started = isChallengeStarted(startDate, today);
  const daysLeft = started ? 0 : daysBetween(today, startDate);
  return (
    <SectionCard title="La tua challenge">
      <Stack gap="3">
        <ProgressBar value={(done / CHALLENGE_WEEKS) * 100} label={`Settimane completate: ${done}/${CHALLENGE_WEEKS}`} size="lg" />
        {!started ? (
          <Text>
            La tua coorte parte <Text as="strong">{italianWeekday(startDate, 'long')} {formatItalianDate(startDate)}</Text> ·{' '}
            {daysLeft === 1 ? 'manca 1 giorno' : `mancano ${daysLeft} giorni`}
          </Text>
        ) : isChallengeOver(startDate, today) ? (
          <Text>
            La tua coorte è partita il <Text as="strong">{formatItalianDate(startDate)}</Text> · conclusa il {formatItalianDate(challengeLastDay(startDate))}
          </Text>
        ) : (
          <Stack gap="1">
            <Text fontWeight="700">
              Settimana {challengeWeekNumber(startDate, today)} di {CHALLENGE_WEEKS} con la tua coorte
            </Text>
            <Text color="fg.muted" fontSize="sm">
              La coorte è partita il {formatItalianDate(startDate)}
              {joinedOn ? ` · tu sei con noi dal ${formatItalianDate(joinedOn)}` : ''}
            </Text>
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
