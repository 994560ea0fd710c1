import { Router } from 'express';
import { profileUpdateSchema, startChallengeRequestSchema, userAnswer, type User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { parseOr400 } from '../../shared/validate';
import { currentUser, requireUser } from '../../middleware/session';
import { startChallenge, updateProfile } from './service';

/** What other features do when the account changes: app.ts wires them, so that no feature imports another. */
export interface AccountHooks {
  /** After a change of time zone, with the updated user. */
  timeZoneChanged(user: User): Promise<void>;
}

/**
 * The participant's own account, under /api/auth (where the web app has always called it):
 * PUT /profile and POST /start-challenge. Bodies are checked in app.ts for all of /auth.
 */
export function accountRouter(deps: Pick<ApiDeps, 'db' | 'auth' | 'clock' | 'config'>, hooks: AccountHooks): Router {
  const router = Router();

  router.put('/profile', requireUser, async (req, res) => {
    const update = parseOr400(profileUpdateSchema, req.body);
    const before = currentUser(res);
    const user = await updateProfile(deps, before.id, update);
    // Reminders keep to the participant's wall clock in their new zone.
    if (user.timeZone !== before.timeZone) await hooks.timeZoneChanged(user);
    res.json(userAnswer(user));
  });

  router.post('/start-challenge', requireUser, async (req, res) => {
    const { challengeStartDate } = parseOr400(startChallengeRequestSchema, req.body);
    const user = await startChallenge(deps, currentUser(res).id, challengeStartDate);
    res.json({ challengeStartDate: user.challengeStartDate, user: userAnswer(user) });
  });

  return router;
}
