import type { Router } from 'express';
import { newSeasonRequestSchema } from '@sfida/core/seasons';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { acceptInvitation, declineInvitation, inviteToNewSeason, ownInvitation } from './service';

type SeasonRouterDeps = Pick<ApiDeps, 'db' | 'clock'>;

/** POST /api/coach/cohorts/:cohortId/new-season: a coach of the cohort, and of the target, invites those who finished. */
export function coachSeasonsRouter(deps: SeasonRouterDeps): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);
  router.post('/cohorts/:cohortId/new-season', jsonBody(JSON_BODY_LIMIT), coachOf, async (req, res) => {
    const { targetCohortId } = parseOr400(newSeasonRequestSchema, req.body);
    res.json(await inviteToNewSeason(deps, currentUser(res), coachedCohort(res), targetCohortId));
  });
  return router;
}

/** The participant's own invitation (mounted at /api/me): read it, accept it, decline it. Only their own: its id is theirs. */
export function ownSeasonRouter(deps: SeasonRouterDeps): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);
  router.get('/season-invitation', requireUser, async (_req, res) => {
    res.json(await ownInvitation(deps, currentUser(res)));
  });
  router.post('/season-invitation/:cohortId/accept', body, requireUser, async (req, res) => {
    res.json(await acceptInvitation(deps, currentUser(res), String(req.params.cohortId)));
  });
  router.post('/season-invitation/:cohortId/decline', body, requireUser, async (req, res) => {
    // Answered with what the dashboard shows next: another open invitation, or none.
    await declineInvitation(deps, currentUser(res), String(req.params.cohortId));
    res.json(await ownInvitation(deps, currentUser(res)));
  });
  return router;
}
