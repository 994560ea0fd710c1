import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { InvalidError, NotAllowedError, NotFoundError } from '../shared/domain-error';
import { conflict } from '../shared/http-error';
import { errorHandler } from './error-handler';

// The real handler behind a real Express app: each route throws one error, as a repository or a
// service would, and the answer is what the caller reads.
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get('/not-found', () => {
    throw new NotFoundError('Partecipante non trovato');
  });
  app.get('/not-allowed', async () => {
    throw new NotAllowedError('Solo l’autore può modificare questa nota');
  });
  app.get('/invalid', () => {
    throw new InvalidError('Al massimo 10 etichette per partecipante');
  });
  app.get('/http', () => {
    throw conflict('Già inviato');
  });
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test.each([
  ['/not-found', 404, 'Partecipante non trovato'],
  ['/not-allowed', 403, 'Solo l’autore può modificare questa nota'],
  ['/invalid', 400, 'Al massimo 10 etichette per partecipante'],
  ['/http', 409, 'Già inviato'],
])('%s answers %i with its message as JSON, never cached', async (path, status, message) => {
  const reply = await fetch(`${base}${path}`);
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toContain('application/json');
  expect(reply.headers.get('cache-control')).toBe('private, no-store');
  expect(await reply.text()).toBe(JSON.stringify({ message }));
});
