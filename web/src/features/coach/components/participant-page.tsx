import type { ReactNode } from 'react';
import { Badge, Box, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { evaluateBadges } from '@sfida/core/badges';
import type { CheckInCard as CheckInThreadCard } from '@sfida/core/check-in-threads';
import type { ParticipantDetail } from '@sfida/core/coach';
import { CHALLENGE_WEEKS, challengeWeekNumber, formatItalianDate, todayIn } from '@sfida/core/dates';
import { checkInPeriod } from '@sfida/core/maintenance';
import type { IsoDate } from '@sfida/core/iso-date';
import type { TrackerData, WeekKey } from '@sfida/core/tracker';
import { plannerProgress } from '@sfida/core/tracker-actions';
import { CheckInCard } from '../../../components/check-in-card';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { PointsByWeekChart } from '../../../components/points-by-week-chart';
import { SectionCard } from '../../../components/section-card';
import { MoodChart } from '../../../components/mood-chart';
import { errorMessage } from '../../../lib/api-client';
import { moodOf } from '../../../lib/moods';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useParticipantCheckIns } from '../api/check-ins';
import { useParticipant } from '../api/participant';
import { useWithdrawParticipant } from '../api/roster';
import { cohortPagePath, conversationPath } from '../../../coach-shared/paths';
import { sortedReasons } from './attention';
import { CheckInVoiceNote, ReplyForm, ThreadView } from './check-in-thread';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';
import { HabitGrid } from './habit-grid';
import { ParticipantNotes } from './participant-notes';
import { answersText, schedaText } from './roster-cells';
import { TagEditor } from './tag-editor';

