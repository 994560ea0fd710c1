import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cohortResourcesSchema,
  resourceItemSchema,
  type ResourceFileInput,
  type ResourceLinkInput,
  type ResourceOrder,
  type ResourceUpdate,
} from '@sfida/core/resources';
import { apiFetch, noContent, readApiResponse } from '../../../lib/api-client';
import { cohortResourcesQueryKey } from '../../../lib/resources';
import { cohortPath } from '../../../coach-shared/api/cohorts';

/** Every change to a cohort's resources reads the list (lib/resources.ts) again after. */
function useResourcesMutation<A, R>(cohortId: string, mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: cohortResourcesQueryKey(cohortId) }) });
}

/** Uploads a PDF: the file is the body as the browser read it, its title and description in the query. */
export function useUploadResource(cohortId: string) {
  return useResourcesMutation(cohortId, async ({ input, file }: { input: ResourceFileInput; file: Blob }) => {
    const query = new URLSearchParams({ section: input.section, title: input.title, ...(input.description ? { description: input.description } : {}), ...(input.access ? { access: input.access } : {}) });
    const response = await fetch(`${cohortPath(cohortId)}/resources/files?${query.toString()}`, {
      method: 'POST',
      // The type is the browser's guess from the name; the server reads the bytes.
      headers: { Accept: 'application/json', 'Content-Type': 'application/pdf' },
      body: file,
      credentials: 'include',
    });
    return readApiResponse(response, resourceItemSchema);
  });
}

export function useAddResourceLink(cohortId: string) {
  return useResourcesMutation(cohortId, (input: ResourceLinkInput) =>
    apiFetch(`${cohortPath(cohortId)}/resources/links`, { method: 'POST', body: input, schema: resourceItemSchema }),
  );
}

export function useReorderResources(cohortId: string) {
  return useResourcesMutation(cohortId, (order: ResourceOrder) =>
    apiFetch(`${cohortPath(cohortId)}/resources/order`, { method: 'PUT', body: order, schema: cohortResourcesSchema }),
  );
}

export function useRemoveResource(cohortId: string) {
  return useResourcesMutation(cohortId, (resourceId: string) =>
    apiFetch(`${cohortPath(cohortId)}/resources/${encodeURIComponent(resourceId)}`, { method: 'DELETE', schema: noContent }),
  );
}

/** Changes an item's title, description or who may open it. */
export function useUpdateResource(cohortId: string) {
  return useResourcesMutation(cohortId, ({ id, change }: { id: string; change: ResourceUpdate }) =>
    apiFetch(`${cohortPath(cohortId)}/resources/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, schema: resourceItemSchema }),
  );
}
