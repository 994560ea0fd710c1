import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { participantNoteSchema, participantNotesSchema, type AddNoteRequest, type EditNoteRequest } from '@sfida/core/participant-notes';
import { apiFetch, noContent } from '../../../lib/api-client';
import { cohortPath } from '../../../coach-shared/api/cohorts';
import { rosterQueryKey } from '../../../coach-shared/api/people-bulk';

const notesPath = (cohortId: string, userId: string) => `${cohortPath(cohortId)}/participants/${encodeURIComponent(userId)}/notes`;

export function notesQueryOptions(cohortId: string, userId: string) {
  return queryOptions({
    queryKey: ['coach', 'notes', cohortId, userId] as const,
    queryFn: async ({ signal }) => (await apiFetch(notesPath(cohortId, userId), { schema: participantNotesSchema, signal })).notes,
  });
}

/** The coaches' private notes on a participant, newest first. */
export function useParticipantNotes(cohortId: string, userId: string) {
  return useQuery(notesQueryOptions(cohortId, userId));
}

/** After a change: the notes again, and the roster whose rows preview the latest. */
function useNotesChanged(cohortId: string, userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notesQueryOptions(cohortId, userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: rosterQueryKey(cohortId) }),
    ]);
}

/** Adds the caller's note; a retry with the same `requestId` adds nothing new. */
export function useAddNote(cohortId: string, userId: string) {
  const onSuccess = useNotesChanged(cohortId, userId);
  return useMutation({
    mutationFn: (body: AddNoteRequest) => apiFetch(notesPath(cohortId, userId), { method: 'POST', body, schema: participantNoteSchema }),
    onSuccess,
  });
}

/** Changes the text of one of the caller's own notes. */
export function useEditNote(cohortId: string, userId: string) {
  const onSuccess = useNotesChanged(cohortId, userId);
  return useMutation({
    mutationFn: ({ noteId, text }: EditNoteRequest & { noteId: string }) =>
      apiFetch(`${notesPath(cohortId, userId)}/${encodeURIComponent(noteId)}`, { method: 'PATCH', body: { text } satisfies EditNoteRequest, schema: participantNoteSchema }),
    onSuccess,
  });
}

/** Deletes one of the caller's own notes. */
export function useDeleteNote(cohortId: string, userId: string) {
  const onSuccess = useNotesChanged(cohortId, userId);
  return useMutation({
    mutationFn: (noteId: string) => apiFetch(`${notesPath(cohortId, userId)}/${encodeURIComponent(noteId)}`, { method: 'DELETE', schema: noContent }),
    onSuccess,
  });
}
