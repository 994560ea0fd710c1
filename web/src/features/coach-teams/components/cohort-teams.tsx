import { useState, type FormEvent } from 'react';
import { Box, Button, chakra, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { CoachCohort } from '@sfida/core/coach';
import { mondayOf, todayIn } from '@sfida/core/dates';
import {
  DEFAULT_TEAM_SIZE,
  MAX_TEAM_NAME,
  MAX_TEAM_SIZE,
  MIN_TEAM_SIZE,
  teamFormingMethodLabels,
  teamFormingMethodSchema,
  type CoachTeam,
  type TeamFormingMethod,
} from '@sfida/core/teams';
import { FormError } from '../../../components/form-error';
import { SelectField, optionsOf } from '../../../components/select-field';
import { TeamLeaderboard } from '../../../components/team-standings';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useCoachTeams } from '../../../coach-shared/api/coach-teams';
import { useFormTeams, useMoveMember, useRenameTeam } from '../api/teams';

/** Up to this many teams show open; more start closed to their name and size, so the ranking below stays in reach. */
const OPEN_TEAMS = 4;

const SIZES = Array.from({ length: MAX_TEAM_SIZE - MIN_TEAM_SIZE + 1 }, (_, i) => MIN_TEAM_SIZE + i);

/**
 * "Squadre": the coach forms the cohort's teams (balanced by last week's points, or at random),
 * renames them, moves people between them, and sees their ranking. Teams can be prepared with the
 * rule off; participants see them only once it is on.
 */
export function CohortTeams({ cohort }: { cohort: CoachCohort }) {
  const teams = useCoachTeams(cohort.id);
  const on = cohort.rules.teamLeaderboard;
  const archived = cohort.archivedAt !== null;
  return (
    <Stack gap="5">
      {!on && (
        <Text fontSize="sm" color="fg.muted">
          La regola «Classifica a squadre» è spenta: puoi preparare le squadre, ma i partecipanti non le vedono.
        </Text>
      )}
      {!archived && <FormTeamsForm cohortId={cohort.id} hasTeams={(teams.data?.teams.length ?? 0) > 0} />}
      {teams.error ? (
        <FormError message={errorMessage(teams.error, 'Impossibile caricare le squadre')} />
      ) : !teams.data ? (
        <Text role="status" color="fg.muted">
          Caricamento...
        </Text>
      ) : teams.data.teams.length === 0 ? (
        <Text color="fg.muted">Nessuna squadra: formale qui sopra.</Text>
      ) : (
        <Stack gap="4">
          {teams.data.teams.map((team, index) => (
            <TeamBox
              key={team.id}
              cohortId={cohort.id}
              team={team}
              index={index}
              teams={teams.data.teams}
              readOnly={archived}
              startOpen={teams.data.teams.length <= OPEN_TEAMS}
            />
          ))}
          {teams.data.unassigned.length > 0 && (
            <Box borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="700" mb="2">
                Senza squadra
              </Text>
              <MemberList cohortId={cohort.id} members={teams.data.unassigned} teams={teams.data.teams} currentTeamId={null} readOnly={archived} />
            </Box>
          )}
        </Stack>
      )}
      {on && <CoachTeamStandings cohortId={cohort.id} />}
    </Stack>
  );
}

function CoachTeamStandings({ cohortId }: { cohortId: string }) {
  const weekStart = mondayOf(todayIn(browserTimeZone(), new Date()));
  return (
    <Stack gap="2">
      <Text fontWeight="700">Classifica delle squadre (questa settimana)</Text>
      <TeamLeaderboard cohortId={cohortId} weekStart={weekStart} />
    </Stack>
  );
}

function FormTeamsForm({ cohortId, hasTeams }: { cohortId: string; hasTeams: boolean }) {
  const form = useFormTeams(cohortId);
  const [method, setMethod] = useState<TeamFormingMethod>('balanced');
  const [size, setSize] = useState(DEFAULT_TEAM_SIZE);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    form.mutate(
      { method, size },
      {
        onSuccess: (teams) => notify({ type: 'success', title: `Squadre formate: ${teams.teams.length}` }),
        onError: (caught) => setError(errorMessage(caught, 'Non è stato possibile formare le squadre')),
      },
    );
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label="Forma le squadre">
        <FormError message={error} />
        <Flex gap="3" wrap="wrap">
          <SelectField
            flex="1"
            minW="12rem"
            label="Come formarle"
            value={method}
            options={optionsOf(teamFormingMethodLabels)}
            onChange={(value) => setMethod(teamFormingMethodSchema.parse(value))}
          />
          <SelectField
            w="10rem"
            label="Persone per squadra"
            value={String(size)}
            options={SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(value) => setSize(Number(value))}
          />
        </Flex>
        {hasTeams && (
          <Text fontSize="sm" color="fg.muted">
            Le squadre attuali verranno sostituite.
          </Text>
        )}
        <Box>
          <Button type="submit" size="sm" loading={form.isPending}>
            {hasTeams ? 'Forma di nuovo le squadre' : 'Forma le squadre'}
          </Button>
        </Box>
      </form>
    </Stack>
  );
}

