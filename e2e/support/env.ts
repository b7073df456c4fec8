// Ports and paths shared by the Playwright config, the helper servers and the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
const bffPort = Number(process.env.E2E_BFF_PORT ?? 18080);
const remotePort = Number(process.env.E2E_REMOTE_PORT ?? 18081);
const tronPort = Number(process.env.E2E_TRON_PORT ?? 18082);
const adminHostPort = Number(process.env.E2E_ADMIN_HOST_PORT ?? 18083);
/** Scratch folder of one run; E2E_TMP_DIR (with the E2E_*_PORT variables) lets two runs share a machine. */
const tmp = process.env.E2E_TMP_DIR ?? path.join(repoRoot, '.tmp/e2e');

export const e2eEnv = {
  bffPort,
  remotePort,
  /** The local TronGrid stand-in the USDT watcher reads (scripts/lib/local-tron.mjs). */
  tronUrl: `http://127.0.0.1:${tronPort}`,
  tronPort,
  baseUrl: `http://localhost:${bffPort}`,
  agencyUrl: `http://agency.localhost:${bffPort}`,
  remoteHostUrl: `http://127.0.0.1:${remotePort}`,
  /** The folder the second origin serves: a deployed copy of mf-tutorials. */
  remoteHostDir: path.join(tmp, 'remote-host/mf-tutorials'),
  /** A third origin hosting a deployed copy of mf-admin (the back office is deployed on its own). */
  adminHostPort,
  adminHostUrl: `http://127.0.0.1:${adminHostPort}`,
  adminHostDir: path.join(tmp, 'remote-host/mf-admin'),
  dataDir: path.join(tmp, 'data'),
  /** Every mail the BFF sends is also written here as JSON (MAIL_OUTBOX_DIR, see bff/README.md). */
  mailDir: process.env.E2E_MAIL_DIR ?? path.join(tmp, 'mail'),
  /** The trial coupon the e2e BFF creates at start (DEMO_COUPON_CODE): 8 GiB, once per user. */
  trialCoupon: process.env.E2E_TRIAL_COUPON_CODE ?? 'E2E-TRIAL-8G',
  admin: { email: 'admin@e2e.test', password: 'e2e-admin-password-1' },
};
