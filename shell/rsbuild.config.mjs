import { readFileSync } from 'node:fs';
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
const config = portalConfig({
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

// The page's icon is the logo written into the page: the browser fetches icons outside the
// page's HTTP cache, so a linked /logo.png went over the wire a second time on every first visit.
const logo = readFileSync(new URL('./public/logo.png', import.meta.url)).toString('base64');
config.html = { ...config.html, templateParameters: { logoDataUri: `data:image/png;base64,${logo}` } };

export default config;
