import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MAX_IMPORT_ROWS, packageTexts, parseBuyersCsv, setPackagesRequestSchema } from './package-changes';

describe('parseBuyersCsv', () => {
  it('reads `;` and `,`, a BOM, a header row, and trims and lower-cases the emails', () => {
    const parsed = parseBuyersCsv('\uFEFFemail;pacchetto\r\n  Anna@Esempio.IT ; premium \r\nluca@esempio.it,Guida\n\n"bea@esempio.it";"Base"\n')!;
    expect(parsed.rows).toBe(3);
    expect(parsed.buyers).toEqual([
      { line: 2, email: 'anna@esempio.it', package: 'PREMIUM' },
      { line: 3, email: 'luca@esempio.it', package: 'GUIDA' },
      { line: 5, email: 'bea@esempio.it', package: 'BASE' },
    ]);
    expect(parsed.badRows).toEqual([]);
  });

  it('takes a first row with an email as data, not a header', () => {
    expect(parseBuyersCsv('anna@esempio.it;Premium')!.buyers).toHaveLength(1);
  });

  it('reports unknown packages and bad rows with their line numbers', () => {
    const parsed = parseBuyersCsv('email,pacchetto\nanna@esempio.it,Gold\nnon-una-email,Premium\nluca@esempio.it\nbea@esempio.it,Guida\nbea@esempio.it,Premium\nbea@esempio.it,guida')!;
    expect(parsed.unknownPackages).toEqual([{ line: 2, email: 'anna@esempio.it', value: 'Gold' }]);
    expect(parsed.badRows.map((row) => [row.line, row.reason])).toEqual([
      [3, packageTexts.badEmail],
      [4, packageTexts.missingPackage],
      [6, packageTexts.repeatedEmail],
    ]);
    expect(parsed.buyers).toEqual([{ line: 5, email: 'bea@esempio.it', package: 'GUIDA' }]);
  });

  it('refuses a file of more than MAX_IMPORT_ROWS rows', () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `p${i}@esempio.it;Base`).join('\n');
    expect(parseBuyersCsv(rows)).toBeNull();
    expect(parseBuyersCsv(rows.split('\n').slice(1).join('\n'))!.rows).toBe(MAX_IMPORT_ROWS);
  });
});

describe('setPackagesRequestSchema', () => {
  it('needs one to 200 participants and one of the three packages, in Italian', () => {
    expect(z.safeParse(setPackagesRequestSchema, { participantIds: [], package: 'GUIDA' }).error?.issues[0]?.message).toBe(packageTexts.participantsRequired);
    expect(z.safeParse(setPackagesRequestSchema, { participantIds: ['a'], package: 'GOLD' }).error?.issues[0]?.message).toBe(packageTexts.packageInvalid);
    expect(z.safeParse(setPackagesRequestSchema, { participantIds: Array.from({ length: 201 }, (_, i) => `u${i}`), package: 'BASE' }).error?.issues[0]?.message).toBe(packageTexts.tooManyParticipants);
    expect(z.safeParse(setPackagesRequestSchema, { participantIds: ['a'], package: 'PREMIUM', reason: ' acquisto ' }).data).toEqual({ participantIds: ['a'], package: 'PREMIUM', reason: 'acquisto' });
  });
});
