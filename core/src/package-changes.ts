import * as z from 'zod/mini';
import { isDocumentId } from './document-id';
import { PACKAGES, packageSchema, parsePackage, type Package } from './packages';

// The coach's side of packages (packages.ts): setting one for the selected people, the history of
// a participant's changes, and the import of a shop's buyers as CSV with its dry run.

/** At most this many people in one "Imposta pacchetto": the roster's page (coach.ts MAX_PAGE_SIZE). */
export const MAX_PACKAGE_TARGETS = 200;
export const MAX_REASON_LENGTH = 200;
/** An import's bounds: rows (blank lines aside) and characters of the file. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_CHARS = 400_000;
/** The changes a participant's page lists, newest first. */
export const PACKAGE_CHANGES_LISTED = 50;

export const packageTexts = {
  participantsRequired: 'Seleziona almeno un partecipante',
  tooManyParticipants: `Puoi impostare il pacchetto di al massimo ${MAX_PACKAGE_TARGETS} persone alla volta`,
  participantInvalid: 'Partecipante non valido',
  packageInvalid: 'Scegli un pacchetto: Base, Guida o Premium',
  reasonTooLong: `Il motivo può avere al massimo ${MAX_REASON_LENGTH} caratteri`,
  notParticipants: 'Alcune persone selezionate non sono partecipanti di questa coorte',
  csvRequired: 'Incolla o carica il file CSV degli acquisti',
  csvTooLarge: `Il file è troppo grande: al massimo ${MAX_IMPORT_CHARS.toLocaleString('it-IT')} caratteri`,
  tooManyRows: `Il file ha troppe righe: al massimo ${MAX_IMPORT_ROWS.toLocaleString('it-IT')}`,
  dryRunRequired: 'Indica se è una prova (dryRun)',
  downgradesNotConfirmed: 'Il file abbassa il pacchetto di alcune persone: conferma i declassamenti per applicarlo',
  badEmail: 'Email non valida',
  missingPackage: 'Manca il pacchetto',
  repeatedEmail: 'Email ripetuta con un altro pacchetto',
  packageFilterInvalid: 'Filtro pacchetto non valido: usa BASE, GUIDA o PREMIUM',
} as const;

/** How a change came: a coach's choice, an import of buyers, or a pending grant met at registration. */
export const PACKAGE_CHANGE_WAYS = ['manual', 'import', 'registration'] as const;
export const packageChangeWaySchema = z.enum(PACKAGE_CHANGE_WAYS);
export type PackageChangeWay = z.infer<typeof packageChangeWaySchema>;

export const packageChangeWayLabels: Record<PackageChangeWay, string> = {
  manual: 'a mano',
  import: 'da importazione',
  registration: "all'iscrizione",
};

const reasonSchema = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(MAX_REASON_LENGTH, packageTexts.reasonTooLong))),
);

/** `POST /api/coach/cohorts/{cohortId}/packages`: one package for the selected participants. */
export const setPackagesRequestSchema = z.object({
  participantIds: z
    .array(z.string().check(z.refine(isDocumentId, packageTexts.participantInvalid)), { error: packageTexts.participantsRequired })
    .check(z.minLength(1, packageTexts.participantsRequired), z.maxLength(MAX_PACKAGE_TARGETS, packageTexts.tooManyParticipants)),
  package: z.enum(PACKAGES, { error: packageTexts.packageInvalid }),
  reason: reasonSchema,
});
export type SetPackagesRequest = z.infer<typeof setPackagesRequestSchema>;

export const setPackagesAnswerSchema = z.object({ changed: z.int(), unchanged: z.int() });
export type SetPackagesAnswer = z.infer<typeof setPackagesAnswerSchema>;

/** One entry of a participant's package history. */
export const packageChangeSchema = z.object({
  id: z.string(),
  from: packageSchema,
  to: packageSchema,
  /** The coach's name as it was; null once that coach's account is deleted. */
  byName: z.nullable(z.string()),
  at: z.string(),
  why: z.nullable(z.string()),
  how: packageChangeWaySchema,
});
export type PackageChange = z.infer<typeof packageChangeSchema>;

/** `GET …/participants/{userId}/package`: the package now and its history. */
export const packageHistorySchema = z.object({ package: packageSchema, changes: z.array(packageChangeSchema) });
export type PackageHistory = z.infer<typeof packageHistorySchema>;

