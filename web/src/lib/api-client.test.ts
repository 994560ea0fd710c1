import { describe, expect, it } from 'vitest';
import { withdrawalSchema } from '@sfida/core/coach';
import { json } from '../testing/test-utils';
import { ApiError, noContent, readApiResponse, UnexpectedAnswerError } from './api-client';

describe('readApiResponse', () => {
  const withdrawal = { userId: 'u-bruno', withdrawnAt: '2026-11-25T10:00:00.000Z' };

  it('gives the answer as its schema reads it', async () => {
    expect(await readApiResponse(json(withdrawal), withdrawalSchema)).toEqual(withdrawal);
  });

  it("refuses an answer of another shape than the call's schema, a 204 where a body was due included", async () => {
    await expect(readApiResponse(json({ userId: 'u-bruno' }), withdrawalSchema)).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(readApiResponse(new Response(null, { status: 204 }), withdrawalSchema)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('noContent takes a 204, and refuses a body', async () => {
    expect(await readApiResponse(new Response(null, { status: 204 }), noContent)).toBeUndefined();
    await expect(readApiResponse(json(withdrawal), noContent)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('a failed call is an ApiError with the server message, whatever the schema', async () => {
    const failure = readApiResponse(json({ message: 'Partecipante non trovato in questa coorte' }, 404), withdrawalSchema);
    await expect(failure).rejects.toEqual(new ApiError(404, 'Partecipante non trovato in questa coorte', 'Partecipante non trovato in questa coorte'));
  });
});
