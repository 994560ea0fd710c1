import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  inputRecipe,
  progressSlotRecipe,
  separatorRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { themeConfig } from './theme';

/** The full system: the base theme plus the recipes of the forms, dialogs and notices. */
export const appSystem = createSystem(
  defaultBaseConfig,
  themeConfig,
  defineConfig({
    theme: {
      recipes: {
        badge: badgeRecipe,
        input: inputRecipe,
        separator: separatorRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        dialog: dialogSlotRecipe,
        field: fieldSlotRecipe,
        progress: progressSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
  }),
);
