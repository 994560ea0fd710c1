import type { Router } from 'express';
import { formTeamsRequestSchema, highFiveRequestSchema, moveMemberRequestSchema, renameTeamRequestSchema } from '@sfida/core/teams';
import { weekStartQuerySchema } from '@sfida/core/query-params';
import type { ApiDeps } from '../../deps';
import { idCheckingRouter } from '../../shared/document-id';
import { parseOr400 } from '../../shared/validate';
import { weekOrThisWeek } from '../../shared/week-start';
import { JSON_BODY_LIMIT, jsonBody } from '../../middleware/json-body';
import { coachedCohort, requireCoachOf } from '../../middleware/require-coach-of';
import { currentUser, requireUser } from '../../middleware/session';
import { coachTeams, formCohortTeams, moveMember, myTeam, receivedHighFives, renameTeam, sendHighFive, teamLeaderboard } from './service';

type TeamRouterDeps = Pick<ApiDeps, 'db' | 'clock' | 'config' | 'pushAgent'>;

/** The participant's team and "Dai il cinque" (mounted at /api/me). */
export function ownTeamRouter(deps: TeamRouterDeps): Router {
  const router = idCheckingRouter();
  const body = jsonBody(JSON_BODY_LIMIT);

  router.get('/team', requireUser, async (_req, res) => {
    res.json(await myTeam(deps, currentUser(res)));
  });

  router.post('/team/high-fives', body, requireUser, async (req, res) => {
    const { toUserId } = parseOr400(highFiveRequestSchema, req.body);
    res.status(201).json(await sendHighFive(deps, currentUser(res), toUserId));
  });

  router.get('/high-fives', requireUser, async (_req, res) => {
    res.json(await receivedHighFives(deps, currentUser(res)));
  });

  return router;
}

/** GET /api/cohorts/:cohortId/team-leaderboard?weekStart=: for the cohort's participants and coaches. */
export function teamLeaderboardRouter(deps: TeamRouterDeps): Router {
  const router = idCheckingRouter();
  router.get('/:cohortId/team-leaderboard', requireUser, async (req, res) => {
    const user = currentUser(res);
    const weekStart = weekOrThisWeek(parseOr400(weekStartQuerySchema, req.query).weekStart, user.timeZone, deps.clock());
    res.json(await teamLeaderboard(deps, user, String(req.params.cohortId), weekStart));
  });
  return router;
}

/** The coach forms, renames and rearranges a cohort's teams (mounted at /api/coach). */
export function coachTeamsRouter(deps: TeamRouterDeps): Router {
  const router = idCheckingRouter();
  const coachOf = requireCoachOf(deps.db);
  const body = jsonBody(JSON_BODY_LIMIT);

  router.get('/cohorts/:cohortId/teams', coachOf, async (_req, res) => {
    res.json(await coachTeams(deps, coachedCohort(res)));
  });

  router.post('/cohorts/:cohortId/teams', body, coachOf, async (req, res) => {
    const request = parseOr400(formTeamsRequestSchema, req.body);
    res.status(201).json(await formCohortTeams(deps, coachedCohort(res), request));
  });

  router.patch('/cohorts/:cohortId/teams/:teamId', body, coachOf, async (req, res) => {
    const { name } = parseOr400(renameTeamRequestSchema, req.body);
    res.json(await renameTeam(deps, coachedCohort(res), String(req.params.teamId), name));
  });

  router.post('/cohorts/:cohortId/teams/:teamId/members', body, coachOf, async (req, res) => {
    const { userId } = parseOr400(moveMemberRequestSchema, req.body);
    res.json(await moveMember(deps, coachedCohort(res), String(req.params.teamId), userId));
  });

  return router;
}
