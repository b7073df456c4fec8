// Prints the gzip size of the JavaScript the shell's first page loads (the dashboard at /#/),
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
const page = await browser.newPage();
const scripts = [];
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  try {
    const body = await response.body();
    scripts.push({ url: response.url().replace(server.url, ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  } catch {
    // a response without a body (redirect) carries no script
  }
});
await page.goto(`${server.url}/#/`);
await page.getByRole('heading', { name: '使用教程' }).waitFor({ timeout: 20000 });
await page.waitForLoadState('networkidle');
await browser.close();
await server.close();

const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
if (process.argv.includes('--verbose')) {
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1000).toFixed(1).padStart(7)} kB  ${s.url}`);
}
const kb = (total / 1000).toFixed(1);
console.log(`first page JS: ${scripts.length} files, ${(raw / 1000).toFixed(1)} kB raw, ${kb} kB gzip (budget ${BUDGET_KB} kB) ${total / 1000 <= BUDGET_KB ? 'OK' : 'OVER BUDGET'}`);
