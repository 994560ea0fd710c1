import { describe, expect, test } from 'vitest';
import { fileSizeText } from './file-size';
import { isHttpsUrl, looksLikePdf, reordered, resourceFileName } from './resources';

const bytesOf = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('resources', () => {
  test('only absolute https addresses are links', () => {
    expect(isHttpsUrl('https://esempio.it/guida?x=1')).toBe(true);
    expect(isHttpsUrl('https://www.comune.it:8443/a/b#c')).toBe(true);
    for (const bad of ['http://esempio.it', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', '/risorse', 'https://', 'https://a b.it', 'https://utente:pw@esempio.it', 'data:text/html,x', 'https://-esempio.it', 'https:///esempio.it']) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });

  test('a PDF is known by its first bytes', () => {
    expect(looksLikePdf(bytesOf('%PDF-1.4\n...'))).toBe(true);
    expect(looksLikePdf(bytesOf('MZ\x90\x00 %PDF-'))).toBe(false);
    expect(looksLikePdf(bytesOf('%PDF'))).toBe(false);
  });

  test('the download name is the title in safe ASCII', () => {
    expect(resourceFileName('Perché dormire: "sì"; subito/ora')).toBe('perche-dormire-si-subito-ora.pdf');
    expect(resourceFileName('日本語')).toBe('risorsa.pdf');
  });

  test('an order must name every item exactly once', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(reordered(items, ['c', 'a', 'b'])?.map((item) => item.id)).toEqual(['c', 'a', 'b']);
    expect(reordered(items, ['c', 'a'])).toBeNull();
    expect(reordered(items, ['c', 'a', 'a'])).toBeNull();
    expect(reordered(items, ['c', 'a', 'x'])).toBeNull();
  });

  test('sizes read in Italian', () => {
    expect(fileSizeText(1536 * 1024)).toBe('1,5 MB');
    expect(fileSizeText(2048)).toBe('2 kB');
  });
});
