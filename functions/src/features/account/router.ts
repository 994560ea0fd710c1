import { Router } from 'express';
import { profileUpdateSchema, startChallengeRequestSchema } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { parseOr400 } from '../../shared/validate';
import { currentUser, requireUser } from '../../middleware/session';
import { followTimeZone } from '../notifications/service';
import { startChallenge, updateProfile } from './service';

/**
 * The participant's own account, under /api/auth (where the web app has always called it):
 * PUT /profile and POST /start-challenge. Bodies are checked in app.ts for all of /auth.
 */
export function accountRouter(deps: Pick<ApiDeps, 'db' | 'auth' | 'clock' | 'config'>): Router {
  const router = Router();

  router.put('/profile', requireUser, async (req, res) => {
    const update = parseOr400(profileUpdateSchema, req.body);
    const before = currentUser(res);
    const user = await updateProfile(deps, before.id, update);
    // Reminders keep to the participant's wall clock in their new zone.
    if (user.timeZone !== before.timeZone) await followTimeZone(deps, user);
    res.json(user);
  });

  router.post('/start-challenge', requireUser, async (req, res) => {
    const { challengeStartDate } = parseOr400(startChallengeRequestSchema, req.body);
    const user = await startChallenge(deps, currentUser(res).id, challengeStartDate);
    res.json({ challengeStartDate: user.challengeStartDate, user });
  });

  return router;
}
