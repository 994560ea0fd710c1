import { useEffect, useRef, useState, type ReactNode } from 'react';
import { checkInPeriodLabel } from '@sfida/core/maintenance';
import { Box, Button, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { TimelineItem, WeekAtAGlance } from '@sfida/core/conversations';
import { CHALLENGE_WEEKS } from '@sfida/core/dates';
import { ConversationComposer } from '../../../components/conversation-composer';
import { ConversationTimeline } from '../../../components/conversation-timeline';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { moodOf } from '../../../lib/moods';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { coachVoiceNotesPath } from '../../../lib/voice-notes';
import { coachConversationQueryOptions, useMarkCoachConversationRead, useSendCoachMessage } from '../api/conversations';
import { conversationsPath, participantPagePath } from '../../../coach-shared/paths';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box layerStyle="card" p="3" minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted" fontWeight="semibold">
        {label}
      </Text>
      <Text as="dd" fontWeight="bold" overflowWrap="break-word">
        {children}
      </Text>
    </Box>
  );
}

/** The participant's week beside the thread: habits, mood, planner. */
export function WeekGlance({ week }: { week: WeekAtAGlance | null }) {
  if (week === null) return <Text color="fg.muted">Non ha ancora sincronizzato i suoi progressi.</Text>;
  return (
    <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
      <Figure label="Settimana">{week.weekNumber === null ? 'Non in corso' : `${week.weekNumber} di ${CHALLENGE_WEEKS}`}</Figure>
      <Figure label="Abitudini della settimana">{week.habitsPercent === null ? '–' : `${week.habitsPercent}%`}</Figure>
      <Figure label="Ultimo umore">{week.mood === null ? '–' : `${moodOf(week.mood.mood).label} (${week.mood.mood}/5), ${checkInPeriodLabel(week.mood.weekNumber).toLowerCase()}`}</Figure>
      <Figure label="Planner della settimana">{week.planner === null ? '–' : `${week.planner.completed}/${week.planner.planned} azioni completate`}</Figure>
    </SimpleGrid>
  );
}

/** /coach/conversazioni/:cohortId/:userId: one participant's conversation, their week at a glance, a reply. */
export function ConversationThreadPage() {
  const { cohortId = '', userId = '' } = useParams();
  const query = useInfiniteQuery(coachConversationQueryOptions(cohortId, userId));
  const send = useSendCoachMessage(cohortId, userId);
  const markRead = useMarkCoachConversationRead(cohortId, userId);
  const [replyTo, setReplyTo] = useState<TimelineItem | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const first = query.data?.pages[0];
  const name = first?.conversation.participantName ?? 'Conversazione';
  useDocumentTitle(name);
  const items = query.data?.pages.flatMap((page) => page.conversation.items) ?? [];

  // What the participant wrote that was unread on arrival keeps its mark for this visit.
  const [newOnArrival, setNewOnArrival] = useState<ReadonlySet<string> | null>(null);
  if (query.data && newOnArrival === null) {
    setNewOnArrival(new Set(items.filter((item) => item.from === 'participant' && !item.seen).map((item) => item.id)));
  }
  // Opened is read, for every coach of the cohort: once per visit with something unread.
  const unread = (newOnArrival?.size ?? 0) > 0;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread) read();
  }, [unread, read]);

  function answer(item: TimelineItem) {
    setReplyTo(item);
    textarea.current?.focus();
  }

  return (
    <>
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to={conversationsPath()}>← Tutte le conversazioni</RouterLink>
      </Link>
      <PageHeader title={name} />
      {query.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : query.isError ? (
        <FormError message={errorMessage(query.error, 'Impossibile caricare la conversazione')} />
      ) : (
        <Stack gap="6">
          <SectionCard title="La sua settimana">
            <Stack gap="3">
              <WeekGlance week={first!.week} />
              <Link asChild color="brand.fg" fontSize="sm">
                <RouterLink to={participantPagePath(cohortId, userId)}>Apri la pagina del partecipante</RouterLink>
              </Link>
            </Stack>
          </SectionCard>
          <Stack gap="4">
            {query.hasNextPage && (
              <Box>
                <Button size="sm" variant="outline" loading={query.isFetchingNextPage} loadingText="Caricamento..." onClick={() => void query.fetchNextPage()}>
                  Messaggi precedenti
                </Button>
              </Box>
            )}
            {items.length === 0 ? (
              <Text color="fg.muted">Nessun messaggio ancora: scrivi tu il primo.</Text>
            ) : (
              <ConversationTimeline
                items={items}
                viewer="coach"
                label={`Conversazione con ${name}`}
                isUnread={(item) => newOnArrival?.has(item.id) ?? false}
                onReply={first!.conversation.readOnly ? undefined : answer}
              />
            )}
            {first!.conversation.readOnly ? (
              <Text color="fg.muted">Il partecipante è stato ritirato dalla coorte: la conversazione è in sola lettura.</Text>
            ) : (
              <ConversationComposer
                label={`Scrivi a ${name}`}
                send={(request) => send.mutateAsync(request)}
                replyTo={replyTo}
                onCancelReply={() => setReplyTo(null)}
                textareaRef={textarea}
                voiceNotesPath={coachVoiceNotesPath(cohortId, userId)}
                voiceNoteLabel={`Nota vocale per ${name}`}
              />
            )}
          </Stack>
        </Stack>
      )}
    </>
  );
}
