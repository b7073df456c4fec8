// Prints the gzip size of the JavaScript the shell's first page loads (the dashboard at /#/, the
// page a visitor gets at /) and, for reference, of the login page (/#/login),
// measured in Debian's Chromium against the production builds. Budget: 170 kB (kB = 1000 B).
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startStaticServer } from './lib/static-server.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 170;
const remotes = ['mf-user', 'mf-shop', 'mf-tutorials', 'mf-admin'];

for (const dir of ['shell', ...remotes]) {
  if (!existsSync(path.join(root, dir, 'dist'))) {
    console.error(`first-page-size: ${dir}/dist is missing; run npm run build first`);
    process.exit(1);
  }
}

const mounts = { '/': path.join(root, 'shell/dist') };
for (const r of remotes) mounts[`/remotes/${r}/`] = path.join(root, r, 'dist');
const server = await startStaticServer({
  mounts,
  config: {
    remotes: Object.fromEntries(remotes.map((r) => [r.replace('-', '_'), `/remotes/${r}/mf-manifest.json`])),
    agencyHost: '',
    describeHost: '',
    productName: '云梯加速',
  },
});

const browser = await chromium.launch(chromiumLaunchOptions);

/** Scripts a fresh visitor (empty cache, no session) loads at `hash` until the page is idle. */
async function measure(hash, ready) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      scripts.push({
        url: response.url().replace(server.url, ''),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    } catch {
      // a response without a body (redirect) carries no script
    }
  });
  await page.goto(`${server.url}/${hash}`);
  await ready(page).waitFor({ timeout: 20000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

// The first page: what a visitor gets at `/` (the dashboard). The login page is reported too.
const scripts = await measure('#/', (page) => page.getByRole('heading', { name: '使用教程' }));
const loginScripts = await measure('#/login', (page) => page.locator('input[type="password"]').first());
await browser.close();
await server.close();

const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
const total = sum(scripts, 'gzip');
const raw = sum(scripts, 'raw');
if (process.argv.includes('--verbose')) {
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${(s.gzip / 1000).toFixed(1).padStart(7)} kB  ${s.url}`);
}
const kb = (total / 1000).toFixed(1);
console.log(
  `login page JS (/#/login): ${loginScripts.length} files, ${(sum(loginScripts, 'raw') / 1000).toFixed(1)} kB raw, ${(sum(loginScripts, 'gzip') / 1000).toFixed(1)} kB gzip`,
);
console.log(
  `first page JS: ${scripts.length} files, ${(raw / 1000).toFixed(1)} kB raw, ${kb} kB gzip (budget ${BUDGET_KB} kB) ${total / 1000 <= BUDGET_KB ? 'OK' : 'OVER BUDGET'}`,
);
