import { useState } from 'react';
import { Badge, Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { ConversationSummary } from '@sfida/core/conversations';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/day-time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CohortFilter } from '../../../coach-shared/components/cohort-filter';
import { useActiveCoachCohorts } from '../../../coach-shared/api/cohorts';
import { conversationListQueryOptions } from '../api/conversations';
import { conversationPath } from '../../../coach-shared/paths';

function unreadText(count: number): string {
  return count === 1 ? '1 da leggere' : `${count} da leggere`;
}

/** One thread of the list: who, which cohort, the latest item, and what is unread. */
function ConversationRow({ conversation, showCohort }: { conversation: ConversationSummary; showCohort: boolean }) {
  const unread = conversation.unread > 0;
  const preview = `${conversation.lastPreview.from === 'coach' ? 'Coach: ' : ''}${conversation.lastPreview.text}`;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderLeftWidth="4px"
      borderColor="border"
      borderLeftColor={unread ? 'accent.500' : 'border'}
      bg={unread ? 'accent.subtle' : undefined}
      rounded="lg"
      p="3"
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Link asChild fontWeight={unread ? 'bold' : 'semibold'} color="brand.fg">
          <RouterLink to={conversationPath(conversation.cohortId, conversation.userId)}>{conversation.name || conversation.email}</RouterLink>
        </Link>
        <Flex gap="2" align="center">
          {unread && (
            <Badge colorPalette="accent" variant="solid">
              {unreadText(conversation.unread)}
            </Badge>
          )}
          {conversation.readOnly && <Badge colorPalette="gray">Ritirato</Badge>}
          <Text asChild fontSize="sm" color="fg.muted">
            <time dateTime={conversation.lastActivityAt}>{formatDayTime(conversation.lastActivityAt)}</time>
          </Text>
        </Flex>
      </Flex>
      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {conversation.email}
        {showCohort && ` · ${conversation.cohortName}`}
      </Text>
      <Text mt="1" overflowWrap="anywhere" lineClamp={2}>
        {preview}
      </Text>
    </Box>
  );
}

/** /coach/conversazioni: the threads of the coach's cohorts, unread first, then by last activity; filterable by cohort. */
export function ConversationListPage() {
  useDocumentTitle('Conversazioni');
  const [cohortId, setCohortId] = useState<string | null>(null);
  const cohorts = useActiveCoachCohorts();
  const list = useInfiniteQuery(conversationListQueryOptions(cohortId));
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  const unreadTotal = list.data?.pages[0]?.unreadTotal ?? 0;
  const manyCohorts = (cohorts.data?.length ?? 0) > 1;

  return (
    <>
      <PageHeader title="Conversazioni">I messaggi con i tuoi partecipanti: prima quelli da leggere, poi i più recenti.</PageHeader>
      <Stack gap="5">
        {manyCohorts && (
          <CohortFilter cohorts={(cohorts.data ?? []).map(({ id, name }) => ({ id, name }))} value={cohortId} onChange={setCohortId} label="Coorte" />
        )}
        {list.isPending ? (
          <Text role="status" color="fg.muted">
            Caricamento...
          </Text>
        ) : list.isError ? (
          <FormError message={errorMessage(list.error, 'Impossibile caricare le conversazioni')} />
        ) : (
          <>
            <Text role="status" fontWeight="semibold">
              {unreadTotal === 0 ? 'Nessuna conversazione da leggere.' : unreadTotal === 1 ? '1 conversazione da leggere' : `${unreadTotal} conversazioni da leggere`}
            </Text>
            {conversations.length === 0 ? (
              <Text color="fg.muted">Nessuna conversazione ancora: quando un partecipante ti scrive, o tu scrivi a lui dalla sua pagina, la trovi qui.</Text>
            ) : (
              <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" aria-label="Conversazioni">
                {conversations.map((conversation) => (
                  <ConversationRow key={conversation.userId} conversation={conversation} showCohort={manyCohorts} />
                ))}
              </Stack>
            )}
            {list.hasNextPage && (
              <Box>
                <Button size="sm" variant="outline" loading={list.isFetchingNextPage} loadingText="Caricamento..." onClick={() => void list.fetchNextPage()}>
                  Altre conversazioni
                </Button>
              </Box>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
