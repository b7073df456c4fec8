// Ports and paths shared by the Playwright config, the helper servers and the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
const bffPort = Number(process.env.E2E_BFF_PORT ?? 18080);
const remotePort = Number(process.env.E2E_REMOTE_PORT ?? 18081);

export const e2eEnv = {
  bffPort,
  remotePort,
  baseUrl: `http://localhost:${bffPort}`,
  agencyUrl: `http://agency.localhost:${bffPort}`,
  remoteHostUrl: `http://127.0.0.1:${remotePort}`,
  /** The folder the second origin serves: a deployed copy of mf-tutorials. */
  remoteHostDir: path.join(repoRoot, '.tmp/e2e/remote-host/mf-tutorials'),
  dataDir: path.join(repoRoot, '.tmp/e2e/data'),
  admin: { email: 'admin@e2e.test', password: 'e2e-admin-password-1' },
};
