import type { RequestHandler, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { coachMessages } from '@sfida/core/coach';
import { cohortSettingsMessages } from '@sfida/core/cohort';
import { packageIn } from '@sfida/core/packages';
import { cohortOfCoach, cohortRef, type CoachedCohort, type CohortDoc, type ReadCohort } from '../shared/cohort-repository';
import { userRef, type UserDoc } from '../shared/user-repository';
import { conflict, forbidden, unauthorized } from '../shared/http-error';
import { optionalUser } from './session';

// "Is this a coach of this cohort?" is answered here for every coach route with a `:cohortId`, and
// "a coach of it or one of its participants?" for the routes both read, so the services receive the
// cohort already checked instead of asking again.

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

/**
 * Only a coach of the route's `:cohortId` or one of its participants passes, and finds it through
 * `readCohort(res)`: 401 signed out; for a coach, requireCoachOf's 403 and 404; a participant of
 * another cohort, or one withdrawn from it, 403 with `notMember` (the account stays, the cohort goes).
 */
export function requireMemberOrCoachOf(db: Firestore, notMember: string): RequestHandler {
  return async (req, res, next) => {
    const user = optionalUser(res);
    if (!user) return next(unauthorized());
    const cohortId = String(req.params.cohortId);
    if (user.role === 'OWNER') {
      res.locals.readCohort = { ...(await cohortOfCoach(db, user, cohortId)), asCoach: true, package: 'BASE' } satisfies ReadCohort;
      return next();
    }
    if (user.cohortId !== cohortId) return next(forbidden(notMember));
    const [member, snap] = await Promise.all([userRef(db, user.id).get(), cohortRef(db, cohortId).get()]);
    if (member.get('withdrawnAt') || !snap.exists) return next(forbidden(notMember));
    const owned = packageIn((member.data() as UserDoc | undefined)?.packages, cohortId);
    res.locals.readCohort = { id: snap.id, cohort: snap.data() as CohortDoc, asCoach: false, package: owned } satisfies ReadCohort;
    next();
  };
}

/** The cohort the caller reads, behind requireMemberOrCoachOf. */
export function readCohort(res: Response): ReadCohort {
  return res.locals.readCohort as ReadCohort;
}
