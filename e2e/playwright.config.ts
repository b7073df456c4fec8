import { defineConfig } from '@playwright/test';
import { e2eEnv, e2eWorkers, slotEnv } from './support/env';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { compileBff } from '../scripts/lib/portal-server.mjs';

// The BFF runs compiled, as `npm start` runs it (support/start-bff.mjs): compiled once here, in the
// runner's process, before any server starts. The workers load this file too and skip it.
if (process.env.TEST_WORKER_INDEX === undefined) compileBff();

/** The helper servers of one slot (support/env.ts): its BFF, chain stand-in and remotes' hosts. */
function slotServers(slot: number) {
  const env = { E2E_SLOT: String(slot) };
  const ports = slotEnv(slot);
  return [
    {
      command: 'node --import tsx support/remote-host.mjs',
      url: `${ports.adminHostUrl}/mf-manifest.json`,
      env,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node ../scripts/lib/local-tron.mjs --port ${ports.tronPort}`,
      url: `${ports.tronUrl}/__test__/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx support/notify-stand-in.mjs',
      url: `${ports.notifyUrl}/__test__/health`,
      env,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx support/start-bff.mjs',
      url: `${ports.baseUrl}/readyz`,
      env,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
    },
  ];
}

// Runs against the production builds served by the all-in-one BFF (fresh data directory),
// plus two other static origins hosting the tutorials and the admin remotes, in Debian's Chromium.
// Each worker has a portal of its own (a slot), so spec files run side by side; the tests of a
// file run in order. This file is also loaded by every worker, where e2eEnv is that worker's slot.
// A test that fails is never retried: a flaky test fails the run.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  ...(process.env.E2E_TMP_DIR ? { outputDir: `${process.env.E2E_TMP_DIR}/results` } : {}),
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: e2eEnv.baseUrl,
    locale: 'zh-CN',
    // A failure reports its error, call log, page snapshot (error-context.md) and a screenshot.
    // Recording a trace of every test cost a third of the run's CPU; E2E_TRACE=1 records them
    // (kept for the failures) when a failure needs more.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: Array.from({ length: e2eWorkers }, (_, slot) => slotServers(slot)).flat(),
});
