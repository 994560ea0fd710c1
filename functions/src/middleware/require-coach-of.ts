import type { RequestHandler, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { coachMessages } from '@sfida/core/coach';
import { cohortSettingsMessages } from '@sfida/core/cohort';
import { cohortOfCoach, type CoachedCohort } from '../shared/cohort-repository';
import { conflict, forbidden, unauthorized } from '../shared/http-error';
import { optionalUser } from './session';

// "Is this a coach of this cohort?" is answered here for every coach route with a `:cohortId`,
// so the services receive the cohort already checked instead of asking again.

/** Only coaches (OWNER accounts) pass: for coach routes that name no cohort in their path. */
export const requireCoach: RequestHandler = (_req, res, next) => {
  const user = optionalUser(res);
  if (!user) return next(unauthorized());
  next(user.role === 'OWNER' ? undefined : forbidden(coachMessages.coachesOnly));
};

const READS = new Set(['GET', 'HEAD']);

/**
 * Only a coach of the route's `:cohortId` passes, and finds it through `coachedCohort(res)`:
 * 401 signed out, 403 a participant or a coach of other cohorts, 404 an id no cohort has.
 * An archived cohort is read-only: a change is refused with 409, unless the route says it judges
 * archived cohorts itself (`allowArchived`: the PATCH that brings one back).
 */
export function requireCoachOf(db: Firestore, options: { allowArchived?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const user = optionalUser(res);
    if (!user) return next(unauthorized());
    const coached = await cohortOfCoach(db, user, String(req.params.cohortId));
    if (coached.cohort.archivedAt && !READS.has(req.method) && !options.allowArchived) return next(conflict(cohortSettingsMessages.archived));
    res.locals.coachedCohort = coached;
    next();
  };
}

/** The cohort the caller coaches, behind requireCoachOf. */
export function coachedCohort(res: Response): CoachedCohort {
  return res.locals.coachedCohort as CoachedCohort;
}
