import { useNavigate } from 'react-router-dom';
import type { ParticipantDetail } from '@sfida/core/coach';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notices';
import { ConfirmInline } from '../../../../coach-shared/components/confirm-inline';
import { cohortTabPath } from '../../../../coach-shared/paths';
import { useWithdrawParticipant } from '../../api/roster';

/** "Ritira dalla coorte", confirmed inline; back to the cohort once done. */
export function Withdraw({ cohortId, detail }: { cohortId: string; detail: ParticipantDetail }) {
  const withdraw = useWithdrawParticipant(cohortId);
  const navigate = useNavigate();
  if (detail.row.withdrawn) return null;
  async function confirm() {
    try {
      await withdraw.mutateAsync(detail.row.userId);
      notify({ type: 'success', title: 'Partecipante ritirato', description: `${detail.row.name} non è più nella coorte.` });
      navigate(cohortTabPath(cohortId, 'partecipanti'));
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
