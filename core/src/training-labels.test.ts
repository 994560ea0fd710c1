import { describe, expect, it } from 'vitest';
import { livelloAllenamentoSchema, luogoAllenamentoSchema, schedaFor, schedaSchema, tempoAllenamentoSchema } from './user';
import { livelloLabels, luogoLabels, onboardingSummary, schedaLabels, tempoLabels } from './training-labels';

describe('training labels', () => {
  it('name every answer and sheet the schemas know', () => {
    expect(Object.keys(tempoLabels)).toEqual(tempoAllenamentoSchema.options);
    expect(Object.keys(luogoLabels)).toEqual(luogoAllenamentoSchema.options);
    expect(Object.keys(livelloLabels)).toEqual(livelloAllenamentoSchema.options);
    expect(Object.keys(schedaLabels)).toEqual(schedaSchema.options);
  });

  it('name a sheet by the level and place that decide it', () => {
    expect(schedaLabels[schedaFor('AVANZATO', 'PALESTRA')]).toBe(`${livelloLabels.AVANZATO} – ${luogoLabels.PALESTRA}`);
  });
});

describe('onboardingSummary', () => {
  it('the three answers in one line, level first', () => {
    expect(onboardingSummary({ livelloAllenamento: 'PRINCIPIANTE', luogoAllenamento: 'CASA', tempoAllenamento: 'PIU_UN_ANNO' })).toBe(
      'Principiante · Casa · esperienza: più di un anno',
    );
  });

  it('only the answers given; null when none was', () => {
    expect(onboardingSummary({ livelloAllenamento: null, luogoAllenamento: 'PALESTRA', tempoAllenamento: 'MENO_UN_ANNO' })).toBe('Palestra · esperienza: meno di un anno');
    expect(onboardingSummary({ livelloAllenamento: null, luogoAllenamento: null, tempoAllenamento: null })).toBeNull();
  });
});
