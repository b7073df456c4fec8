// Build configuration shared by the shell and the four remotes, so that every deployable
// declares the same shared singletons the same way (a mismatch loads a second React or Chakra).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

export const ports = { shell: 3000, mf_user: 3001, mf_shop: 3002, mf_tutorials: 3003, mf_admin: 3004, bff: 8080 };

const singleton = (extra = {}) => ({ singleton: true, ...extra });
const workspacePackage = { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' };

/** Libraries that must exist once per page. */
export const shared = {
  react: singleton({ requiredVersion: '^19.0.0' }),
  'react/jsx-runtime': singleton({ requiredVersion: '^19.0.0' }),
  'react-dom': singleton({ requiredVersion: '^19.0.0' }),
  'react-dom/client': singleton({ requiredVersion: '^19.0.0' }),
  'react-router': singleton({ requiredVersion: '^7.0.0' }),
  zustand: singleton({ requiredVersion: '^5.0.0' }),
  '@chakra-ui/react': singleton({ requiredVersion: '^3.0.0' }),
  '@emotion/react': singleton({ requiredVersion: '^11.0.0' }),
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
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        ...(isRemote ? { exposes, filename: 'remoteEntry.js' } : { remotes: {} }),
        shared,
        dts: false,
        manifest: true,
      }),
    ],
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
