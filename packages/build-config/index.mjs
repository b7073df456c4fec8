// Build configuration shared by the shell and the four remotes, so that every deployable
// declares the same shared singletons the same way (a mismatch loads a second React or Chakra).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { sharedUsedExports } from './shared-exports.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// Chakra's theme entry builds the whole default theme at module level, which defeats tree
// shaking; this alias reaches its individual token and recipe modules instead.
const chakraThemeDir = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json')),
  'dist/esm/theme',
);

export { sharedUsedExports };

export const ports = { shell: 3000, mf_user: 3001, mf_shop: 3002, mf_tutorials: 3003, mf_admin: 3004, bff: 8080 };

const singleton = (extra = {}) => ({ singleton: true, ...extra });
const treeShaken = (name, extra) =>
  singleton({ ...extra, treeShaking: { mode: 'runtime-infer', usedExports: sharedUsedExports[name] } });
const workspacePackage = { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' };

const mfRoot = path.join(path.dirname(require.resolve('@module-federation/rsbuild-plugin')), '..', '..');
const mfFile = (pkg, file) => path.join(mfRoot, pkg, file);
// The federation plugin injects its runtime with require() (CommonJS builds) while our code
// imports the ESM builds; pointing both at the ESM files keeps one runtime copy in the page.
const federationRuntimeEsm = {
  '@module-federation/runtime-tools$': mfFile('runtime-tools', 'dist/index.js'),
  '@module-federation/runtime-tools/runtime$': mfFile('runtime-tools', 'dist/runtime.js'),
  '@module-federation/runtime$': mfFile('runtime', 'dist/index.js'),
  '@module-federation/runtime-core$': mfFile('runtime-core', 'dist/index.js'),
  '@module-federation/webpack-bundler-runtime$': mfFile('webpack-bundler-runtime', 'dist/index.js'),
  '@module-federation/sdk$': mfFile('sdk', 'dist/index.js'),
  '@module-federation/error-codes$': mfFile('error-codes', 'dist/index.mjs'),
  '@module-federation/enhanced/runtime$': mfFile('enhanced', 'dist/src/runtime.mjs'),
};

/** Libraries that must exist once per page. */
export const shared = {
  react: singleton({ requiredVersion: '^19.0.0' }),
  'react/jsx-runtime': singleton({ requiredVersion: '^19.0.0' }),
  'react-dom': singleton({ requiredVersion: '^19.0.0' }),
  'react-dom/client': singleton({ requiredVersion: '^19.0.0' }),
  'react-router': treeShaken('react-router', { requiredVersion: '^7.0.0' }),
  zustand: singleton({ requiredVersion: '^5.0.0' }),
  '@chakra-ui/react': treeShaken('@chakra-ui/react', { requiredVersion: '^3.0.0' }),
  '@emotion/react': treeShaken('@emotion/react', { requiredVersion: '^11.0.0' }),
  '@portal/contracts': workspacePackage,
  '@portal/platform': workspacePackage,
  '@portal/ui': workspacePackage,
};

/**
 * @param {object} options
 * @param {string} options.name federation name (no dashes), e.g. 'mf_user' or 'shell'
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {object} [options.server] extra dev-server settings (proxy for the shell)
 */
export function portalConfig({ name, exposes, server = {} }) {
  const isRemote = Boolean(exposes);
  const isProduction = process.env.NODE_ENV === 'production';
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        ...(isRemote ? { exposes, filename: 'remoteEntry.js' } : { remotes: {} }),
        shared,
        dts: false,
        manifest: true,
        experiments: {
          // The shell provides one federation runtime to the page; production remotes use it
          // instead of bundling their own (~18 kB each). Dev builds keep their own runtime so
          // that a remote also runs standalone.
          ...(isRemote ? { externalRuntime: isProduction } : { provideExternalRuntime: true }),
          optimization: { target: 'web', ...(isRemote ? { disableSnapshot: true, disableRemote: true } : {}) },
        },
      }),
    ],
    resolve: { alias: { '@chakra-ui/theme-parts': chakraThemeDir, ...federationRuntimeEsm } },
    source: {
      entry: { index: './src/index.ts' },
      define: {
        'process.env.PORTAL_BUILD_LABEL': JSON.stringify(process.env.PORTAL_BUILD_LABEL ?? ''),
      },
    },
    html: {
      title: name === 'shell' ? '云梯加速' : `${name} (standalone)`,
      template: isRemote ? undefined : './index.html',
    },
    output: {
      assetPrefix: isRemote ? 'auto' : '/',
      cleanDistPath: false,
      distPath: { root: process.env.PORTAL_DIST_DIR ?? 'dist' },
      sourceMap: { js: false, css: false },
    },
    dev: { assetPrefix: isRemote ? 'auto' : '/' },
    server: {
      port: ports[name],
      strictPort: true,
      headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
      ...server,
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  });
}
