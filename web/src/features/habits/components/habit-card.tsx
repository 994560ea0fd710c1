import { lazy, Suspense, useRef, useState } from 'react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { IsoDate } from '@sfida/core/iso-date';
import type { Habit } from '@sfida/core/tracker';
import { addDays, formatItalianShortDate, isChallengeOver, italianWeekday } from '@sfida/core/dates';
import { habitDayStatus, jollyDays, jolliesLeft, scheduleDaysOf, trackerRules } from '@sfida/core/habit-rules';
import { scheduleLabel, scheduleOf, weekTicks } from '@sfida/core/habit-schedule';
import { habitStreak } from '@sfida/core/streaks';
import { archiveHabit, habitDayState, newComebackBonuses, newStreakBonuses, toggleHabit } from '@sfida/core/tracker-actions';
import { DayStrip } from '../../../components/day-strip';
// Opened on demand, so they load then and not with the screen.
const HabitEditor = lazy(() => import('./habit-editor').then((module) => ({ default: module.HabitEditor })));
const HabitHeatmap = lazy(() => import('./habit-heatmap').then((module) => ({ default: module.HabitHeatmap })));
import { FlameIcon, ShieldIcon } from '../../../components/icons';
import { notify } from '../../../lib/notices';
import { noticeHabitDone } from '../../../lib/points-notice';
import { useTracker } from '../../../tracker/use-tracker';

/** How many jollies the habit has left this challenge week. */
function JolliesLeft({ left }: { left: number }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      <ShieldIcon /> {left === 0 ? 'Nessun jolly rimasto questa settimana' : `${left} jolly ${left === 1 ? 'rimasto' : 'rimasti'} questa settimana`}
    </Text>
  );
}

/**
 * One habit: today's toggle, its streak and schedule, the week strip, "Modifica" (name, place,
 * schedule), "Vedi tutta la sfida" (the heatmap) and archive (confirmed in the page).
 */
export function HabitCard({ habit, today, stripDays, position, count }: { habit: Habit; today: IsoDate; stripDays: IsoDate[]; position: number; count: number }) {
  const { tracker, apply, firstDay } = useTracker();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [wholeChallenge, setWholeChallenge] = useState(false);
  const schedule = scheduleOf(habit);
  const progress = weekTicks(schedule, today, scheduleDaysOf(tracker, habit));
  const freeToday = habitDayStatus(tracker, habit, today, today) === 'free';
  const deleteButton = useRef<HTMLButtonElement>(null);
  const streak = habitStreak(tracker, habit, today);
  const todayState = habitDayState(tracker, habit.id, today, today);
  const forgiving = trackerRules(tracker).forgivingStreak;
  // The jolly is a rule of the eight weeks: in the maintenance phase there is none left to count.
  const countJollies = forgiving && !isChallengeOver(tracker.challengeStartDate, today);
  const covered = new Set(forgiving ? jollyDays(tracker, habit, addDays(today, -1)) : []);
  const coveredInStrip = stripDays.filter((date) => covered.has(date));

  function toggle(date: IsoDate) {
    const result = apply(toggleHabit(tracker, habit.id, date, new Date(), firstDay));
    if (!result.ok) notify({ type: 'warning', title: result.message });
    else if (result.awarded > 0) noticeHabitDone(habit.name, result.awarded, newStreakBonuses(tracker, result.data), newComebackBonuses(tracker, result.data));
  }

  function remove() {
    const result = apply(archiveHabit(tracker, habit.id, new Date()));
    if (result.ok) notify({ type: 'info', title: 'Abitudine archiviata', description: `${habit.name}: la ritrovi in "Archiviate"` });
    else notify({ type: 'error', title: result.message });
  }

  return (
    <Box as="li" layerStyle="card" p="4" listStyleType="none" borderColor={todayState.done ? 'brand.border' : 'border'}>
      <Stack gap="3">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Box minW="0">
            <Heading as="h3" size="md" overflowWrap="anywhere">
              {habit.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <FlameIcon /> Serie: {streak} {streak === 1 ? 'giorno' : 'giorni'}
            </Text>
            {countJollies && <JolliesLeft left={jolliesLeft(tracker, habit, today)} />}
            <Text fontSize="sm" color="fg.muted">
              {scheduleLabel(schedule)}
              {progress.target !== null && ` · ${progress.ticked} di ${progress.target} questa settimana`}
            </Text>
            {freeToday && !todayState.done && (
              <Text fontSize="sm" color="fg.muted">
                Non previsto oggi
              </Text>
            )}
          </Box>
          <Button
            size="sm"
            flexShrink="0"
            variant={todayState.done ? 'solid' : 'outline'}
            aria-pressed={todayState.done}
            disabled={!todayState.editable}
            onClick={() => toggle(today)}
          >
            {todayState.done ? '✓ Fatto oggi' : 'Segna come fatto'}
          </Button>
        </Flex>
        {stripDays.length > 0 && (
          <DayStrip
            subject={habit.name}
            days={stripDays.map((date) => ({
              date,
              ...habitDayState(tracker, habit.id, date, today, firstDay),
              covered: covered.has(date),
              free: habitDayStatus(tracker, habit, date, today, covered) === 'free',
            }))}
            onToggle={toggle}
          />
        )}
        {coveredInStrip.map((date) => (
          <Text key={date} fontSize="sm" color="fg.muted">
            <ShieldIcon /> Jolly usato: {italianWeekday(date, 'long')} {formatItalianShortDate(date)}, la serie continua. Se invece l’avevi fatta, segna quel giorno: il jolly torna disponibile.
          </Text>
        ))}
        <Suspense fallback={null}>
          {wholeChallenge && <HabitHeatmap tracker={tracker} habit={habit} today={today} />}
          {editing && <HabitEditor habit={habit} position={position} count={count} />}
        </Suspense>
        <Flex gap="2" wrap="wrap" justify="flex-end">
          {tracker.challengeStartDate !== null && (
            <Button
              size="xs"
              variant="ghost"
              aria-expanded={wholeChallenge}
              aria-label={`${wholeChallenge ? 'Nascondi la sfida' : 'Vedi tutta la sfida'}: ${habit.name}`}
              onClick={() => setWholeChallenge((open) => !open)}>
              {wholeChallenge ? 'Nascondi la sfida' : 'Vedi tutta la sfida'}
            </Button>
          )}
          <Button size="xs" variant="ghost" aria-expanded={editing} aria-label={`${editing ? 'Chiudi modifica' : 'Modifica'} ${habit.name}`} onClick={() => setEditing((open) => !open)}>
            {editing ? 'Chiudi modifica' : 'Modifica'}
          </Button>
        </Flex>
        {confirming ? (
          <Flex role="group" aria-label="Conferma archiviazione" gap="2" align="center" wrap="wrap" bg="bg.error" p="2" borderRadius="md">
            <Text fontSize="sm" flex="1" minW="40">
              Archiviare &quot;{habit.name}&quot;? I punti già guadagnati restano e potrai ripristinarla.
            </Text>
            <Button size="sm" colorPalette="red" onClick={remove} autoFocus>
              Archivia
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => deleteButton.current?.focus());
              }}
            >
              Annulla
            </Button>
          </Flex>
        ) : (
          <Button ref={deleteButton} size="xs" variant="ghost" colorPalette="red" alignSelf="flex-end" onClick={() => setConfirming(true)} aria-label={`Archivia ${habit.name}`}>
            Archivia
          </Button>
        )}
      </Stack>
    </Box>
  );
}
