import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FormError } from '../../../../components/form-error';
import { PageHeader } from '../../../../components/page-header';
import { errorMessage } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { cohortTabPath, conversationPath } from '../../../../coach-shared/paths';
import { useParticipant } from '../../api/participant';
import { ParticipantContent, type ParticipantCheckInsSection } from './participant-content';

/** /coach/:cohortId/partecipanti/:userId: one participant's progress, read-only. */
export function ParticipantPage({ CheckIns }: { CheckIns: ParticipantCheckInsSection }) {
  const { cohortId = '', userId = '' } = useParams();
  const participant = useParticipant(cohortId, userId);
  const name = participant.data?.row.name ?? 'Partecipante';
  useDocumentTitle(name);
  return (
    <>
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to={cohortTabPath(cohortId, 'partecipanti')}>← Torna ai partecipanti</RouterLink>
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
        <ParticipantContent cohortId={cohortId} detail={participant.data} CheckIns={CheckIns} />
      )}
    </>
  );
}
