import { describe, expect, it } from 'vitest';
import { formatterFor } from './zone-formatters';

describe('formatterFor', () => {
  it('builds one formatter per locale, zone and options, whatever the order of the options', () => {
    const hour = formatterFor('Europe/Rome', { hour: '2-digit', hourCycle: 'h23' }, 'en-GB');
    expect(formatterFor('Europe/Rome', { hourCycle: 'h23', hour: '2-digit' }, 'en-GB')).toBe(hour);
    expect(formatterFor('America/New_York', { hour: '2-digit', hourCycle: 'h23' }, 'en-GB')).not.toBe(hour);
    expect(formatterFor('Europe/Rome', { hour: '2-digit', hourCycle: 'h23' })).not.toBe(hour);
  });

  it('reads the instant in the zone it was asked for', () => {
    const noonUtc = new Date('2026-01-15T12:00:00Z');
    expect(formatterFor('Europe/Rome', { hour: '2-digit', hourCycle: 'h23' }, 'en-GB').format(noonUtc)).toBe('13');
    expect(formatterFor('America/New_York', { hour: '2-digit', hourCycle: 'h23' }, 'en-GB').format(noonUtc)).toBe('07');
  });

  it('throws a RangeError for a zone the runtime does not know', () => {
    expect(() => formatterFor('Mars/Olympus', { hour: '2-digit' })).toThrow(RangeError);
  });
});
