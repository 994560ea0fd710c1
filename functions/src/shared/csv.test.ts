import { describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  test('plain text and numbers as they are, null empty', () => {
    expect(csvField('Anna Rossi')).toBe('Anna Rossi');
    expect(csvField('perché, però')).toBe('perché, però');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  test('quotes fields with separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('Rossi; Anna')).toBe('"Rossi; Anna"');
    expect(csvField('Anna "la Rossa"')).toBe('"Anna ""la Rossa"""');
    expect(csvField('riga uno\nriga due')).toBe('"riga uno\nriga due"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  test('text that a spreadsheet would run as a formula gets a leading apostrophe', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+39 333')).toBe("'+39 333");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=A1;B1')).toBe('"\'=A1;B1"');
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  test('BOM, CRLF after every row, read back as written by a CSV parser', () => {
    const rows = [
      ['nome', 'note'],
      ['Anna; "Nina"', 'prima\r\nseconda'],
      ['Élia', null],
    ];
    const text = toCsv(rows);
    expect(text.startsWith('\uFEFFnome;note\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text, { bom: true, delimiter: ';' })).toEqual([
      ['nome', 'note'],
      ['Anna; "Nina"', 'prima\r\nseconda'],
      ['Élia', ''],
    ]);
  });
});
