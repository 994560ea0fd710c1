import { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../shared/blob-store';
import { currentUser, requireSession } from '../../middleware/session';
import type { SessionStore } from '../../sessions/session-store';
import { openScheda, schedaFileName } from './service';

/** GET /api/scheda/:scheda streams the training sheet PDF. */
export function schedaRouter(blobStore: BlobStore, sessions: SessionStore): Router {
  const router = Router();
  router.get('/:scheda', requireSession(sessions), async (req, res) => {
    const { scheda, stream } = await openScheda(blobStore, currentUser(res), String(req.params.scheda ?? ""));
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${schedaFileName(scheda)}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    await pipeline(stream, res);
  });
  return router;
}
