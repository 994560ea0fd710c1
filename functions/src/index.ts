import type { Request, Response } from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import { defineSecret, defineString } from 'firebase-functions/params';

// Params are declared here so the Firebase CLI asks for them at deploy time;
// the running function reads them from the environment (see config.ts).
const inviteCode = defineSecret('INVITE_CODE');
defineString('INVITE_COHORT_ID', { default: 'coorte-2025', description: 'Coorte assegnata a chi si registra con il codice invito' });
defineString('APP_ORIGINS', { default: '', description: 'Origini ammesse, separate da virgola (vuoto: <progetto>.web.app e .firebaseapp.com)' });
defineString('WEB_API_KEY', { default: '', description: 'Chiave Web API del progetto (Identity Toolkit)' });
defineString('STORAGE_BUCKET', { default: '', description: 'Bucket delle schede (vuoto: <progetto>.firebasestorage.app)' });

type Handler = (req: Request, res: Response) => void;
let handler: Promise<Handler> | undefined;

/** Builds the app on the first request, so a cold start loads only this file and firebase-functions. */
async function loadHandler(): Promise<Handler> {
  const [{ loadConfig }, { createDeps }, { createApp }] = await Promise.all([import('./config'), import('./deps'), import('./app')]);
  const app = createApp(await createDeps(loadConfig()));
  return (req, res) => app(req, res);
}

export const api = onRequest(
  { region: 'europe-west1', secrets: [inviteCode], memory: '512MiB', timeoutSeconds: 60, concurrency: 80, cors: false },
  async (req, res) => {
    handler ??= loadHandler().catch((error: unknown) => {
      handler = undefined; // retry on the next request
      throw error;
    });
    let app: Handler;
    try {
      app = await handler;
    } catch (error) {
      console.error('API initialisation failed:', error);
      res.status(500).set('Cache-Control', 'private, no-store').json({ message: 'Servizio non disponibile. Riprova più tardi.' });
      return;
    }
    app(req as unknown as Request, res as unknown as Response);
  },
);