function TeamBox({
  cohortId,
  team,
  index,
  teams,
  readOnly,
  startOpen,
}: {
  cohortId: string;
  team: CoachTeam;
  index: number;
  teams: CoachTeam[];
  readOnly: boolean;
  startOpen: boolean;
}) {
  const rename = useRenameTeam(cohortId);
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { teamId: team.id, name },
      {
        onSuccess: () => notify({ type: 'success', title: 'Squadra rinominata' }),
        onError: (caught) => setError(errorMessage(caught, 'Non è stato possibile rinominare la squadra')),
      },
    );
  }

  return (
    <Box as="section" aria-label={team.name} borderWidth="1px" borderRadius="md">
      {/* Native details: the name opens and closes it by keyboard too; only the initial state is set. */}
      <chakra.details open={startOpen}>
        <chakra.summary p="3" minH="11" cursor="pointer" fontWeight="700">
          {team.name} · {team.members.length} {team.members.length === 1 ? 'persona' : 'persone'}
        </chakra.summary>
        <Stack gap="3" px="3" pb="3">
          {!readOnly && (
            <Stack asChild gap="2">
              <form onSubmit={submit} noValidate>
                <FormError message={error} />
                <Flex gap="2" align="flex-end" wrap="wrap">
                  <Field.Root flex="1" minW="10rem">
                    <Field.Label>Nome della squadra {index + 1}</Field.Label>
                    <Input value={name} maxLength={MAX_TEAM_NAME} onChange={(e) => setName(e.target.value)} />
                  </Field.Root>
                  <Button type="submit" size="sm" variant="outline" loading={rename.isPending} disabled={name.trim() === team.name}>
                    Rinomina
                  </Button>
                </Flex>
              </form>
            </Stack>
          )}
          <MemberList cohortId={cohortId} members={team.members} teams={teams} currentTeamId={team.id} readOnly={readOnly} />
        </Stack>
      </chakra.details>
    </Box>
  );
}

function MemberList({
  cohortId,
  members,
  teams,
  currentTeamId,
  readOnly,
}: {
  cohortId: string;
  members: CoachTeam['members'];
  teams: CoachTeam[];
  currentTeamId: string | null;
  readOnly: boolean;
}) {
  const move = useMoveMember(cohortId);
  if (members.length === 0) return <Text color="fg.muted">Nessun membro.</Text>;

  function moveTo(userId: string, name: string, teamId: string) {
    const target = teams.find((team) => team.id === teamId);
    move.mutate(
      { teamId, userId },
      {
        onSuccess: () => notify({ type: 'success', title: `${name} ora è in ${target?.name ?? 'un’altra squadra'}` }),
        onError: (caught) => notify({ type: 'error', title: errorMessage(caught, 'Spostamento non riuscito') }),
      },
    );
  }

  // Two people of one name are told apart by their email, in the select's name too.
  const everyone = [...members, ...teams.flatMap((team) => team.members)];
  const shared = (member: CoachTeam['members'][number]) => everyone.some((other) => other.userId !== member.userId && other.name === member.name);

  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
      {members.map((member) => (
        <Flex as="li" key={member.userId} gap="2" align="center" justify="space-between" wrap="wrap">
          <Box minW="0">
            <Text overflowWrap="anywhere">{member.name}</Text>
            {member.email !== member.name && (
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {member.email}
              </Text>
            )}
          </Box>
          {!readOnly && (teams.length > 1 || currentTeamId === null) && (
            <NativeSelect.Root size="sm" w="auto" disabled={move.isPending}>
              <NativeSelect.Field
                aria-label={`Sposta ${member.name}${shared(member) ? ` (${member.email})` : ''} in un’altra squadra`}
                value={currentTeamId ?? ''}
                onChange={(e) => {
                  if (e.target.value !== '' && e.target.value !== currentTeamId) moveTo(member.userId, member.name, e.target.value);
                }}
              >
                {currentTeamId === null && <option value="">Scegli una squadra</option>}
                {teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </Flex>
      ))}
    </Stack>
  );
}
