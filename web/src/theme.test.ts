import { describe, expect, it } from 'vitest';
import { BUILT_GLOBAL_STYLES_ID, getProvidedSystem, getSystem } from './theme';

function pageWith(ids: string[]): Pick<Document, 'getElementById'> {
  return { getElementById: (id: string) => (ids.includes(id) ? document.createElement('style') : null) };
}

describe('getProvidedSystem', () => {
  it('gives Chakra no global styles to insert when app.html already carries them', () => {
    const provided = getProvidedSystem(pageWith([BUILT_GLOBAL_STYLES_ID]));
    expect(provided._global).toEqual([]);
    // Everything else is the app's system: tokens, recipes, style functions.
    expect(provided.token('colors.brand.700')).toBe('#0f5c4d');
    expect(provided.getRecipeFn('button')).toBe(getSystem().getRecipeFn('button'));
    expect(provided.css({ color: 'fg.muted' })).toEqual(getSystem().css({ color: 'fg.muted' }));
  });

  it('is the full system, global styles included, on a page without them (tests, dev server)', () => {
    const provided = getProvidedSystem(pageWith([]));
    expect(provided).toBe(getSystem());
    expect(JSON.stringify(provided._global)).toContain('--chakra-colors-brand-700');
  });
});
