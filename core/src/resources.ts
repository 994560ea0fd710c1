import * as z from 'zod/mini';
import { PACKAGES, accessSchema } from './packages';
import { visibleText } from './visible-text';

// The resources page: besides the ricettario every cohort has, the coaches of a cohort fill two
// sections ("Guide Pratiche", "Strumenti") with PDFs they upload and https links. A section still
// empty says "In arrivo".

export const RESOURCE_SECTIONS = ['guide', 'strumenti'] as const;
export const resourceSectionSchema = z.enum(RESOURCE_SECTIONS, { error: 'Scegli la sezione: Guide Pratiche o Strumenti' });
export type ResourceSection = z.infer<typeof resourceSectionSchema>;

export const RESOURCE_SECTION_TITLES: Record<ResourceSection, string> = { guide: 'Guide Pratiche', strumenti: 'Strumenti' };

/** Most items a section holds: a page of them stays readable, and the whole list is one document. */
export const MAX_RESOURCES_PER_SECTION = 20;
/** Largest PDF a coach uploads. */
export const MAX_RESOURCE_FILE_BYTES = 20 * 1024 * 1024;
export const RESOURCE_TITLE_MAX = 100;
export const RESOURCE_DESCRIPTION_MAX = 160;

export const resourceMessages = {
  titleRequired: 'Inserisci il titolo della risorsa',
  titleTooLong: `Il titolo può avere al massimo ${RESOURCE_TITLE_MAX} caratteri`,
  descriptionTooLong: `La descrizione può avere al massimo ${RESOURCE_DESCRIPTION_MAX} caratteri, su una riga`,
  invalidLink: 'Il link deve essere un indirizzo completo che inizia con https://',
  tooLarge: 'Il file è troppo grande: il massimo è 20 MB.',
  notPdf: 'Il file non è un PDF: carica un documento PDF.',
  empty: 'Il file è vuoto: scegli un documento PDF.',
  sectionFull: `Questa sezione ha già ${MAX_RESOURCES_PER_SECTION} risorse: rimuovine una prima di aggiungerne altre.`,
  notFound: 'Risorsa non trovata',
  notYourCohort: 'Puoi vedere solo le risorse della tua coorte',
  badOrder: 'L’ordine deve elencare ogni risorsa della sezione una sola volta',
  invalidAccess: 'Scegli chi può aprire la risorsa',
  reserved: 'Questa risorsa è riservata a un altro pacchetto',
} as const;

/** Who may open a resource (core's packages.ts); absent: everyone. */
const access = z.optional(z.enum(PACKAGES, { error: resourceMessages.invalidAccess }));

const title = z
  .string({ error: resourceMessages.titleRequired })
  .check(z.trim(), z.minLength(1, resourceMessages.titleRequired), z.maxLength(RESOURCE_TITLE_MAX, resourceMessages.titleTooLong), ...visibleText());
const description = z.optional(
  z.string().check(z.trim(), z.maxLength(RESOURCE_DESCRIPTION_MAX, resourceMessages.descriptionTooLong), ...visibleText({ allowBlank: true })),
);

/** True for an absolute https URL with a host (no `http:`, `javascript:`, relative paths). */
export function isHttpsUrl(value: string): boolean {
  // A host of letters, digits, dots and dashes (no credentials), an optional port, then a path.
  return /^https:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(value);
}

/** What a coach writes for a file (sent as the upload's query: the body is the PDF itself). */
export const resourceFileInputSchema = z.object({ section: resourceSectionSchema, title, description, access });
export type ResourceFileInput = z.infer<typeof resourceFileInputSchema>;

/** What a coach writes for a link. */
export const resourceLinkInputSchema = z.object({
  section: resourceSectionSchema,
  title,
  description,
  access,
  url: z
    .string({ error: resourceMessages.invalidLink })
    .check(z.trim(), z.maxLength(1000, resourceMessages.invalidLink), z.refine(isHttpsUrl, { error: resourceMessages.invalidLink })),
});
export type ResourceLinkInput = z.infer<typeof resourceLinkInputSchema>;

/**
 * A resource as the API answers it; a file is fetched from its own address (`resourceFilePath`).
 * A reader whose package may not open it gets no link's address (`mayOpen` false), and no file.
 */
export const resourceItemSchema = z.object({
  id: z.string(),
  section: resourceSectionSchema,
  title: z.string(),
  description: z.optional(z.string()),
  kind: z.enum(['file', 'link']),
  /** A link's address. */
  url: z.optional(z.string()),
  /** A file's size in bytes. */
  bytes: z.optional(z.int()),
  access: accessSchema,
  /** Whether the reader's package may open it (always, for the cohort's coaches). */
  mayOpen: z.boolean(),
});
export type ResourceItem = z.infer<typeof resourceItemSchema>;

/** `GET /api/cohorts/{cohortId}/resources`: each section's items, in the coaches' order. */
export const cohortResourcesSchema = z.object({ guide: z.array(resourceItemSchema), strumenti: z.array(resourceItemSchema) });
export type CohortResources = z.infer<typeof cohortResourcesSchema>;

/**
 * `PATCH /api/coach/cohorts/{cohortId}/resources/{resourceId}`: what a coach changes of an item
 * (its kind, file and address stay); an empty description removes it.
 */
export const resourceUpdateSchema = z.object({ title: z.optional(title), description, access });
export type ResourceUpdate = z.infer<typeof resourceUpdateSchema>;

/** `PUT /api/coach/cohorts/{cohortId}/resources/order`: a section's item ids in their new order. */
export const resourceOrderSchema = z.object({
  section: resourceSectionSchema,
  ids: z.array(z.string(), { error: resourceMessages.badOrder }).check(z.maxLength(MAX_RESOURCES_PER_SECTION, resourceMessages.badOrder)),
});
export type ResourceOrder = z.infer<typeof resourceOrderSchema>;

/** True when the first bytes say PDF (`%PDF-`), whatever the file's name or declared type. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

/** A file name safe in a Content-Disposition header: the title's letters and digits, ASCII, `.pdf`. */
export function resourceFileName(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'risorsa'}.pdf`;
}

/** `ids` reordered as `order` says, or null when `order` is not exactly `ids` rearranged. */
export function reordered<T extends { id: string }>(items: readonly T[], order: readonly string[]): T[] | null {
  if (order.length !== items.length || new Set(order).size !== order.length) return null;
  const byId = new Map(items.map((item) => [item.id, item]));
  const result: T[] = [];
  for (const id of order) {
    const item = byId.get(id);
    if (!item) return null;
    result.push(item);
  }
  return result;
}
