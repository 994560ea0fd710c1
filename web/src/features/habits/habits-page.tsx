import { Box, Stack, Text } from '@chakra-ui/react';
import { isChallengeOver, isChallengeStarted } from '@sfida/core/dates';
import { totalPoints } from '@sfida/core/points';
import { bestCurrentStreak } from '@sfida/core/streaks';
import { activeHabits, completionsOf } from '@sfida/core/tracker';
import { habitStripDays } from '@sfida/core/tracker-actions';
import { ProgressBar } from '../../components/progress-bar';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { TipsList } from '../../components/tips-list';
import { TrackerScreen } from '../../components/tracker-screen';
import { useToday } from '../../lib/use-today';
import { useTracker } from '../../tracker/use-tracker';
import { AddHabitForm } from './components/add-habit-form';
import { HabitCard } from './components/habit-card';
import { ArchivedHabits } from './components/archived-habits';

const TIPS = [
  'Scegli al massimo 3 abitudini: poche, ma tutti i giorni.',
  'Rendile piccole e concrete: "10 minuti di camminata" è meglio di "fare più sport".',
  'Collegale a qualcosa che fai già (dopo il caffè, prima di dormire).',
  'Se salti un giorno, riparti il giorno dopo: conta la costanza, non la perfezione.',
];

function HabitsContent() {
  const { tracker } = useTracker();
  const today = useToday();
  const habits = activeHabits(tracker);
  const doneToday = habits.filter((habit) => completionsOf(tracker, habit.id)[today] !== undefined).length;
  const percent = habits.length === 0 ? 0 : Math.round((doneToday / habits.length) * 100);
  const stripDays = habitStripDays(tracker.challengeStartDate, today);
  const started = isChallengeStarted(tracker.challengeStartDate, today);

  return (
    <Stack gap="6">
      <StatGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatTile label="Punti" value={totalPoints(tracker.pointsHistory)} tone="accent" />
        <StatTile label="Completate oggi" value={doneToday} />
        <StatTile label="Da fare" value={habits.length - doneToday} />
        <StatTile label="Costanza" value={`${bestCurrentStreak(tracker, today)} gg`} hint="La serie migliore in corso" />
      </StatGrid>

      <Box layerStyle="card" p="4">
        <ProgressBar value={percent} label={`Oggi: ${percent}% completato`} />
      </Box>

      {!started && (
        <Text role="note" bg="bg.warning" p="3" borderRadius="md">
          Challenge non ancora iniziata: potrai segnare le abitudini dal primo giorno della challenge.
        </Text>
      )}

      {isChallengeOver(tracker.challengeStartDate, today) && (
        <Text role="note" bg="accent.subtle" p="3" borderRadius="md">
          Fase di mantenimento: le otto settimane sono finite, le tue abitudini no. Continua a spuntarle: la serie continua, i punti
          restano quelli della fine della challenge.
        </Text>
      )}

      <AddHabitForm />

      {habits.length === 0 ? (
        <Text color="fg.muted">Non hai ancora abitudini. Aggiungine una per iniziare.</Text>
      ) : (
        <Stack as="ul" gap="3" p="0" m="0" aria-label="Le tue abitudini">
          {habits.map((habit, position) => (
            <HabitCard key={habit.id} habit={habit} today={today} stripDays={stripDays} position={position} count={habits.length} />
          ))}
        </Stack>
      )}

      <ArchivedHabits />

      <TipsList tips={TIPS} />
    </Stack>
  );
}

/** Tracciamento Abitudini (/abitudini). */
export default function HabitsPage() {
  return (
    <TrackerScreen title="Abitudini" heading="Tracciamento Abitudini" intro="Piccoli gesti ogni giorno: segna quello che hai fatto e guarda crescere la tua serie.">
      <HabitsContent />
    </TrackerScreen>
  );
}
