// Build configuration shared by the shell and the four remotes, so that every deployable
// declares the same shared singletons the same way (a mismatch loads a second React or Chakra).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { chakraOwnEntries, sharedUsedExports } from './shared-exports.mjs';
import { pluginPrecompress } from './precompress.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// Chakra's theme entry builds the whole default theme at module level, which defeats tree
// shaking; this alias reaches its individual token and recipe modules instead.
const chakraThemeDir = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/theme');

export { sharedUsedExports };

/**
 * Development ports. `PORTAL_DEV_PORT_BASE=19000` moves the whole set (shell on the base, the
 * remotes on base+1..4, the BFF on base+5), so that a second portal (the dev smoke test) can
 * run beside the usual one.
 */
export const ports = devPorts(process.env.PORTAL_DEV_PORT_BASE);

function devPorts(base) {
  const n = Number(base);
  if (!base || !Number.isInteger(n) || n < 1024 || n > 65530) {
    return { shell: 3000, mf_user: 3001, mf_shop: 3002, mf_tutorials: 3003, mf_admin: 3004, bff: 8080 };
  }
  return { shell: n, mf_user: n + 1, mf_shop: n + 2, mf_tutorials: n + 3, mf_admin: n + 4, bff: n + 5 };
}

const singleton = (extra = {}) => ({ singleton: true, ...extra });
const treeShakenIn = (treeShaking) => (name, extra) =>
  treeShaking
    ? singleton({ ...extra, treeShaking: { mode: 'runtime-infer', usedExports: sharedUsedExports[name] } })
    : singleton(extra);
const workspacePackage = { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' };

// react-router's package exports point every condition at its development build, whose dev
// warnings are switched on by a constant; production builds use the identical production build
// (only that constant differs), so the warnings' code drops out.
const reactRouterProduction = {
  'react-router$': path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
};

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

/**
 * Libraries that must exist once per page. Production builds tree-shake the large ones
 * (federation's shared tree-shaking); development builds share them whole: Rspack's shared
 * tree-shaking marks exports unused in a compilation without `optimization.usedExports` (the dev
 * default), which replaced functions of the federation runtime and React Refresh with
 * `undefined` ("__exportAll is not a function", "$ReactRefreshRuntime$.refresh is not a
 * function"). Every dev server uses the same list, so the page still has one copy of each.
 *
 * Chakra's own entries (`chakraOwnEntries`) are modules of the same package as the main entry:
 * they work only with the internals (the system context) of the copy the shell provides. So
 * the shell provides every one of them, used or not, and production remotes never bring their
 * own (`import: false`). Development builds share the main entry whole and point the own
 * entries at it (`chakraOwnEntryAliases`), which keeps a standalone remote working.
 */
export const sharedFor = ({ production, host = true }) => {
  const treeShaken = treeShakenIn(production);
  const ownEntry = (entry) =>
    singleton({ requiredVersion: '^3.0.0', import: host ? fileURLToPath(import.meta.resolve(entry)) : false });
  return {
    react: singleton({ requiredVersion: '^19.0.0' }),
    'react/jsx-runtime': singleton({ requiredVersion: '^19.0.0' }),
    'react-dom': singleton({ requiredVersion: '^19.0.0' }),
    'react-dom/client': singleton({ requiredVersion: '^19.0.0' }),
    'react-router': treeShaken('react-router', { requiredVersion: '^7.0.0' }),
    zustand: singleton({ requiredVersion: '^5.0.0' }),
    '@chakra-ui/react': treeShaken('@chakra-ui/react', { requiredVersion: '^3.0.0' }),
    ...(production ? Object.fromEntries(chakraOwnEntries.map((entry) => [entry, ownEntry(entry)])) : {}),
    '@emotion/react': treeShaken('@emotion/react', { requiredVersion: '^11.0.0' }),
    '@portal/contracts': workspacePackage,
    '@portal/platform': workspacePackage,
    '@portal/ui': workspacePackage,
  };
};

/** Development only: every Chakra own entry is the (whole, shared) main entry. */
const chakraOwnEntryAliases = Object.fromEntries(
  chakraOwnEntries.map((entry) => [`${entry}$`, fileURLToPath(new URL('./chakra-main-entry.mjs', import.meta.url))]),
);

/** The production list (tree-shaken), as every deployed build declares it. */
export const shared = sharedFor({ production: true });

/**
 * Development only, first script of every page. Each app bundles its own React Refresh runtime
 * and hooks it into `__REACT_DEVTOOLS_GLOBAL_HOOK__`; without the React DevTools extension the
 * first runtime creates a hook that does not remember renderers, so a remote's runtime, which
 * starts after the shared react-dom registered, never sees the page's React root and its hot
 * updates re-render nothing. This hook remembers renderers as the real DevTools hook does.
 */
const devToolsHookForRefresh = `if (!window.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  var id = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject: function (renderer) { var rendererId = id++; this.renderers.set(rendererId, renderer); return rendererId; },
    onScheduleFiberRoot: function () {},
    onCommitFiberRoot: function () {},
    onCommitFiberUnmount: function () {},
  };
}`;

// Production shell only: the libraries every first page of the shell loads (its shared React,
// React DOM, router, zustand and Emotion fallbacks, ky under @portal/platform) in one async
// chunk instead of ten small ones: fewer requests and one gzip dictionary (-4.5 kB gzip).
// Chakra stays in its own (tree-shaken) shared chunk so its theme modules can stay lazy.
// Remotes keep Rsbuild's default split: standalone they need it, inside the shell they use the
// shell's copies.
const firstPageVendor = {
  name: 'first-page-vendor',
  chunks: 'async',
  test: /node_modules[\\/](react|react-dom|react-is|scheduler|react-router|zustand|@emotion|stylis|ky|hoist-non-react-statics)[\\/]/,
  enforce: true,
  priority: 30,
};

// Production shell only: the modules of Chakra's main entry (the chunk with its Box) stay in one
// chunk, also those that its own entries (dialog, toast… and the back office's table and form
// controls) use too. An own entry is only used once the main entry is on the page, so depending
// on that chunk costs nothing; left to the default split, each own entry added cut the first
// page's Chakra into more, worse-compressed pieces (+0.6 kB gzip for the back office's five).
// The entry module itself stays out: the manifest lists, for a shared module, the chunks of
// every chunk group that holds its module, and main's list must not name the own entries'.
// react-is (of hoist-non-react-statics) joins the vendor chunk rather than a chunk of its own.
const chakraBox = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]box[\\/](?:index|box)\.js$/;
const chakraEntry = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]index\.js$/;
const holdsChakraMain = (chunk, chunkGraph) =>
  chunkGraph.getChunkModules(chunk).some((module) => chakraBox.test(module.nameForCondition?.() ?? ''));
