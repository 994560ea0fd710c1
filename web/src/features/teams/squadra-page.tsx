import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { mondayOf } from '@sfida/core/dates';
import { habitDaysPercent, type Teammate } from '@sfida/core/teams';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { ProgressBar } from '../../components/progress-bar';
import { SectionCard } from '../../components/section-card';
import { TeamLeaderboard } from '../../components/team-standings';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCohortInfo } from '../../lib/cohort-info';
import { notify } from '../../lib/notices';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useToday } from '../../lib/use-today';
import { useMyTeam, useSendHighFive } from './api/team';

/** La mia squadra (/squadra): the caller's teammates this week, "Dai il cinque", and the teams' ranking. */
export default function SquadraPage() {
  useDocumentTitle('La mia squadra');
  const { user } = useAuth();
  const cohortId = user?.cohortId ?? '';
  const cohort = useCohortInfo(cohortId, Boolean(cohortId));
  const on = cohort.data?.rules.teamLeaderboard === true;

  return (
    <>
      <PageHeader title="La mia squadra">Insieme si va più lontano: guarda come va la settimana della tua squadra.</PageHeader>
      {cohort.isPending ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : on ? (
        <TeamScreens cohortId={cohortId} />
      ) : (
        <Text>La classifica a squadre non è attiva nella tua coorte.</Text>
      )}
    </>
  );
}

function TeamScreens({ cohortId }: { cohortId: string }) {
  const team = useMyTeam();
  const weekStart = mondayOf(useToday());
  return (
    <Stack gap="6">
      <SectionCard title={team.data?.team?.name ?? 'La tua squadra'}>
        {team.error ? (
          <FormError message={errorMessage(team.error, 'Impossibile caricare la squadra')} />
        ) : !team.data ? (
          <Text role="status" color="fg.muted">
            Caricamento...
          </Text>
        ) : team.data.team === null ? (
          <Text>Il coach non ha ancora formato le squadre: torna a trovarci presto.</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Membri della squadra">
            {team.data.team.members.map((member) => (
              <TeammateRow key={member.userId} member={member} />
            ))}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Classifica delle squadre">
        <Text fontSize="sm" color="fg.muted" mb="3">
          Media dei punti per membro questa settimana: conta anche chi non ha ancora fatto nulla.
        </Text>
        <TeamLeaderboard cohortId={cohortId} weekStart={weekStart} />
      </SectionCard>
    </Stack>
  );
}

function TeammateRow({ member }: { member: Teammate }) {
  const send = useSendHighFive();
  const percent = habitDaysPercent(member);
  const name = member.isMe ? `${member.displayName} (tu)` : member.displayName;

  function highFive() {
    send.mutate(member.userId, {
      onSuccess: () => notify({ type: 'success', title: `Hai dato il cinque a ${member.displayName}!` }),
      onError: (caught) => notify({ type: 'error', title: errorMessage(caught, 'Non è stato possibile dare il cinque. Riprova.') }),
    });
  }

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="3">
        <Text fontWeight="700" overflowWrap="anywhere">
          {name}
        </Text>
        {member.challengeWeek === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Non ha ancora iniziato la sfida.
          </Text>
        ) : percent === null ? (
          <Text fontSize="sm" color="fg.muted">
            Nessuna abitudine da spuntare questa settimana.
          </Text>
        ) : (
          <ProgressBar value={percent} label={`Abitudini spuntate questa settimana: ${percent}%`} />
        )}
        <Flex gap="2" wrap="wrap">
          <Badge colorPalette={member.plannerDone ? 'green' : 'gray'} variant="subtle">
            {member.plannerDone ? 'Planner fatto' : 'Planner da fare'}
          </Badge>
          <Badge colorPalette={member.checkInDone ? 'green' : 'gray'} variant="subtle">
            {member.checkInDone ? 'Check-in fatto' : 'Check-in da fare'}
          </Badge>
        </Flex>
        {!member.isMe &&
          (member.highFiveSentToday ? (
            <Text fontSize="sm" color="fg.muted">
              Cinque dato oggi ✋
            </Text>
          ) : (
            <Button alignSelf="flex-start" size="sm" onClick={highFive} loading={send.isPending} aria-label={`Dai il cinque a ${member.displayName}`}>
              Dai il cinque ✋
            </Button>
          ))}
      </Stack>
    </Box>
  );
}
