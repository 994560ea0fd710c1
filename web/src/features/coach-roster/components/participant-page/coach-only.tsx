import type { ParticipantDetail } from '@sfida/core/coach';
import { SectionCard } from '../../../../components/section-card';
import { ParticipantNotes } from '../participant-notes';
import { TagEditor } from '../tag-editor';

/** What only the cohort's coaches keep on the participant: tags and notes, never shown to them. */
export function CoachOnly({ cohortId, row }: { cohortId: string; row: ParticipantDetail['row'] }) {
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
