import { expect, test } from 'vitest';
import { schedaFileName, schedaPath } from './service';

test('sheet paths and readable download names', () => {
  expect(schedaPath('AVANZATO_PALESTRA')).toBe('schede/AVANZATO_PALESTRA.pdf');
  expect(schedaFileName('PRINCIPIANTE_CASA')).toBe('scheda-principiante-casa.pdf');
});