const WEEKS = Array.from({ length: CHALLENGE_WEEKS }, (_, i) => i + 1);

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
function Figures({ detail, startDate }: { detail: ParticipantDetail; startDate: IsoDate | null }) {
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

function WeeklyPlanner({ tracker, currentWeek }: { tracker: TrackerData; currentWeek: number }) {
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none">
      {WEEKS.map((week) => {
        const actions = (tracker.weeklyActions[String(week) as WeekKey] ?? []).filter((action) => action.text.trim() !== '');
        const progress = plannerProgress(actions);
        const saved = tracker.savedPlannerWeeks.includes(week);
        return (
          <Box as="li" key={week} borderWidth="1px" borderColor={week === currentWeek ? 'accent.400' : 'border'} rounded="lg" p="3">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="bold">
                Settimana {week}
                {week === currentWeek ? ' (in corso)' : ''}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {saved ? 'Planner salvato' : 'Planner non salvato'}
                {progress.planned > 0 && ` · ${progress.completed}/${progress.planned} completate (${progress.percent}%)`}
              </Text>
            </Flex>
            {actions.length > 0 ? (
              <Stack as="ul" gap="1" mt="2" p="0" listStyleType="none" fontSize="sm">
                {actions.map((action) => (
                  <Flex as="li" key={action.id} gap="2">
                    <span aria-hidden="true">{action.completed ? '✅' : '⬜'}</span>
                    <Text overflowWrap="anywhere">
                      <Text as="span" srOnly>
                        {action.completed ? 'Completata: ' : 'Da completare: '}
                      </Text>
                      {action.text}
                    </Text>
                  </Flex>
                ))}
              </Stack>
            ) : (
              <Text fontSize="sm" color="fg.muted" mt="1">
                Nessuna azione pianificata.
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** A check-in's thread under it: the reply form while no coach has handled it. */
function WeekThread({ card }: { card: CheckInThreadCard | undefined }) {
  if (!card) return null;
  return (
    <Stack mt="3" pt="3" gap="3" borderTopWidth="1px" borderColor="border">
      <CheckInVoiceNote card={card} />
      {card.status === 'open' ? <ReplyForm card={card} /> : <ThreadView card={card} />}
    </Stack>
  );
}

function CheckIns({ cohortId, userId, tracker, currentPeriod }: { cohortId: string; userId: string; tracker: TrackerData; currentPeriod: number }) {
  // The threads live on the server, keyed by week; the tracker holds the check-ins themselves.
  const threads = useParticipantCheckIns(cohortId, userId);
  const byWeek = [...tracker.checkIns].sort((a, b) => a.weekNumber - b.weekNumber);
  return (
    <Stack gap="5">
      <MoodChart checkIns={tracker.checkIns} currentPeriod={currentPeriod} marks="number" />
      {threads.isError && <FormError message={errorMessage(threads.error, 'Impossibile caricare le risposte ai check-in')} />}
      {byWeek.length === 0 ? (
        <Text color="fg.muted">Nessun check-in ancora.</Text>
      ) : (
        <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Check-in">
          {byWeek.map((checkIn) => (
            <CheckInCard key={checkIn.id} checkIn={checkIn}>
              <Text mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {checkIn.reflection}
              </Text>
              {checkIn.audioNote && (
                <Text mt="1" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  🎙️ Nota audio: {checkIn.audioNote}
                </Text>
              )}
              <WeekThread card={threads.data?.find((card) => card.weekNumber === checkIn.weekNumber)} />
            </CheckInCard>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PointsByWeek({ tracker, currentWeek }: { tracker: TrackerData; currentWeek: number }) {
  return <PointsByWeekChart history={tracker.pointsHistory} currentWeek={currentWeek} />;
}

function Badges({ tracker, today }: { tracker: TrackerData; today: IsoDate }) {
  const badges = evaluateBadges(tracker, today);
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, md: 3 }} gap="2" p="0" m="0" listStyleType="none">
      {badges.map((badge) => (
        <Flex as="li" key={badge.id} gap="2" align="center" p="2" rounded="md" borderWidth="1px" borderColor={badge.earned ? 'accent.border' : 'border'} bg={badge.earned ? 'accent.subtle' : undefined}>
          <Text as="span" fontSize="2xl" aria-hidden="true" filter={badge.earned ? undefined : 'grayscale(1)'} opacity={badge.earned ? 1 : 0.5}>
            {badge.icon}
          </Text>
          <Box minW="0">
            <Text fontWeight="semibold">{badge.name}</Text>
            <Text fontSize="sm" color={badge.earned ? 'fg.success' : 'fg.muted'}>
              {badge.earned ? 'Ottenuto' : 'Non ancora'}
            </Text>
          </Box>
        </Flex>
      ))}
    </SimpleGrid>
  );
}

function Withdraw({ cohortId, detail }: { cohortId: string; detail: ParticipantDetail }) {
  const withdraw = useWithdrawParticipant(cohortId);
  const navigate = useNavigate();
  if (detail.row.withdrawn) return null;
  async function confirm() {
    try {
      await withdraw.mutateAsync(detail.row.userId);
      notify({ type: 'success', title: 'Partecipante ritirato', description: `${detail.row.name} non è più nella coorte.` });
      navigate(cohortPagePath(cohortId));
    } catch (caught) {
      notify({ type: 'error', title: 'Ritiro non riuscito', description: errorMessage(caught, 'Riprova tra poco.') });
      throw caught;
    }
  }
  return (
    <ConfirmInline
      label="Ritira dalla coorte"
      question={`${detail.row.name} uscirà dalla classifica e dalle liste della coorte; i suoi dati restano nell’esportazione CSV. Confermi il ritiro?`}
      confirmLabel="Ritira"
      colorPalette="red"
      pending={withdraw.isPending}
      onConfirm={confirm}
    />
  );
}

/** The participant's email and status badges, above their page. */
function ParticipantStatus({ row }: { row: ParticipantDetail['row'] }) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <Text color="fg.muted" overflowWrap="anywhere">
        {row.email}
      </Text>
      {row.unreadable && <Badge colorPalette="red">Dati non leggibili</Badge>}
      {row.withdrawn && <Badge colorPalette="gray">Ritirato</Badge>}
    </Flex>
  );
}

/** What only the cohort's coaches keep on the participant: tags and notes, never shown to them. */
function CoachOnly({ cohortId, row }: { cohortId: string; row: ParticipantDetail['row'] }) {
  return (
    <>
      <SectionCard title="Etichette">
        <TagEditor cohortId={cohortId} userId={row.userId} name={row.name} tags={row.tags} />
      </SectionCard>
      <SectionCard title="Note">
        <ParticipantNotes cohortId={cohortId} userId={row.userId} name={row.name} />
      </SectionCard>
    </>
  );
}

function ParticipantContent({ cohortId, detail }: { cohortId: string; detail: ParticipantDetail }) {
  const { row, tracker } = detail;
  if (row.unreadable) {
    return (
      <Stack gap="4">
        <ParticipantStatus row={row} />
        <Text>I dati salvati di questo partecipante non sono leggibili: qui non possiamo mostrarne i progressi. Il resto della coorte non ne risente.</Text>
        <CoachOnly cohortId={cohortId} row={row} />
      </Stack>
    );
  }
  // The participant's own calendar: their day, not the coach's.
  const today = todayIn(detail.timeZone, new Date());
  const startDate = tracker?.challengeStartDate ?? detail.challengeStartDate;
  const currentWeek = challengeWeekNumber(startDate, today);
  const reasons = sortedReasons(row);
  return (
    <Stack gap="6">
      <ParticipantStatus row={row} />
      {reasons.length > 0 && (
        <Flex as="ul" gap="2" wrap="wrap" p="0" m="0" listStyleType="none" aria-label="Da contattare oggi">
          {reasons.map((reason) => (
            <li key={reason.code}>
              <Badge colorPalette={reason.code === 'lowMood' || reason.code === 'moodDrop' ? 'red' : 'orange'} whiteSpace="normal">
                {reason.label}
              </Badge>
            </li>
          ))}
        </Flex>
      )}
      <Figures detail={detail} startDate={startDate} />
      <CoachOnly cohortId={cohortId} row={row} />
      {tracker === null || startDate === null ? (
        <Text color="fg.muted">{tracker === null ? 'Non ha ancora sincronizzato i suoi progressi.' : 'Non ha ancora iniziato la sfida.'}</Text>
      ) : (
        <>
          <SectionCard title="Abitudini">
            <HabitGrid tracker={tracker} startDate={startDate} today={today} />
          </SectionCard>
          <SectionCard title="Planner settimanale">
            <WeeklyPlanner tracker={tracker} currentWeek={currentWeek} />
          </SectionCard>
          <SectionCard title="Check-in e umore">
            <CheckIns cohortId={cohortId} userId={row.userId} tracker={tracker} currentPeriod={checkInPeriod(startDate, today)} />
          </SectionCard>
          <SectionCard title="Punti per settimana">
            <PointsByWeek tracker={tracker} currentWeek={currentWeek} />
          </SectionCard>
          <SectionCard title="Badge">
            <Badges tracker={tracker} today={today} />
          </SectionCard>
        </>
      )}
      <Withdraw cohortId={cohortId} detail={detail} />
    </Stack>
  );
}

/** /coach/:cohortId/partecipanti/:userId: one participant's progress, read-only. */
export function ParticipantPage() {
  const { cohortId = '', userId = '' } = useParams();
  const participant = useParticipant(cohortId, userId);
  const name = participant.data?.row.name ?? 'Partecipante';
  useDocumentTitle(name);
  return (
    <>
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to={cohortPagePath(cohortId)}>← Torna alla coorte</RouterLink>
      </Link>
      <PageHeader title={name} />
      <Link asChild color="brand.fg" fontWeight="semibold" mb="4" display="inline-block">
        <RouterLink to={conversationPath(cohortId, userId)}>Scrivi a {name}</RouterLink>
      </Link>
      {participant.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : participant.isError ? (
        <FormError message={errorMessage(participant.error, 'Impossibile caricare il partecipante')} />
      ) : (
        <ParticipantContent cohortId={cohortId} detail={participant.data} />
      )}
    </>
  );
}
