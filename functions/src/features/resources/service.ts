import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MAX_RESOURCES_PER_SECTION,
  RESOURCE_SECTIONS,
  looksLikePdf,
  reordered,
  resourceFileName,
  resourceMessages,
  type CohortResources,
  type ResourceFileInput,
  type ResourceItem,
  type ResourceLinkInput,
  type ResourceOrder,
  type ResourceSection,
  type ResourceUpdate,
} from '@sfida/core/resources';
import { packageAllows } from '@sfida/core/packages';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import type { CoachedCohort, ReadCohort } from '../../shared/cohort-repository';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../shared/http-error';
import { changeResources, readResources, resourceBlobPath, type ResourcesDoc, type StoredResource } from './repository';

type ResourcesDeps = Pick<Deps, 'db' | 'blobStore' | 'clock'>;

/** The 413 of an upload over 20 MB. */
export const resourceTooLarge = () => new HttpError(413, resourceMessages.tooLarge);

/** Who reads the resources: a coach of the cohort (everything), or a participant with their package. */
type Reader = Pick<ReadCohort, 'asCoach' | 'package'>;
const COACH: Reader = { asCoach: true, package: 'BASE' };

function mayOpen(reader: Reader, item: StoredResource): boolean {
  return reader.asCoach || packageAllows(reader.package, item.access ?? 'BASE');
}

/** An item as `reader` gets it: a reserved link's address only for those who may open it. */
function asItem(section: ResourceSection, stored: StoredResource, reader: Reader): ResourceItem {
  const { createdAt: _createdAt, createdBy: _createdBy, url, ...item } = stored;
  const opens = mayOpen(reader, stored);
  return { ...item, ...(url !== undefined && opens ? { url } : {}), access: item.access ?? 'BASE', mayOpen: opens, section };
}

function asAnswer(doc: ResourcesDoc, reader: Reader): CohortResources {
  return { guide: doc.guide.map((item) => asItem('guide', item, reader)), strumenti: doc.strumenti.map((item) => asItem('strumenti', item, reader)) };
}

/** The cohort's resources, for its participants and coaches (requireMemberOrCoachOf). */
export async function resourcesFor(deps: ResourcesDeps, read: ReadCohort): Promise<CohortResources> {
  return asAnswer(await readResources(deps.db, read.id), read);
}

function newResource(
  deps: ResourcesDeps,
  coach: User,
  input: Pick<ResourceLinkInput, 'title' | 'description' | 'access'>,
): Pick<StoredResource, 'id' | 'title' | 'description' | 'access' | 'createdAt' | 'createdBy'> {
  const resource = { id: randomBytes(12).toString('hex'), title: input.title, access: input.access ?? 'BASE', createdAt: deps.clock().toISOString(), createdBy: coach.id };
  return input.description ? { ...resource, description: input.description } : resource;
}

/** Appends `item` to its section, refusing a full one. */
function appended(cohortId: string, deps: ResourcesDeps, section: ResourceSection, item: StoredResource) {
  return changeResources(deps.db, cohortId, (doc) => {
    if (doc[section].length >= MAX_RESOURCES_PER_SECTION) throw conflict(resourceMessages.sectionFull);
    return { doc: { ...doc, [section]: [...doc[section], item] }, result: asItem(section, item, COACH) };
  });
}

/** A coach of the cohort adds an https link at the end of its section. */
export async function addResourceLink(deps: ResourcesDeps, coach: User, { id: cohortId }: CoachedCohort, input: ResourceLinkInput): Promise<ResourceItem> {
  return appended(cohortId, deps, input.section, { ...newResource(deps, coach, input), kind: 'link', url: input.url });
}

/**
 * A coach of the cohort uploads a PDF (checked by its bytes) at the end of its section. The file is
 * written first and removed again if the list refuses it, so no item ever names a missing file.
 */
