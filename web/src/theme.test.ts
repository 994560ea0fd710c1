import { describe, expect, it } from 'vitest';
import { BUILT_GLOBAL_STYLES_ID, getProvidedSystem, getSystem, themeConfig } from './theme';

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

describe('dark mode', () => {
  it('gives every semantic colour a dark value, set where the class is: on <html> itself', () => {
    const css = JSON.stringify(getSystem().getTokenCss());
    expect(css).toContain('"&.dark, .dark &":{"--chakra-colors-bg":"var(--chakra-colors-gray-950)"');
    // Each leaf of the theme's semantic colours, by its path.
    const leaves: [string, unknown][] = [];
    const walk = (node: Record<string, unknown>, path: string) => {
      if ('value' in node) leaves.push([path, node.value]);
      else for (const [key, child] of Object.entries(node)) walk(child as Record<string, unknown>, `${path}.${key}`);
    };
    walk(themeConfig.theme?.semanticTokens?.colors as Record<string, unknown>, 'colors');
    const withoutDark = leaves
      .filter(([, value]) => typeof value !== 'object' || value === null || !('_dark' in value))
      .map(([path]) => path)
      // The palettes' `contrast` is the same text colour on their solid shade in both modes.
      .filter((path) => !path.endsWith('.contrast'));
    expect(leaves.length).toBeGreaterThan(40);
    expect(withoutDark).toEqual([]);
  });
});

describe('the recipes’ colours', () => {
  it('are all tokens of the system: a colour a recipe reads and the theme lacks would paint nothing (a transparent dialog backdrop)', () => {
    const system = getSystem();
    const missing = new Set<string>();
    const colourProps = /^(bg|background|color|borderColor|outlineColor|fill|stroke)$/;
    const walk = (node: unknown, prop: string) => {
      if (typeof node === 'string') {
        const token = /^[a-zA-Z]+(\.[0-9a-zA-Z]+)+$/.test(node) && !node.startsWith('colorPalette.');
        if (colourProps.test(prop) && token && system.token(`colors.${node}`, '') === '') missing.add(node);
        return;
      }
      if (node === null || typeof node !== 'object') return;
      // Conditions (_hover, base, &…) and slots keep the property they sit under.
      for (const [key, child] of Object.entries(node)) walk(child, /^(_|&|base$|\d)/.test(key) ? prop : key);
    };
    walk(themeConfig.theme?.recipes, '');
    walk(themeConfig.theme?.slotRecipes, '');
    expect([...missing]).toEqual([]);
    expect(system.token('colors.blackAlpha.500')).toBe('rgba(9, 9, 11, 0.55)');
  });
});
