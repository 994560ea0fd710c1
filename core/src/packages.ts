import * as z from 'zod/mini';

// What a participant bought for a cohort: Base (everyone), Guida or Premium. The package belongs to
// the membership, not to the person: a participant moved to another cohort is Base there until its
// coach says otherwise, and finds their old package again if moved back. Only the server writes it.

export const PACKAGES = ['BASE', 'GUIDA', 'PREMIUM'] as const;
export const packageSchema = z.enum(PACKAGES);
export type Package = z.infer<typeof packageSchema>;

export const packageLabels: Record<Package, string> = { BASE: 'Base', GUIDA: 'Guida', PREMIUM: 'Premium' };

/** Higher includes lower: a Premium participant may join what Guida may. */
const RANK: Record<Package, number> = { BASE: 0, GUIDA: 1, PREMIUM: 2 };

/**
 * Who may join an event or open a resource: everyone (`BASE`), Guida and Premium (`GUIDA`), or
 * Premium only (`PREMIUM`), named by the least package that may.
 */
export const accessSchema = packageSchema;
export type Access = Package;

export const accessLabels: Record<Access, string> = {
  BASE: 'Tutti i partecipanti',
  GUIDA: 'Pacchetti Guida e Premium',
  PREMIUM: 'Solo pacchetto Premium',
};

/** The packages that may join, as a sentence's object: "il pacchetto Guida o Premium"; null for everyone. */
export function packagesNeeded(access: Access): string | null {
  if (access === 'BASE') return null;
  return access === 'GUIDA' ? 'il pacchetto Guida o Premium' : 'il pacchetto Premium';
}

export function packageAllows(owned: Package, access: Access): boolean {
  return RANK[owned] >= RANK[access];
}

export function isDowngrade(from: Package, to: Package): boolean {
  return RANK[to] < RANK[from];
}

/** Each cohort's package of one person, as the user document keeps it (absent: Base everywhere). */
export type PackagesByCohort = Partial<Record<string, Package>>;

/** The package of a person in a cohort: Base unless the cohort's coach or an import gave another. */
export function packageIn(packages: PackagesByCohort | undefined, cohortId: string): Package {
  return packages?.[cohortId] ?? 'BASE';
}

/**
 * A package as a shop's export or a coach writes it: "Premium", " guida ", "BASE". Null when it is
 * none of the three (the import shows it as an unknown package).
 */
export function parsePackage(text: string): Package | null {
  const key = text.trim().toUpperCase();
  return (PACKAGES as readonly string[]).includes(key) ? (key as Package) : null;
}
