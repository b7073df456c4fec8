import { portalConfig, ports } from '@portal/build-config';

const bff = `http://localhost:${ports.bff}`;

// In development the shell's dev server forwards the API and the run-time config to the BFF
// (scripts/dev.mjs points the config's remote URLs at the remotes' dev servers).
export default portalConfig({
  name: 'shell',
  server: { proxy: { '/api': bff, '/portal-config.json': bff } },
});
