import { defineConfig } from '@chakra-ui/react';

/** Brand tokens shared by every system variant of the portal. */
export const portalThemeConfig = defineConfig({
  globalCss: {
    'html, body': { margin: 0, padding: 0, bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef6ff' },
          100: { value: '#d9eaff' },
          200: { value: '#b6d5ff' },
          300: { value: '#84b8ff' },
          400: { value: '#4f92fb' },
          500: { value: '#2b72ef' },
          600: { value: '#1d58d4' },
          700: { value: '#1a47ab' },
          800: { value: '#1b3d87' },
          900: { value: '#1b356d' },
        },
      },
      fonts: {
        body: {
          value: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
        },
        heading: {
          value: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
        },
      },
    },
    semanticTokens: {
      colors: {
        // red.600, not Chakra's red.500: error text and the red announcement title keep WCAG AA
        // contrast on white (4.8:1; red.500 gave 3.8:1, flagged by Lighthouse, issue 29).
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        brand: {
          // 600, not 500: white text on it keeps WCAG AA contrast (6.0:1; 500 gave 4.4:1).
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});
