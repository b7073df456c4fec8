// Starts the all-in-one BFF for the e2e run on a fresh data directory.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv, repoRoot } from './env.ts';
import { FAKE_BOT } from '../../bff/src/modules/notifications/testing/fake-receivers.ts';

rmSync(e2eEnv.dataDir, { recursive: true, force: true });
mkdirSync(e2eEnv.dataDir, { recursive: true });
// Every mail the BFF sends is also written here as JSON ({to, subject, text, html, links}); see bff/README.md.
const mailDir = e2eEnv.mailDir;
rmSync(mailDir, { recursive: true, force: true });
// Users (e.g. a paid one), coupons, notices and settings applied at start-up, when the file exists.
// The USDT watcher reads the local chain source of this run (its port can be moved by E2E_TRON_PORT).
const baseSeed = process.env.E2E_SEED_FILE ?? path.join(repoRoot, 'e2e/support/seed.json');
let seedFile = baseSeed;
if (existsSync(baseSeed)) {
  const seed = JSON.parse(readFileSync(baseSeed, 'utf8'));
  // The Telegram bot of this slot's stand-in (support/notify-stand-in.mjs; the token it accepts).
  seed.settings = { ...seed.settings, usdt_chain_api: e2eEnv.tronUrl, telegram_bot_token: FAKE_BOT.token };
  seedFile = path.join(e2eEnv.dataDir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed));
}
// The BFF runs compiled, as `npm start` runs it: playwright.config.ts compiled it before the servers started.
const child = spawn(process.execPath, [path.join(repoRoot, 'bff/dist/server.js')], {
  cwd: path.join(repoRoot, 'bff'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(e2eEnv.bffPort),
    HOST: '127.0.0.1',
    DATA_DIR: e2eEnv.dataDir,
    ADMIN_EMAIL: e2eEnv.admin.email,
    ADMIN_PASSWORD: e2eEnv.admin.password,
    REMOTE_MF_TUTORIALS_URL: `${e2eEnv.remoteHostUrl}/mf-manifest.json`,
    REMOTE_MF_ADMIN_URL: `${e2eEnv.adminHostUrl}/mf-manifest.json`,
    AGENCY_DOMAIN: e2eEnv.agencyUrl,
    // Mailed links point here (never at the Host a request names): the address the tests browse.
    PUBLIC_BASE_URL: e2eEnv.baseUrl,
    LOG_LEVEL: 'warn',
    // The suite sets up its own data: no demo notices or announcement, one trial coupon with a known code.
    DEMO_DATA: 'false',
    DEMO_COUPON_CODE: e2eEnv.trialCoupon,
    MAIL_OUTBOX_DIR: mailDir,
    ...(existsSync(seedFile) ? { SEED_FILE: seedFile } : {}),
    // Many sign-ups from one address in one run.
    ACCOUNT_RATE_MAX: '1000',
    ACCOUNT_RATE_ADDRESS_MAX: '10000',
    // Notifications (issue 28): the Telegram bot and webhook receivers of this slot's stand-in,
    // delivered and polled quickly.
    TELEGRAM_API_BASE: e2eEnv.notifyUrl,
    TELEGRAM_POLL_SECONDS: '1',
    NOTIFY_INTERVAL_MS: '500',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