export async function addResourceFile(deps: ResourcesDeps, coach: User, { id: cohortId }: CoachedCohort, input: ResourceFileInput, bytes: Uint8Array): Promise<ResourceItem> {
  if (bytes.length === 0) throw badRequest(resourceMessages.empty);
  if (!looksLikePdf(bytes)) throw badRequest(resourceMessages.notPdf);
  // Asked before the upload too, so a full section costs no write to the bucket.
  if ((await readResources(deps.db, cohortId))[input.section].length >= MAX_RESOURCES_PER_SECTION) throw conflict(resourceMessages.sectionFull);
  const item: StoredResource = { ...newResource(deps, coach, input), kind: 'file', bytes: bytes.length };
  const path = resourceBlobPath(cohortId, item.id);
  await deps.blobStore.write(path, bytes, 'application/pdf');
  try {
    return await appended(cohortId, deps, input.section, item);
  } catch (error) {
    await deps.blobStore.delete(path);
    throw error;
  }
}

/** A section's items in the order the coach chose; the ids must be exactly the section's. */
export async function reorderResources(deps: ResourcesDeps, { id: cohortId }: CoachedCohort, { section, ids }: ResourceOrder): Promise<CohortResources> {
  return changeResources(deps.db, cohortId, (doc) => {
    const items = reordered(doc[section], ids);
    if (!items) throw badRequest(resourceMessages.badOrder);
    const next = { ...doc, [section]: items };
    return { doc: next, result: asAnswer(next, COACH) };
  });
}

/** A coach changes an item's title, description or who may open it, in place. */
export async function updateResource(deps: ResourcesDeps, { id: cohortId }: CoachedCohort, resourceId: string, change: ResourceUpdate): Promise<ResourceItem> {
  return changeResources(deps.db, cohortId, (doc) => {
    const section = RESOURCE_SECTIONS.find((name) => doc[name].some((item) => item.id === resourceId));
    if (!section) throw notFound(resourceMessages.notFound);
    const { description: before, ...rest } = doc[section].find((entry) => entry.id === resourceId)!;
    const description = change.description === undefined ? before : change.description || undefined;
    const item: StoredResource = {
      ...rest,
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(description ? { description } : {}),
      ...(change.access !== undefined ? { access: change.access } : {}),
    };
    return { doc: { ...doc, [section]: doc[section].map((entry) => (entry.id === resourceId ? item : entry)) }, result: asItem(section, item, COACH) };
  });
}

/** Removes an item, and its file from the bucket. */
export async function removeResource(deps: ResourcesDeps, { id: cohortId }: CoachedCohort, resourceId: string): Promise<void> {
  const removed = await changeResources(deps.db, cohortId, (doc) => {
    const section = RESOURCE_SECTIONS.find((name) => doc[name].some((item) => item.id === resourceId));
    if (!section) throw notFound(resourceMessages.notFound);
    const item = doc[section].find((entry) => entry.id === resourceId)!;
    return { doc: { ...doc, [section]: doc[section].filter((entry) => entry.id !== resourceId) }, result: item };
  });
  if (removed.kind === 'file') await deps.blobStore.delete(resourceBlobPath(cohortId, resourceId));
}

/** An uploaded PDF, for the cohort's coaches and those of its participants who may open it: its bytes, size and a safe file name. */
export async function openResourceFile(deps: ResourcesDeps, read: ReadCohort, resourceId: string): Promise<{ stream: Readable; bytes: number; fileName: string }> {
  const cohortId = read.id;
  const doc = await readResources(deps.db, cohortId);
  const item = RESOURCE_SECTIONS.flatMap((section) => doc[section]).find((entry) => entry.id === resourceId && entry.kind === 'file');
  if (!item) throw notFound(resourceMessages.notFound);
  if (!mayOpen(read, item)) throw forbidden(resourceMessages.reserved);
  const stream = await deps.blobStore.read(resourceBlobPath(cohortId, resourceId));
  if (!stream) throw notFound(resourceMessages.notFound);
  return { stream, bytes: item.bytes ?? 0, fileName: resourceFileName(item.title) };
}
