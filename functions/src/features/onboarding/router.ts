import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { onboardingRequestSchema } from '@sfida/core/user';
import { parseOr400 } from '../../shared/validate';
import { AUTH_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { currentUser, requireSession } from '../../middleware/session';
import type { SessionStore } from '../../sessions/session-store';
import { completeOnboarding } from './service';

/** POST /api/onboarding: the three answers; answers with the updated user. */
export function onboardingRouter(db: Firestore, sessions: SessionStore): Router {
  const router = Router();
  router.post('/', jsonBody(AUTH_BODY_LIMIT), requireSession(sessions), async (req, res) => {
    const answers = parseOr400(onboardingRequestSchema, req.body);
    res.json(await completeOnboarding(db, currentUser(res).id, answers));
  });
  return router;
}
