import { portalConfig, ports } from '@portal/build-config';

const bff = `http://localhost:${ports.bff}`;
const remoteDevServers = {
  'mf-user': ports.mf_user,
  'mf-shop': ports.mf_shop,
  'mf-tutorials': ports.mf_tutorials,
  'mf-admin': ports.mf_admin,
};

// In development the shell's dev server forwards the API and the run-time config to the BFF
// (scripts/dev.mjs points the config's remote URLs at the remotes' dev servers). The default
// remote URLs (/remotes/<folder>/mf-manifest.json, used when the config cannot be fetched, e.g.
// while the BFF restarts) lead to the remotes' dev servers as well.
export default portalConfig({
  name: 'shell',
  server: {
    proxy: {
      '/api': bff,
      '/portal-config.json': bff,
      ...Object.fromEntries(
        Object.entries(remoteDevServers).map(([folder, port]) => [
          `/remotes/${folder}/`,
          { target: `http://localhost:${port}`, pathRewrite: { [`^/remotes/${folder}`]: '' } },
        ]),
      ),
    },
  },
});
