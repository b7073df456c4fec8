// Ports and paths shared by the Playwright config, the helper servers and the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');

/**
 * Playwright's workers run side by side, each against a portal of its own: a slot is one
 * worker's BFF (own data folder and mail), USDT chain stand-in and the two remotes' static hosts,
 * on its own ports (ten apart). A worker's slot is its parallel index (kept when a worker is
 * replaced after a failure); the helper servers get theirs from E2E_SLOT. So no test sees what
 * another worker's tests change: settings, coupons, statistics, a redeployed remote.
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const port = (variable: string, base: number, slot: number) => Number(process.env[variable] ?? base) + slot * 10;
/** Scratch folder of one run; E2E_TMP_DIR (with the E2E_*_PORT variables) lets two runs share a machine. */
const tmpRoot = process.env.E2E_TMP_DIR ?? path.join(repoRoot, '.tmp/e2e');

/** The ports, folders and addresses of one slot. */
export function slotEnv(slot: number) {
  const bffPort = port('E2E_BFF_PORT', 18080, slot);
  const remotePort = port('E2E_REMOTE_PORT', 18081, slot);
  const tronPort = port('E2E_TRON_PORT', 18082, slot);
  const adminHostPort = port('E2E_ADMIN_HOST_PORT', 18083, slot);
  const notifyPort = port('E2E_NOTIFY_PORT', 18084, slot);
  const tmp = path.join(tmpRoot, `slot-${slot}`);
  return {
    slot,
    bffPort,
    remotePort,
    /** The local TronGrid stand-in the USDT watcher reads (scripts/lib/local-tron.mjs). */
    tronUrl: `http://127.0.0.1:${tronPort}`,
    tronPort,
    /** The notification receivers' stand-in (support/notify-stand-in.mjs): a fake Bot API and a webhook. */
    notifyPort,
    notifyUrl: `http://127.0.0.1:${notifyPort}`,
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
    mailDir: path.join(tmp, 'mail'),
    /** The trial coupon the e2e BFF creates at start (DEMO_COUPON_CODE): 8 GiB, once per user. */
    trialCoupon: process.env.E2E_TRIAL_COUPON_CODE ?? 'E2E-TRIAL-8G',
    admin: { email: 'admin@e2e.test', password: 'e2e-admin-password-1' },
  };
}

/** This process's slot: a worker's, or the one a helper server was started for. */
export const e2eEnv = slotEnv(Number(process.env.E2E_SLOT ?? process.env.TEST_PARALLEL_INDEX ?? 0));
