import { Router } from 'express';
import type { ApiDeps } from '../../deps';
import { currentUser, requireUser } from '../../middleware/session';
import { certificateOf } from './service';

/** The participant's certificate of completion (mounted at /api/me). */
export function certificateRouter(deps: Pick<ApiDeps, 'db' | 'clock'>): Router {
  const router = Router();
  router.get('/certificate.pdf', requireUser, async (_req, res) => {
    const pdf = await certificateOf(deps, currentUser(res));
    res
      .type('application/pdf')
      .set('Content-Disposition', 'attachment; filename="certificato-sfida-8-settimane.pdf"')
      .send(Buffer.from(pdf));
  });
  return router;
}
