import { countOf } from '@sfida/core/plural';
import { Box, Stack, Text } from '@chakra-ui/react';
import { challengeWeekNumber, compareIsoDates, isChallengeOver } from '@sfida/core/dates';
import { pointsByChallengeWeek, totalPoints } from '@sfida/core/points';
import { currentWeekStrip, plannerProgress, weekActions } from '@sfida/core/tracker-actions';
import { DayStrip, weekStripDays, type StripDay } from '../../components/day-strip';
import { ProgressBar } from '../../components/progress-bar';
import { SectionCard } from '../../components/section-card';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { TipsList } from '../../components/tips-list';
import { TrackerScreen } from '../../components/tracker-screen';
import { useAuth } from '../../lib/auth';
import { useCohortInfo } from '../../lib/cohort-info';
import { useToday } from '../../lib/use-today';
import { weekLabel } from '../../lib/week-label';
import { useTracker } from '../../tracker/use-tracker';
import { actionsCompletedByDay, actionsDaySummary } from './actions-by-day';
import { PlannerEditor } from './components/planner-editor';

const TIPS = [
  'Scegli azioni concrete e misurabili: "camminare 30 minuti martedì e giovedì".',
  'Decidi quando e dove, "se è giovedì alle 18:30, allora corro in palestra": un piano così si realizza più spesso.',
  'Tre azioni fatte valgono più di cinque rimandate.',
  'Salva il planner a inizio settimana e rileggilo ogni mattina.',
  'Completa ogni azione appena la fai: vedrai crescere la barra.',
];

function PlannerContent() {
  const { tracker } = useTracker();
  const today = useToday();
  const week = challengeWeekNumber(tracker.challengeStartDate, today);
  const { user } = useAuth();
  // The reminder at the planned time is the cohort's rule to give: said only where it is on.
  const reminders = useCohortInfo(user?.cohortId ?? '', user?.role === 'PARTICIPANT' && Boolean(user.cohortId)).data?.rules.plannedActionReminders === true;

  if (week === 0) {
    return (
      <Stack gap="6">
        <Box layerStyle="card" p="6" textAlign="center">
          <Text fontSize="xl" fontWeight="bold">
            Challenge non ancora iniziata
          </Text>
          <Text color="fg.muted" mt="2">
            Scegli il giorno di inizio dalla Dashboard: dal primo giorno potrai pianificare le azioni della settimana.
          </Text>
        </Box>
        <TipsList tips={TIPS} />
      </Stack>
    );
  }

  // After the eight weeks the planner is closed (core's editableWeek): the maintenance phase keeps the habits.
  if (isChallengeOver(tracker.challengeStartDate, today)) {
    return (
      <Stack gap="6">
        <Box layerStyle="card" p="6" textAlign="center">
          <Text fontSize="xl" fontWeight="bold">
            Le otto settimane sono concluse
          </Text>
          <Text color="fg.muted" mt="2">
            Sei nella fase di mantenimento: il planner settimanale si è chiuso con la settimana 8. Continua con le tue abitudini e con il
            check-in mensile.
          </Text>
        </Box>
      </Stack>
    );
  }

  const progress = plannerProgress(weekActions(tracker, week));
  const weekPoints = pointsByChallengeWeek(tracker.pointsHistory)[week - 1]?.points ?? 0;
  const completedOn = actionsCompletedByDay(tracker, week);
  const days = weekStripDays(currentWeekStrip(tracker, new Date()), today).map((date): StripDay => {
    const order = compareIsoDates(date, today);
    const state = order > 0 ? 'future' : order === 0 ? 'today' : 'past';
    const count = state === 'future' ? 0 : (completedOn.get(date) ?? 0);
    return { date, done: count > 0, editable: false, state, summary: actionsDaySummary(count, state), marks: count };
  });

  return (
    <Stack gap="6">
      <Text fontSize="lg" fontWeight="bold" color="brand.fg">
        {weekLabel(week)}
      </Text>
      <StatGrid columns={2} gap="3">
        <StatTile label="Punti" value={totalPoints(tracker.pointsHistory)} hint={`${weekPoints} questa settimana`} tone="accent" />
        <StatTile label="Completate" value={`${progress.percent}%`} hint={`${progress.completed} di ${countOf(progress.planned, 'azione', 'azioni')}`} />
      </StatGrid>

      <SectionCard title="I giorni della settimana">
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Le azioni completate giorno per giorno: un pallino per ogni azione.
          </Text>
          <DayStrip subject={weekLabel(week)} label={`Azioni completate per giorno, ${weekLabel(week).toLowerCase()}`} days={days} />
        </Stack>
      </SectionCard>

      <SectionCard title={`Le azioni della ${weekLabel(week).toLowerCase()}`}>
        <Stack gap="4">
          <ProgressBar value={progress.percent} label={`${progress.percent}% delle azioni completate`} />
          <PlannerEditor week={week} />
          {reminders && (
            <Text fontSize="sm" color="fg.muted">
              Se a un&apos;azione dai giorno e ora, ti mandiamo un promemoria a quell&apos;ora se non l&apos;hai ancora completata.
            </Text>
          )}
        </Stack>
      </SectionCard>

      <TipsList tips={TIPS} />
    </Stack>
  );
}

/** Planner Settimanale (/planner). */
export default function PlannerPage() {
  return (
    <TrackerScreen title="Planner" heading="Planner Settimanale" intro="Da 3 a 5 azioni concrete per questa settimana.">
      <PlannerContent />
    </TrackerScreen>
  );
}
