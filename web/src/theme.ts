import { createSystem, defaultBaseConfig, defineConfig, type RecipeDefinition, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  nativeSelectSlotRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
} from '@chakra-ui/react/theme';

/**
 * A button recipe whose every size is at least 44 × 44 px on a phone (a finger's target); from md,
 * where a pointer is likely, the size's own. Set on the sizes, which set their own minimum width.
 */
function phoneTargets(recipe: typeof buttonRecipe): RecipeDefinition {
  const sizes = Object.fromEntries(
    Object.entries(recipe.variants?.size ?? {}).map(([name, size]) => [name, { ...size, minW: { base: '11', md: size.minW }, minH: { base: '11', md: 'auto' } }]),
  );
  return { ...recipe, variants: { ...recipe.variants, size: sizes } };
}

/*
 * The app's one design system. It starts from Chakra's base config (conditions and utilities)
 * and registers only the recipes the app uses, with our own compact tokens: Chakra's full default
 * theme and every palette would weigh on every page. (The
 * landing page is prerendered with this system at build time, see web/scripts/prerender.ts, and
 * downloads none of it.)
 *
 * Identity: a deep "forest" green for trust and calm, a warm amber for energy and progress,
 * the system font stack (nothing to download), generous spacing, rounded cards.
 * Text colours meet WCAG AA on white; amber is a background for dark text, never a text colour.
 *
 * Dark mode: every semantic token has a `_dark` value, applied under the `dark` class that the
 * pages' first inline script puts on <html> (see src/lib/colour-mode.ts). Screens use semantic
 * tokens only (bg, fg, border, brand.fg, …), never a raw shade for a surface or a text.
 */

/** `{ key: value }` → Chakra's `{ key: { value } }` token shape. */
function scale<V extends string | number>(values: Record<string, V>): Record<string, { value: V }> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value }]));
}

const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];
const palette = (hexes: string[]) => scale(Object.fromEntries(SHADES.map((shade, i) => [shade, hexes[i] ?? ''])));

const colors = {
  transparent: { value: 'transparent' },
  current: { value: 'currentColor' },
  black: { value: '#09090B' },
  white: { value: '#FFFFFF' },
  // The dialog's backdrop (Chakra's recipe reads blackAlpha.500): without it the backdrop was
  // transparent, and the form behind an open dialog looked live.
  blackAlpha: scale({ '500': 'rgba(9, 9, 11, 0.55)' }),
  gray: palette(['#fafafa', '#f4f4f5', '#e4e4e7', '#d4d4d8', '#a1a1aa', '#71717a', '#52525b', '#3f3f46', '#27272a', '#18181b', '#111111']),
  red: palette(['#fef2f2', '#fee2e2', '#fecaca', '#fca5a5', '#f87171', '#ef4444', '#dc2626', '#991919', '#511111', '#300c0c', '#1f0808']),
  orange: palette(['#fff7ed', '#ffedd5', '#fed7aa', '#fdba74', '#fb923c', '#f97316', '#ea580c', '#92310a', '#6c2710', '#3b1106', '#220a04']),
  green: palette(['#f0fdf4', '#dcfce7', '#bbf7d0', '#86efac', '#4ade80', '#22c55e', '#16a34a', '#116932', '#124a28', '#042713', '#03190c']),
  blue: palette(['#eff6ff', '#dbeafe', '#bfdbfe', '#a3cfff', '#60a5fa', '#3b82f6', '#2563eb', '#173da6', '#1a3478', '#14204a', '#0c142e']),
  brand: palette(['#eef8f4', '#d3efe4', '#a8dfca', '#72c7a9', '#3fa886', '#228a6c', '#166f58', '#0f5c4d', '#0d473c', '#0a3a31', '#05201b']),
  accent: palette(['#fff8eb', '#ffecc6', '#ffd788', '#ffbd4a', '#ffa620', '#f08307', '#c96002', '#9f4306', '#82360c', '#6b2d0d', '#3e1502']),
};

/** A token that is `light` in light mode and `dark` under the `dark` class. */
const modes = (light: string, dark: string) => ({ value: { base: light, _dark: dark } });

