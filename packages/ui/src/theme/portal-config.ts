import { defineConfig } from '@chakra-ui/react';
// Individual modules of Chakra's default theme (see the alias in @portal/build-config): the
// theme's own entry point carries every recipe of the kit and would triple the first page.
import { breakpoints } from '@chakra-ui/theme-parts/breakpoints.js';
import { globalCss } from '@chakra-ui/theme-parts/global-css.js';
import { layerStyles } from '@chakra-ui/theme-parts/layer-styles.js';
import { animationStyles } from '@chakra-ui/theme-parts/motion-styles.js';
import { textStyles } from '@chakra-ui/theme-parts/text-styles.js';
import { semanticColors } from '@chakra-ui/theme-parts/semantic-tokens/colors.js';
import { semanticRadii } from '@chakra-ui/theme-parts/semantic-tokens/radii.js';
import { semanticShadows } from '@chakra-ui/theme-parts/semantic-tokens/shadows.js';
import { animations } from '@chakra-ui/theme-parts/tokens/animations.js';
import { aspectRatios } from '@chakra-ui/theme-parts/tokens/aspect-ratios.js';
import { blurs } from '@chakra-ui/theme-parts/tokens/blurs.js';
import { borders } from '@chakra-ui/theme-parts/tokens/borders.js';
import { colors } from '@chakra-ui/theme-parts/tokens/colors.js';
import { cursor } from '@chakra-ui/theme-parts/tokens/cursor.js';
import { durations } from '@chakra-ui/theme-parts/tokens/durations.js';
import { easings } from '@chakra-ui/theme-parts/tokens/easings.js';
import { fontSizes } from '@chakra-ui/theme-parts/tokens/font-sizes.js';
import { fontWeights } from '@chakra-ui/theme-parts/tokens/font-weights.js';
import { fonts } from '@chakra-ui/theme-parts/tokens/fonts.js';
import { keyframes } from '@chakra-ui/theme-parts/tokens/keyframes.js';
import { letterSpacings } from '@chakra-ui/theme-parts/tokens/letter-spacing.js';
import { lineHeights } from '@chakra-ui/theme-parts/tokens/line-heights.js';
import { radii } from '@chakra-ui/theme-parts/tokens/radius.js';
import { sizes } from '@chakra-ui/theme-parts/tokens/sizes.js';
import { spacing } from '@chakra-ui/theme-parts/tokens/spacing.js';
import { zIndices } from '@chakra-ui/theme-parts/tokens/z-indices.js';
import { buttonRecipe } from '@chakra-ui/theme-parts/recipes/button.js';
import { containerRecipe } from '@chakra-ui/theme-parts/recipes/container.js';
import { headingRecipe } from '@chakra-ui/theme-parts/recipes/heading.js';
import { linkRecipe } from '@chakra-ui/theme-parts/recipes/link.js';
import { skeletonRecipe } from '@chakra-ui/theme-parts/recipes/skeleton.js';
import { spinnerRecipe } from '@chakra-ui/theme-parts/recipes/spinner.js';
import { toastSlotRecipe } from '@chakra-ui/theme-parts/recipes/toast.js';
import { badgeRecipe } from '@chakra-ui/theme-parts/recipes/badge.js';
import { inputRecipe } from '@chakra-ui/theme-parts/recipes/input.js';
import { cardSlotRecipe } from '@chakra-ui/theme-parts/recipes/card.js';
import { dialogSlotRecipe } from '@chakra-ui/theme-parts/recipes/dialog.js';
import { fieldSlotRecipe } from '@chakra-ui/theme-parts/recipes/field.js';
import { progressSlotRecipe } from '@chakra-ui/theme-parts/recipes/progress.js';

/**
 * The recipes of the components the portal uses. A component whose recipe is missing renders
 * unstyled, so add its recipe here when a screen starts using it.
 */
export const portalRecipes = {
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  badge: badgeRecipe,
  input: inputRecipe,
};
export const portalSlotRecipes = {
  toast: toastSlotRecipe,
  card: cardSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  progress: progressSlotRecipe,
};

/**
 * The portal system's configuration without the brand (`portalThemeConfig`): the default tokens,
 * conditions and global styles, and the recipes above. A remote that needs more recipes (the
 * back office) builds its own system from these pieces instead of growing the first page's.
 */
export const portalSystemConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: portalRecipes,
    slotRecipes: portalSlotRecipes,
  },
});
