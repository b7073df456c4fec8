import { defineConfig } from '@playwright/test';
import { e2eEnv } from './support/env';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';

// Runs against the production builds served by the all-in-one BFF (fresh data directory),
// plus two other static origins hosting the tutorials and the admin remotes, in Debian's Chromium.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  ...(process.env.E2E_TMP_DIR ? { outputDir: `${process.env.E2E_TMP_DIR}/results` } : {}),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: e2eEnv.baseUrl,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: 'node --import tsx support/remote-host.mjs',
      url: `${e2eEnv.adminHostUrl}/mf-manifest.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node ../scripts/lib/local-tron.mjs --port ${e2eEnv.tronPort}`,
      url: `${e2eEnv.tronUrl}/__test__/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx support/start-bff.mjs',
      url: `${e2eEnv.baseUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
