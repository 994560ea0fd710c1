import { Router } from 'express';
import { onboardingRequestSchema } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { currentUser, requireUser } from '../../middleware/session';
import { completeOnboarding } from './service';

/** POST /api/onboarding: the three answers; answers with the updated user. */
export function onboardingRouter(deps: Pick<ApiDeps, 'db'>): Router {
  const router = Router();
  router.post('/', jsonBody(JSON_BODY_LIMIT), requireUser, async (req, res) => {
    const answers = parseOr400(onboardingRequestSchema, req.body);
    res.json(await completeOnboarding(deps, currentUser(res), answers));
  });
  return router;
}
