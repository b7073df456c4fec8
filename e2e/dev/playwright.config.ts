import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.mjs';

// The development-mode check (`npm run test:dev`): it starts `npm run dev` itself, on its own
// ports, in Debian's Chromium. Separate from the production suite in e2e/playwright.config.ts.
export default defineConfig({
  testDir: '.',
  testMatch: '*.devspec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../.tmp/dev-check-results',
  use: { locale: 'zh-CN', trace: 'retain-on-failure', launchOptions: chromiumLaunchOptions },
});
