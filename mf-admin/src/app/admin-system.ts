import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/theme-parts/recipes/checkbox.js';
import { checkmarkRecipe } from '@chakra-ui/theme-parts/recipes/checkmark.js';
import { nativeSelectSlotRecipe } from '@chakra-ui/theme-parts/recipes/native-select.js';
import { switchSlotRecipe } from '@chakra-ui/theme-parts/recipes/switch.js';
import { tableSlotRecipe } from '@chakra-ui/theme-parts/recipes/table.js';
import { textareaRecipe } from '@chakra-ui/theme-parts/recipes/textarea.js';
import { portalThemeConfig } from '@portal/ui';
import { portalSystemConfig } from '@portal/ui/system-config';

/**
 * The back office's Chakra system: the portal's (tokens, brand, the first page's recipes) plus
 * the recipes of the table and form controls only these screens use. The admin pages render in
 * a nested ChakraProvider with it, so the system every visitor loads stays as small as it is.
 * The checkbox draws its tick with the checkmark recipe.
 */
export const adminSystem = createSystem(
  defaultBaseConfig,
  portalSystemConfig,
  defineConfig({
    // The outer provider has already reset the page.
    preflight: false,
    theme: {
      recipes: { checkmark: checkmarkRecipe, textarea: textareaRecipe },
      slotRecipes: {
        checkbox: checkboxSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        switch: switchSlotRecipe,
        table: tableSlotRecipe,
      },
    },
  }),
  portalThemeConfig,
);
