import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  badgeRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  inputRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { themeConfig } from './theme';

/** The full system: the base theme plus the recipes of the forms, alerts, badges and dialogs. */
export const appSystem = createSystem(
  defaultBaseConfig,
  themeConfig,
  defineConfig({
    theme: {
      recipes: {
        badge: badgeRecipe,
        input: inputRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        dialog: dialogSlotRecipe,
        field: fieldSlotRecipe,
      },
    },
  }),
);
