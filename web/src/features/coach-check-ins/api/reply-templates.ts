import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { replyTemplatesSchema, type ReplyTemplate, type ReplyTemplates } from '@sfida/core/check-in-threads';
import { apiFetch } from '../../../lib/api-client';

const TEMPLATES = '/api/coach/reply-templates';

export function replyTemplatesQueryOptions() {
  return queryOptions({
    queryKey: ['coach', 'reply-templates'] as const,
    queryFn: async ({ signal }) => (await apiFetch(TEMPLATES, { schema: replyTemplatesSchema, signal })).templates,
  });
}

/** The coach's reply templates (the defaults until they save their own). */
export function useReplyTemplates() {
  return useQuery(replyTemplatesQueryOptions());
}

/** Saves the whole list; the answer, as stored, replaces the cached one. */
export function useSaveReplyTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templates: ReplyTemplate[]) => {
      const body: ReplyTemplates = { templates };
      return (await apiFetch(TEMPLATES, { method: 'PUT', body, schema: replyTemplatesSchema })).templates;
    },
    onSuccess: (templates) => queryClient.setQueryData(replyTemplatesQueryOptions().queryKey, templates),
  });
}
