import { coachMessages } from '@sfida/core/coach';
import { isDowngrade, packageIn, type Package } from '@sfida/core/packages';
import {
  packageTexts,
  parseBuyersCsv,
  type PackageHistory,
  type PackageImportReport,
  type PackageImportRequest,
  type SetPackagesAnswer,
  type SetPackagesRequest,
} from '@sfida/core/package-changes';
import type { User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import type { CoachedCohort } from '../../shared/cohort-repository';
import { badRequest, conflict, notFound } from '../../shared/http-error';
import { participantOf } from '../../shared/participant-repository';
import { changesOf, grantsOf, participantsByEmail, writeGrants, writePackages, type ChangeMeta } from './repository';

type PackagesDeps = Pick<ApiDeps, 'db' | 'clock'>;

function metaOf(deps: PackagesDeps, caller: User, how: ChangeMeta['how'], why: string | null | undefined): ChangeMeta {
  return { by: caller.id, byName: caller.name, why: why || null, how, now: deps.clock() };
}

/** "Imposta pacchetto": one package for the selected participants of the cohort, all or none. */
export async function setPackages(deps: PackagesDeps, { id: cohortId }: CoachedCohort, caller: User, request: SetPackagesRequest): Promise<SetPackagesAnswer> {
  const ids = [...new Set(request.participantIds)];
  return writePackages(deps.db, cohortId, ids.map((userId) => ({ userId, to: request.package })), metaOf(deps, caller, 'manual', request.reason), true);
}

/** The participant's package in the cohort and its history. */
export async function packageHistory(deps: PackagesDeps, { id: cohortId }: CoachedCohort, userId: string): Promise<PackageHistory> {
  const participant = await participantOf(deps.db, cohortId, userId);
  if (!participant) throw notFound(coachMessages.participantNotFound);
  const changes = await changesOf(deps.db, cohortId, userId);
  return {
    package: packageIn(participant.packages, cohortId),
    changes: changes.map(({ id, doc }) => ({ id, from: doc.from, to: doc.to, byName: doc.byName, at: doc.at, why: doc.why, how: doc.how })),
  };
}

/**
 * The import of a shop's buyers: what the file would change (the dry run), or that change made.
 * Only rows whose package differs are written, so the same file again changes nothing. A real run
 * that would lower anyone's package is refused unless the coach confirmed the downgrades.
 */
export async function importBuyers(deps: PackagesDeps, { id: cohortId }: CoachedCohort, caller: User, request: PackageImportRequest): Promise<PackageImportReport> {
  const parsed = parseBuyersCsv(request.csv);
  if (!parsed) throw badRequest(packageTexts.tooManyRows);
  const emails = parsed.buyers.map((b) => b.email);
  const members = await participantsByEmail(deps.db, cohortId, emails);
  const grants = await grantsOf(deps.db, cohortId, emails.filter((email) => !members.has(email)));
  const report: PackageImportReport = { rows: parsed.rows, matched: [], unchanged: 0, notRegistered: [], downgrades: [], unknownPackages: parsed.unknownPackages, badRows: parsed.badRows, applied: false };
  const toWrite: Array<{ userId: string; to: Package }> = [];
  const toGrant: Array<{ email: string; to: Package }> = [];
  for (const { line, email, package: to } of parsed.buyers) {
    const member = members.get(email);
    const from = member ? member.package : (grants.get(email) ?? null);
    // A pending buyer starts from Base: a grant lowered from none is no downgrade.
    if (from === to || (!member && from === null && to === 'BASE')) {
      report.unchanged += 1;
      continue;
    }
    const downgrade = from !== null && isDowngrade(from, to);
    if (downgrade) report.downgrades.push({ line, email, from, to, registered: Boolean(member) });
    if (member) {
      report.matched.push({ line, email, userId: member.userId, name: member.name, from: member.package, to, downgrade });
      toWrite.push({ userId: member.userId, to });
    } else {
      report.notRegistered.push({ line, email, from, to, downgrade });
      toGrant.push({ email, to });
    }
  }
  if (request.dryRun) return report;
  if (report.downgrades.length > 0 && request.confirmDowngrades !== true) throw conflict(packageTexts.downgradesNotConfirmed);
  const meta = metaOf(deps, caller, 'import', null);
  await writePackages(deps.db, cohortId, toWrite, meta, false);
  await writeGrants(deps.db, cohortId, toGrant, meta);
  return { ...report, applied: true };
}