type Shades = Record<'fg' | 'subtle' | 'muted' | 'emphasized' | 'solid' | 'focusRing' | 'border', string>;

/**
 * The semantic shades Chakra's recipes read through `colorPalette`, for each mode (defaults as in
 * Chakra's own light and dark themes): in dark, light text on the darkest shades.
 */
function paletteSemantics(name: string, light: Partial<Shades> = {}, dark: Partial<Shades> = {}, contrast = 'white') {
  const lightShades: Shades = { fg: '700', subtle: '100', muted: '200', emphasized: '300', solid: '600', focusRing: '500', border: '500', ...light };
  const darkShades: Shades = { fg: '300', subtle: '950', muted: '900', emphasized: '800', solid: lightShades.solid, focusRing: '500', border: '400', ...dark };
  const tokens = Object.fromEntries(
    (Object.keys(lightShades) as (keyof Shades)[]).map((key) => [key, modes(`{colors.${name}.${lightShades[key]}}`, `{colors.${name}.${darkShades[key]}}`)]),
  );
  return { ...tokens, contrast: { value: contrast } };
}

const spacingSteps = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 96];
const spacing = scale(Object.fromEntries(spacingSteps.map((step) => [String(step), `${step / 4}rem`])));

const sizes = {
  ...spacing,
  ...scale({
    '3xs': '14rem', '2xs': '16rem', xs: '20rem', sm: '24rem', md: '28rem', lg: '32rem', xl: '36rem', '2xl': '42rem',
    '3xl': '48rem', '4xl': '56rem', '5xl': '64rem', '6xl': '72rem', '7xl': '80rem', '8xl': '90rem',
    max: 'max-content', min: 'min-content', fit: 'fit-content', prose: '60ch', full: '100%', dvh: '100dvh', vw: '100vw', vh: '100vh',
    '1/2': '50%', '1/3': '33.333333%', '2/3': '66.666667%', '1/4': '25%', '3/4': '75%',
  }),
};

