import type { Firestore } from 'firebase-admin/firestore';
import type { Access } from '@sfida/core/packages';
import { MAX_RESOURCES_PER_SECTION, RESOURCE_SECTIONS, type ResourceItem, type ResourceSection } from '@sfida/core/resources';
import { cohortRef } from '../../shared/cohort-repository';

/** An item as stored: what the coach wrote, and who added it when. `access` is absent on items stored before it: everyone. */
export interface StoredResource extends Omit<ResourceItem, 'section' | 'access' | 'mayOpen'> {
  access?: Access;
  createdAt: string;
  createdBy: string;
}

/** `cohorts/{cohortId}/resources/items`: both sections in one document, so a page read is one read. */
export type ResourcesDoc = Record<ResourceSection, StoredResource[]>;

export function resourcesRef(db: Firestore, cohortId: string) {
  return cohortRef(db, cohortId).collection('resources').doc('items');
}

/** Where a cohort's uploaded PDF lives in the bucket. */
export function resourceBlobPath(cohortId: string, resourceId: string): string {
  return `resources/${cohortId}/${resourceId}.pdf`;
}

function asDoc(data: Record<string, unknown> | undefined): ResourcesDoc {
  return Object.fromEntries(
    RESOURCE_SECTIONS.map((section) => [section, Array.isArray(data?.[section]) ? (data[section] as StoredResource[]).slice(0, MAX_RESOURCES_PER_SECTION) : []]),
  ) as ResourcesDoc;
}

export async function readResources(db: Firestore, cohortId: string): Promise<ResourcesDoc> {
  const snap = await resourcesRef(db, cohortId).get();
  return asDoc(snap.data());
}

/**
 * Changes the cohort's resources in a transaction: `change` returns the new document, or throws
 * to leave it as it was. Both sections are written whole, so nothing of an old shape lingers.
 */
export async function changeResources<T>(db: Firestore, cohortId: string, change: (doc: ResourcesDoc) => { doc: ResourcesDoc; result: T }): Promise<T> {
  const ref = resourcesRef(db, cohortId);
  return db.runTransaction(async (tx) => {
    const { doc, result } = change(asDoc((await tx.get(ref)).data()));
    tx.set(ref, doc);
    return result;
  });
}
