import { schedaSchema, type Scheda, type User } from '@sfida/core/user';
import type { Readable } from 'node:stream';
import type { ApiDeps } from '../../deps';
import { forbidden, notFound } from '../../shared/http-error';

const schedaMessages = {
  unknown: 'Scheda non trovata',
  notYours: 'Puoi scaricare solo la scheda che ti è stata assegnata',
  unavailable: 'La scheda non è ancora disponibile. Riprova più tardi.',
} as const;

/** Where a sheet lives in the bucket. */
export function schedaPath(scheda: Scheda): string {
  return `schede/${scheda}.pdf`;
}

/** The readable download name, e.g. scheda-principiante-casa.pdf. */
export function schedaFileName(scheda: Scheda): string {
  return `scheda-${scheda.toLowerCase().replace(/_/g, '-')}.pdf`;
}

/** The sheet's PDF stream, after checking the caller may have it (own sheet, or OWNER). */
export async function openScheda(deps: Pick<ApiDeps, 'blobStore'>, user: User, name: string): Promise<{ scheda: Scheda; stream: Readable }> {
  const parsed = schedaSchema.safeParse(name);
  if (!parsed.success) throw notFound(schedaMessages.unknown);
  const scheda = parsed.data;
  if (user.role !== 'OWNER' && user.schedaAssegnata !== scheda) throw forbidden(schedaMessages.notYours);
  const stream = await deps.blobStore.read(schedaPath(scheda));
  if (!stream) throw notFound(schedaMessages.unavailable);
  return { scheda, stream };
}
