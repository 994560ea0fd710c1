import type { BulkAnswer } from '@sfida/core/bulk';
import { countOf } from '@sfida/core/plural';
import { notify } from '../lib/notices';

/** The notice of a bulk action: how many were done, and who was not, by name, with the server's reason. */
export function reportBulk(answer: BulkAnswer, names: ReadonlyMap<string, string>, done: string): void {
  const failed = answer.results.filter((r) => !r.ok);
  notify({
    type: failed.length === 0 ? 'success' : 'warning',
    title: failed.length === 0 ? done : `${done}; ${countOf(failed.length, 'non riuscita', 'non riuscite')}`,
    ...(failed.length > 0 ? { description: failed.map((r) => `${names.get(r.userId) ?? r.userId}: ${r.message ?? 'non riuscito'}`).join(' · ') } : {}),
  });
}