const chakraMain = {
  name: 'chakra',
  chunks: 'async',
  enforce: true,
  priority: 20,
  test: (module, { chunkGraph }) =>
    /[\\/]node_modules[\\/]/.test(module.nameForCondition?.() ?? '') &&
    !chakraEntry.test(module.nameForCondition?.() ?? '') &&
    chunkGraph.getModuleChunks(module).some((chunk) => holdsChakraMain(chunk, chunkGraph)),
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
        shared: sharedFor({ production: isProduction, host: !isRemote }),
        dts: false,
        manifest: true,
        // 'version-first' (the default) fetches the entry of every registered remote as soon as
        // sharing starts; a remote is fetched only when its route is used (or preloaded).
        shareStrategy: 'loaded-first',
        experiments: {
          // The shell provides one federation runtime to the page; production remotes use it
          // instead of bundling their own (~18 kB each). Dev builds keep their own runtime so
          // that a remote also runs standalone.
          ...(isRemote ? { externalRuntime: isProduction } : { provideExternalRuntime: true }),
          optimization: { target: 'web', ...(isRemote ? { disableSnapshot: true, disableRemote: true } : {}) },
        },
      }),
      ...(isProduction ? [pluginPrecompress()] : []),
    ],
    resolve: {
      alias: {
        '@chakra-ui/theme-parts': chakraThemeDir,
        ...federationRuntimeEsm,
        ...(isProduction ? reactRouterProduction : chakraOwnEntryAliases),
      },
    },
    source: {
      entry: { index: './src/index.ts' },
      define: {
        'process.env.PORTAL_BUILD_LABEL': JSON.stringify(process.env.PORTAL_BUILD_LABEL ?? ''),
      },
    },
    html: {
      title: name === 'shell' ? '云梯加速' : `${name} (standalone)`,
      template: isRemote ? undefined : './index.html',
      tags: isProduction ? [] : [{ tag: 'script', head: true, append: false, children: devToolsHookForRefresh }],
    },
    output: {
      assetPrefix: isRemote ? 'auto' : '/',
      cleanDistPath: false,
      distPath: { root: process.env.PORTAL_DIST_DIR ?? 'dist' },
      sourceMap: { js: process.env.PORTAL_SOURCEMAP ? 'source-map' : false, css: false },
    },
    dev: {
      assetPrefix: isRemote ? 'auto' : '/',
      // Rsbuild 2 compiles dynamic imports on first request by default; federation's shared and
      // exposed chunks are requested by other pages' runtimes, which that does not serve.
      lazyCompilation: false,
    },
    server: {
      port: ports[name],
      strictPort: true,
      headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
      ...server,
    },
    performance: {
      chunkSplit:
        !isRemote && isProduction
          ? {
              strategy: 'split-by-experience',
              override: { cacheGroups: { firstPageVendor, chakraMain } },
            }
          : { strategy: 'split-by-experience' },
    },
  });
}
