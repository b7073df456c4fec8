import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from 'storybook-react-rsbuild';

const require = createRequire(import.meta.url);

// Same alias as @portal/build-config: the portal's Chakra system imports single theme modules
// (tokens, recipes) instead of Chakra's theme entry, which would pull in every recipe.
const chakraThemeDir = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/theme');

// MSW's worker script must match the installed msw version, so it is copied from the package
// at every start instead of being committed. It goes under node_modules/.cache (next to
// Storybook's own cache): ignored by git and lint, served at the site root through staticDirs.
const mswWorkerDir = fileURLToPath(new URL('../node_modules/.cache/msw', import.meta.url));
mkdirSync(mswWorkerDir, { recursive: true });
copyFileSync(require.resolve('msw/mockServiceWorker.js'), path.join(mswWorkerDir, 'mockServiceWorker.js'));

const config: StorybookConfig = {
  framework: 'storybook-react-rsbuild',
  // Stories sit next to their components; Storybook imports them directly (no federation).
  stories: [
    '../../packages/ui/src/**/*.stories.tsx',
    '../../{mf-user,mf-shop,mf-tutorials,mf-admin,shell}/src/**/*.stories.tsx',
  ],
  staticDirs: [mswWorkerDir, '../../shell/public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No docs addon is installed, so prop tables from docgen would only cost build time.
  typescript: { reactDocgen: false },
  async rsbuildFinal(rsbuildConfig) {
    const { mergeRsbuildConfig } = await import('@rsbuild/core');
    const { pluginReact } = await import('@rsbuild/plugin-react');
    return mergeRsbuildConfig(rsbuildConfig, {
      plugins: [pluginReact()],
      resolve: { alias: { '@chakra-ui/theme-parts': chakraThemeDir } },
      source: { define: { 'process.env.PORTAL_BUILD_LABEL': JSON.stringify('') } },
    });
  },
};

export default config;