const fonts = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`;

const shadow = (y: number, blur: number, alpha = 10) => `0px ${y}px ${blur}px {colors.gray.900/${alpha}}, 0px 0px 1px {colors.gray.900/30}`;

export const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  // The `dark` class sits on <html> itself, the root of the token variables: `&.dark` matches
  // there, `.dark &` everywhere below it.
  conditions: { dark: '&.dark, .dark &' },
  globalCss: {
    ...globalCss,
    html: { color: 'fg', bg: 'bg', lineHeight: '1.5', colorPalette: 'brand', fontFamily: 'body', colorScheme: 'light', _dark: { colorScheme: 'dark' } },
    body: { bg: 'bg', color: 'fg' },
    // A clearly visible keyboard focus everywhere, on top of the recipes' own focus rings.
    ':focus-visible': { outline: '3px solid {colors.brand.focusRing}', outlineOffset: '2px' },
  },
  theme: {
    breakpoints,
    textStyles,
    // Only the animations the registered recipes play (spinner, dialog, toast).
    keyframes: {
      spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
      pulse: { '50%': { opacity: '0.5' } },
      'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
      'fade-out': { from: { opacity: 1 }, to: { opacity: 0 } },
      'scale-in': { from: { scale: '0.95' }, to: { scale: '1' } },
      'scale-out': { from: { scale: '1' }, to: { scale: '0.95' } },
      'slide-from-top': { '0%': { translate: '0 -0.5rem' }, to: { translate: '0' } },
      'slide-from-bottom': { '0%': { translate: '0 0.5rem' }, to: { translate: '0' } },
      'slide-to-top': { '0%': { translate: '0' }, to: { translate: '0 -0.5rem' } },
      'slide-to-bottom': { '0%': { translate: '0' }, to: { translate: '0 0.5rem' } },
      position: { from: { insetInlineStart: 'var(--animate-from-x)', insetBlockStart: 'var(--animate-from-y)' }, to: { insetInlineStart: 'var(--animate-to-x)', insetBlockStart: 'var(--animate-to-y)' } },
      'bg-position': { from: { backgroundPosition: 'var(--animate-from, 1rem) 0' }, to: { backgroundPosition: 'var(--animate-to, 0) 0' } },
    },
    layerStyles: {
      disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } },
      // The app's surface: cards, panels, list items.
      card: { value: { bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'card', padding: '6' } },
    },
    tokens: {
      colors,
      fonts: scale({ heading: fonts, body: fonts, mono: 'SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' }),
      fontSizes: scale({
        '2xs': '0.625rem', xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', '2xl': '1.5rem',
        '3xl': '1.875rem', '4xl': '2.25rem', '5xl': '3rem', '6xl': '3.75rem', '7xl': '4.5rem',
      }),
      fontWeights: scale({ normal: '400', medium: '500', semibold: '600', bold: '700', extrabold: '800' }),
      lineHeights: scale({ shorter: 1.25, short: 1.375, moderate: 1.5, tall: 1.625 }),
      letterSpacings: scale({ tight: '-0.025em', wide: '0.025em', wider: '0.05em' }),
      spacing,
      sizes,
      radii: scale({
        none: '0', '2xs': '0.0625rem', xs: '0.125rem', sm: '0.25rem', md: '0.375rem', lg: '0.5rem', xl: '0.75rem',
        '2xl': '1rem', '3xl': '1.5rem', full: '9999px', card: '1rem',
      }),
      borders: scale({ xs: '0.5px solid', sm: '1px solid', md: '2px solid', lg: '4px solid' }),
      zIndex: scale({
        hide: -1, base: 0, docked: 10, dropdown: 1000, sticky: 1100, banner: 1200, overlay: 1300, modal: 1400,
        popover: 1500, skipNav: 1600, toast: 1700, tooltip: 1800,
      }),
      durations: scale({ fastest: '50ms', faster: '100ms', fast: '150ms', moderate: '200ms', slow: '300ms', slower: '400ms', slowest: '500ms' }),
      easings: scale({ 'ease-in': 'cubic-bezier(0.42, 0, 1, 1)', 'ease-out': 'cubic-bezier(0, 0, 0.58, 1)', 'ease-in-out': 'cubic-bezier(0.42, 0, 0.58, 1)', 'ease-in-smooth': 'cubic-bezier(0.32, 0.72, 0, 1)' }),
      animations: scale({ spin: 'spin 1s linear infinite', pulse: 'pulse 2s cubic-bezier(0.4, 0, 0.6, 1) infinite' }),
      blurs: scale({ sm: '4px', md: '8px', lg: '12px' }),
      cursor: scale({ button: 'pointer', checkbox: 'default', disabled: 'not-allowed', radio: 'default', switch: 'pointer', option: 'default' }),
    },
    semanticTokens: {
      radii: { l1: { value: '{radii.xs}' }, l2: { value: '{radii.sm}' }, l3: { value: '{radii.md}' } },
      shadows: scale({ xs: shadow(1, 2), sm: shadow(2, 4), md: shadow(4, 8), lg: shadow(8, 16), xl: shadow(16, 24), '2xl': shadow(24, 40, 16) }),
      colors: {
        bg: {
          DEFAULT: modes('{colors.white}', '{colors.gray.950}'),
          subtle: modes('{colors.gray.50}', '#18181b'),
          muted: modes('{colors.gray.100}', '{colors.gray.800}'),
          emphasized: modes('{colors.gray.200}', '{colors.gray.700}'),
          inverted: modes('{colors.black}', '{colors.gray.50}'),
          panel: modes('{colors.white}', '#18181b'),
          canvas: modes('#f6f9f7', '#0b1512'),
          error: modes('{colors.red.50}', '{colors.red.950}'),
          warning: modes('{colors.orange.50}', '{colors.orange.950}'),
          success: modes('{colors.green.50}', '{colors.green.950}'),
          info: modes('{colors.blue.50}', '{colors.blue.950}'),
        },
        fg: {
          DEFAULT: modes('{colors.gray.950}', '{colors.gray.50}'),
          // Chakra's muted/subtle/status greys are too light for AA text on white (and too dark on black).
          muted: modes('{colors.gray.700}', '{colors.gray.300}'),
          subtle: modes('{colors.gray.600}', '{colors.gray.400}'),
          inverted: modes('{colors.gray.50}', '{colors.gray.950}'),
          error: modes('{colors.red.700}', '{colors.red.300}'),
          warning: modes('{colors.orange.700}', '{colors.orange.300}'),
          success: modes('{colors.green.700}', '{colors.green.300}'),
          info: modes('{colors.blue.700}', '{colors.blue.300}'),
        },
        border: {
          DEFAULT: modes('{colors.gray.200}', '{colors.gray.700}'),
          muted: modes('{colors.gray.100}', '{colors.gray.800}'),
          subtle: modes('{colors.gray.50}', '{colors.gray.900}'),
          emphasized: modes('{colors.gray.400}', '{colors.gray.500}'),
          inverted: modes('{colors.gray.800}', '{colors.gray.200}'),
          error: modes('{colors.red.600}', '{colors.red.400}'),
          warning: modes('{colors.orange.500}', '{colors.orange.400}'),
          success: modes('{colors.green.600}', '{colors.green.400}'),
          info: modes('{colors.blue.500}', '{colors.blue.400}'),
        },
        gray: paletteSemantics(
          'gray',
          { fg: '800', subtle: '100', muted: '200', emphasized: '300', solid: '900', focusRing: '400', border: '200' },
          { fg: '200', subtle: '900', muted: '800', emphasized: '700', solid: '600', focusRing: '400', border: '700' },
        ),
        red: paletteSemantics('red'),
        orange: paletteSemantics('orange', {}, { solid: '700' }),
        green: paletteSemantics('green'),
        blue: paletteSemantics('blue'),
        brand: paletteSemantics(
          'brand',
          { subtle: '50', muted: '100', emphasized: '200', solid: '700', focusRing: '500', border: '300' },
          { fg: '300', subtle: '950', muted: '900', emphasized: '800', solid: '600', focusRing: '400', border: '600' },
        ),
        // Amber buttons carry dark text: white on amber would fail contrast.
        accent: paletteSemantics(
          'accent',
          { fg: '800', subtle: '50', muted: '100', emphasized: '200', solid: '300', border: '300' },
          { fg: '300', subtle: '950', muted: '900', emphasized: '800', solid: '300', border: '500' },
          '{colors.accent.950}',
        ),
      },
    },
    // Only the recipes the app renders.
    recipes: {
      badge: badgeRecipe,
      button: phoneTargets(buttonRecipe),
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      // A field as tall as a finger's target on a phone (44 px); from md, the size's own height.
      input: { ...inputRecipe, base: { ...inputRecipe.base, minH: { base: '11', md: 'auto' } } },
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
});

let system: SystemContext | null = null;

/**
 * The `<style>` element that carries Chakra's global styles (reset, global CSS, token variables)
 * in the built pages (app.html and the others), rendered at build time by web/scripts/prerender.ts.
 */
export const BUILT_GLOBAL_STYLES_ID = 'chakra-global-styles';

/**
 * The system as the app's provider hands it to Chakra. When the page already carries the global
 * styles, ChakraProvider gets none to build and insert again: with the build's
 * chakraGlobalStylesOnDemand plugin they are then never computed in the browser, the costliest
 * part of start-up on a phone. Everywhere else (tests, the dev server) it is the system itself.
 */
export function getProvidedSystem(page: Pick<Document, 'getElementById'> | undefined = globalThis.document): SystemContext {
  const full = getSystem();
  if (!page?.getElementById(BUILT_GLOBAL_STYLES_ID)) return full;
  // Everything else is read through the prototype, untouched.
  return Object.create(full, { _global: { value: [] } }) as SystemContext;
}

/**
 * The app's design system, built on first use. Building it is the costliest single step of
 * start-up, so main.tsx calls this in a task of its own rather than while the modules load.
 */
export function getSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, themeConfig);
  return system;
}
