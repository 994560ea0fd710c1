import type { RequestHandler, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { coachMessages } from '@sfida/core/coach';
import { cohortOfCoach, type CoachedCohort } from '../shared/cohort-repository';
import { forbidden, unauthorized } from '../shared/http-error';
import { optionalUser } from './session';

// "Is this a coach of this cohort?" is answered here for every coach route with a `:cohortId`,
// so the services receive the cohort already checked instead of asking again.

/** Only coaches (OWNER accounts) pass: for coach routes that name no cohort in their path. */
export const requireCoach: RequestHandler = (_req, res, next) => {
  const user = optionalUser(res);
  if (!user) return next(unauthorized());
  next(user.role === 'OWNER' ? undefined : forbidden(coachMessages.coachesOnly));
};

/**
 * Only a coach of the route's `:cohortId` passes, and finds it through `coachedCohort(res)`:
 * 401 signed out, 403 a participant or a coach of other cohorts, 404 an id no cohort has.
 */
export function requireCoachOf(db: Firestore): RequestHandler {
  return async (req, res, next) => {
    const user = optionalUser(res);
    if (!user) return next(unauthorized());
    res.locals.coachedCohort = await cohortOfCoach(db, user, String(req.params.cohortId));
    next();
  };
}

/** The cohort the caller coaches, behind requireCoachOf. */
export function coachedCohort(res: Response): CoachedCohort {
  return res.locals.coachedCohort as CoachedCohort;
}
