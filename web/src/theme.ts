import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  statSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/*
 * One design system for the whole app. It starts from Chakra's base config (conditions and
 * utilities only) plus its tokens, and registers only the recipes the app uses: the full
 * default theme would add ~66 KB gzip to the landing page.
 *
 * Identity: a deep "forest" green for trust and calm, a warm amber for energy and progress,
 * the system font stack (nothing to download), generous spacing, rounded cards.
 * Every text colour below meets WCAG AA on white.
 */

const systemFonts = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`;

/** Builds the semantic tokens Chakra's recipes read through `colorPalette`. */
function paletteSemantics(name: string, shades: { solid: string; fg: string; contrast: string; focusRing: string }) {
  return {
    contrast: { value: shades.contrast },
    fg: { value: `{colors.${name}.${shades.fg}}` },
    subtle: { value: `{colors.${name}.50}` },
    muted: { value: `{colors.${name}.100}` },
    emphasized: { value: `{colors.${name}.200}` },
    solid: { value: `{colors.${name}.${shades.solid}}` },
    focusRing: { value: `{colors.${name}.${shades.focusRing}}` },
    border: { value: `{colors.${name}.300}` },
  };
}

const appConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand', scrollBehavior: 'smooth' },
    body: { bg: 'bg', color: 'fg', fontFamily: 'body' },
    // A clearly visible keyboard focus everywhere, on top of the recipes' own focus rings.
    ':focus-visible': { outline: '3px solid {colors.brand.focusRing}', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: systemFonts },
        body: { value: systemFonts },
      },
      colors: {
        brand: {
          50: { value: '#eef8f4' },
          100: { value: '#d3efe4' },
          200: { value: '#a8dfca' },
          300: { value: '#72c7a9' },
          400: { value: '#3fa886' },
          500: { value: '#228a6c' },
          600: { value: '#166f58' },
          700: { value: '#0f5c4d' },
          800: { value: '#0d473c' },
          900: { value: '#0a3a31' },
          950: { value: '#05201b' },
        },
        accent: {
          50: { value: '#fff8eb' },
          100: { value: '#ffecc6' },
          200: { value: '#ffd788' },
          300: { value: '#ffbd4a' },
          400: { value: '#ffa620' },
          500: { value: '#f08307' },
          600: { value: '#c96002' },
          700: { value: '#9f4306' },
          800: { value: '#82360c' },
          900: { value: '#6b2d0d' },
          950: { value: '#3e1502' },
        },
      },
      radii: {
        card: { value: '1rem' },
      },
    },
    semanticTokens: {
      colors: {
        brand: paletteSemantics('brand', { solid: '700', fg: '700', contrast: 'white', focusRing: '500' }),
        // Amber buttons carry dark text: white on amber would fail contrast.
        accent: paletteSemantics('accent', { solid: '300', fg: '800', contrast: '{colors.accent.950}', focusRing: '500' }),
        bg: {
          canvas: { value: '#f7faf8' },
        },
        fg: {
          // Chakra's defaults for these are too light for AA body text on white.
          muted: { value: '{colors.gray.700}' },
          subtle: { value: '{colors.gray.600}' },
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.800}' },
          success: { value: '{colors.green.800}' },
        },
      },
    },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      stat: statSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme, appConfig));