/** `POST …/package-import`: the file's text, a dry run or the real one. */
export const packageImportRequestSchema = z.object({
  csv: z.string({ error: packageTexts.csvRequired }).check(z.minLength(1, packageTexts.csvRequired), z.maxLength(MAX_IMPORT_CHARS, packageTexts.csvTooLarge)),
  dryRun: z.boolean({ error: packageTexts.dryRunRequired }),
  confirmDowngrades: z.optional(z.boolean()),
});
export type PackageImportRequest = z.infer<typeof packageImportRequestSchema>;

const lineSchema = z.int();
export const packageImportReportSchema = z.object({
  /** Rows read (blank lines and the header aside). */
  rows: z.int(),
  /** Participants of the cohort whose package changes (downgrades included, and marked). */
  matched: z.array(z.object({ line: lineSchema, email: z.string(), userId: z.string(), name: z.string(), from: packageSchema, to: packageSchema, downgrade: z.boolean() })),
  /** Participants (or pending buyers) who already have that package. */
  unchanged: z.int(),
  /** Buyers with no account in the cohort yet: a pending grant, theirs once they register with the email verified. */
  notRegistered: z.array(z.object({ line: lineSchema, email: z.string(), from: z.nullable(packageSchema), to: packageSchema, downgrade: z.boolean() })),
  /** Everyone above whose package would go down: applied only with `confirmDowngrades`. */
  downgrades: z.array(z.object({ line: lineSchema, email: z.string(), from: packageSchema, to: packageSchema, registered: z.boolean() })),
  unknownPackages: z.array(z.object({ line: lineSchema, email: z.string(), value: z.string() })),
  badRows: z.array(z.object({ line: lineSchema, text: z.string(), reason: z.string() })),
  /** True once the real run has written it. */
  applied: z.boolean(),
});
export type PackageImportReport = z.infer<typeof packageImportReportSchema>;

/** One buyer of a parsed file. */
export interface BuyerRow {
  line: number;
  email: string;
  package: Package;
}

export interface ParsedBuyers {
  rows: number;
  buyers: BuyerRow[];
  unknownPackages: PackageImportReport['unknownPackages'];
  badRows: PackageImportReport['badRows'];
}

const EMAIL = /^[^\s@,;"]+@[^\s@,;"]+\.[^\s@,;"]+$/;

function unquoted(field: string): string {
  const trimmed = field.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
}

/**
 * A shop's export of buyers, `email;pacchetto` or `email,pacchetto`, with or without a BOM and a
 * header row (a first row whose first field is no email). Emails trimmed and lower-cased; an email
 * twice with the same package counts once, with another one it is a bad row. Throws nothing: what
 * cannot be read is reported with its line number (from 1, as a spreadsheet counts).
 * Null when the file has more than MAX_IMPORT_ROWS rows.
 */
export function parseBuyersCsv(text: string): ParsedBuyers | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const parsed: ParsedBuyers = { rows: 0, buyers: [], unknownPackages: [], badRows: [] };
  const seen = new Map<string, Package>();
  let first = true;
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const line = index + 1;
    // Neither separator can be in an email or a package's name: either splits the row.
    const [emailField = '', packageField, ...rest] = raw.split(/[;,]/).map(unquoted);
    const email = emailField.toLowerCase();
    if (first) {
      first = false;
      if (!email.includes('@')) continue;
    }
    parsed.rows += 1;
    if (parsed.rows > MAX_IMPORT_ROWS) return null;
    const shown = raw.trim().slice(0, 200);
    if (!EMAIL.test(email)) {
      parsed.badRows.push({ line, text: shown, reason: packageTexts.badEmail });
      continue;
    }
    if (!packageField || rest.some((field) => field !== '')) {
      parsed.badRows.push({ line, text: shown, reason: packageTexts.missingPackage });
      continue;
    }
    const pkg = parsePackage(packageField);
    if (!pkg) {
      parsed.unknownPackages.push({ line, email, value: packageField.slice(0, 60) });
      continue;
    }
    const before = seen.get(email);
    if (before === pkg) continue;
    if (before) {
      parsed.badRows.push({ line, text: shown, reason: packageTexts.repeatedEmail });
      continue;
    }
    seen.set(email, pkg);
    parsed.buyers.push({ line, email, package: pkg });
  }
  return parsed;
}

/** The roster's `?package=` filter: one of the three, as stored. */
export function readPackageParam(value: string): Package | undefined {
  return parsePackage(value) ?? undefined;
}
