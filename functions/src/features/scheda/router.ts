import { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import type { ApiDeps } from '../../deps';
import { currentUser, requireUser } from '../../middleware/session';
import { openScheda, schedaFileName } from './service';

/** GET /api/scheda/:scheda streams the training sheet PDF. */
export function schedaRouter(deps: Pick<ApiDeps, 'blobStore'>): Router {
  const router = Router();
  router.get('/:scheda', requireUser, async (req, res) => {
    const { scheda, stream } = await openScheda(deps, currentUser(res), String(req.params.scheda ?? ''));
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${schedaFileName(scheda)}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    await pipeline(stream, res);
  });
  return router;
}
