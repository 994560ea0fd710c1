import { describe, expect, it } from 'vitest';
import { isDowngrade, packageAllows, packageIn, packagesNeeded, parsePackage } from './packages';

describe('packages', () => {
  it('a higher package includes what a lower one may join', () => {
    expect(packageAllows('BASE', 'BASE')).toBe(true);
    expect(packageAllows('BASE', 'GUIDA')).toBe(false);
    expect(packageAllows('GUIDA', 'GUIDA')).toBe(true);
    expect(packageAllows('GUIDA', 'PREMIUM')).toBe(false);
    expect(packageAllows('PREMIUM', 'GUIDA')).toBe(true);
    expect(packageAllows('PREMIUM', 'PREMIUM')).toBe(true);
  });

  it('a downgrade is a move to a lower package only', () => {
    expect(isDowngrade('PREMIUM', 'GUIDA')).toBe(true);
    expect(isDowngrade('GUIDA', 'BASE')).toBe(true);
    expect(isDowngrade('BASE', 'PREMIUM')).toBe(false);
    expect(isDowngrade('GUIDA', 'GUIDA')).toBe(false);
  });

  it("a person's package is the cohort's, Base where none was given", () => {
    expect(packageIn(undefined, 'c1')).toBe('BASE');
    expect(packageIn({ c1: 'PREMIUM' }, 'c1')).toBe('PREMIUM');
    expect(packageIn({ c1: 'PREMIUM' }, 'c2')).toBe('BASE');
  });

  it('reads a package as a shop writes it, and nothing else', () => {
    expect(parsePackage(' Premium ')).toBe('PREMIUM');
    expect(parsePackage('guida')).toBe('GUIDA');
    expect(parsePackage('BASE')).toBe('BASE');
    expect(parsePackage('Gold')).toBeNull();
    expect(parsePackage('')).toBeNull();
  });
});

describe('what it takes to join', () => {
  it('the packages that may, as words', () => {
    expect(packagesNeeded('BASE')).toBeNull();
    expect(packagesNeeded('GUIDA')).toBe('il pacchetto Guida o Premium');
    expect(packagesNeeded('PREMIUM')).toBe('il pacchetto Premium');
  });
});
