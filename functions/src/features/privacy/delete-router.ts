import { Router } from 'express';
import { deleteAccountRequestSchema } from '@sfida/core/account-deletion';
import type { ApiDeps } from '../../deps';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { clientAddresses } from '../../shared/client-address';
import { parseOr400 } from '../../shared/validate';
import { currentUser, requireUser } from '../../middleware/session';
import { clearSessionCookie } from '../../sessions/session-cookie';
import { deleteOwnAccount } from './delete-service';

/** /api/me/delete: "Elimina il mio account". */
export function deleteAccountRouter(deps: ApiDeps): Router {
  const router = Router();
  router.post('/delete', requireUser, jsonBody(JSON_BODY_LIMIT), async (req, res) => {
    const input = parseOr400(deleteAccountRequestSchema, req.body);
    await deleteOwnAccount(deps, currentUser(res), input, clientAddresses(req, deps.config.proxyHops));
    clearSessionCookie(res);
    // The browser's HTTP cache may still hold the account's answers; script can't empty it.
    res.set('Clear-Site-Data', '"cache"');
    res.status(204).end();
  });
  return router;
}
