// Development mode, end to end: `npm run dev` on its own ports (DEV_CHECK_PORT_BASE, default
// 19000), the shell from its dev server loading the remotes from theirs, the API through the
// shell's proxy, a remote standalone, and hot reload in the shell and in a remote. Run it with
// `npm run test:dev`; it is not part of the production e2e suite (e2e/playwright.config.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeResponse, encodeRequest } from '@portal/contracts';
import {
  admin,
  devPorts,
  isPortFree,
  logTail,
  prepareSnapshot,
  snapshotDir,
  startDevPortal,
  url,
  waitForUrls,
  writeSnapshotFile,
  type DevPortal,
} from './dev-portal';

const shell = url(devPorts.shell);
const remotes = ['mf_user', 'mf_shop', 'mf_tutorials', 'mf_admin'] as const;

const probe = (testId: string, text: string) =>
  `export default function DevCheckProbe() {\n  return <p data-testid="${testId}">${text}</p>;\n}\n`;

let portal: DevPortal | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const busy: number[] = [];
  for (const port of Object.values(devPorts)) if (!(await isPortFree(port))) busy.push(port);
  expect(busy, 'ports of the dev check are in use (set DEV_CHECK_PORT_BASE)').toEqual([]);

  prepareSnapshot();
  // Probes for hot reload: the shop page of mf-shop, and a line under the shell's app.
  writeSnapshotFile('mf-shop/src/dev-check-probe.tsx', probe('remote-probe', 'remote probe 1'));
  writeSnapshotFile(
    'mf-shop/src/pages.tsx',
    `import { definePages } from '@portal/ui';\nimport DevCheckProbe from './dev-check-probe';\n\nexport default definePages('mf_shop', { shop: DevCheckProbe });\n`,
  );
  writeSnapshotFile('shell/src/dev-check-probe.tsx', probe('shell-probe', 'shell probe 1'));
  const bootstrap = readFileSync(path.join(snapshotDir, 'shell/src/bootstrap.tsx'), 'utf8');
  if (!bootstrap.includes('root.render(<App />);'))
    throw new Error('shell/src/bootstrap.tsx no longer renders <App />: update the dev check');
  writeSnapshotFile(
    'shell/src/bootstrap.tsx',
    `import DevCheckProbe from './dev-check-probe';\n${bootstrap.replace('root.render(<App />);', 'root.render(<><App /><DevCheckProbe /></>);')}`,
  );

  portal = startDevPortal();
  await waitForUrls(
    portal,
    [`${shell}/`, `${url(devPorts.bff)}/readyz`, ...remotes.map((name) => `${url(devPorts[name])}/mf-manifest.json`)],
    120_000,
  );
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await portal?.stop();
});

/** Page errors and console errors of a page, checked at the end of each test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** An API call with the page's cookies, through the dev server at `origin`. */
async function call(page: Page, origin: string, apiPath: string, payload: object = {}) {
  const response = await page.request.post(`${origin}/api/${apiPath}`, {
    data: encodeRequest(payload),
    headers: { origin },
  });
  return decodeResponse<{ email?: string }>(await response.json());
}

/**
 * Edits a probe and expects the new text without a page load (the marker survives). `errors`
 * (from watchErrors) is in the failure message: the dev client logs why it fell back to a reload.
 */
async function expectHotUpdate(page: Page, errors: string[], file: string, testId: string, text: string) {
  await page.evaluate(() => ((window as unknown as { devCheckMarker: boolean }).devCheckMarker = true));
  writeSnapshotFile(file, probe(testId, text));
  await expect(page.getByTestId(testId)).toHaveText(text, { timeout: 15_000 });
  const marker = await page.evaluate(() => (window as unknown as { devCheckMarker?: boolean }).devCheckMarker);
  expect(marker, `the page was loaded again; its errors: ${JSON.stringify(errors)}`).toBe(true);
}

test('the shell dev server renders and loads each remote from its dev server', async ({ page }) => {
  const errors = watchErrors(page);
  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
  });

  await page.goto(`${shell}/#/`);
  await expect(page.locator('[data-route-area="mf_user"] [data-remote="mf_user"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('shell-probe')).toHaveText('shell probe 1');
  for (const [hash, remote] of [
    ['/shop', 'mf_shop'],
    ['/flclash_for_pc', 'mf_tutorials'],
  ] as const) {
    await page.evaluate((h) => (location.hash = `#${h}`), hash);
    await expect(page.locator(`[data-route-area="${remote}"] [data-remote="${remote}"]`)).toBeVisible({
      timeout: 30_000,
    });
  }
  expect(manifests).toEqual(
    expect.arrayContaining([`${url(devPorts.mf_user)}/mf-manifest.json`, `${url(devPorts.mf_shop)}/mf-manifest.json`]),
  );
  // One React DOM in the page: the development DevTools hook records every renderer.
  const renderers = await page.evaluate(
    () =>
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
        .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
  );
  expect(renderers).toBe(1);
  expect(errors).toEqual([]);
});

test('API calls reach the BFF through the shell dev server', async ({ page }) => {
  const config = await (await page.request.get(`${shell}/portal-config.json`)).json();
  expect(config.remotes.mf_shop).toBe(`${url(devPorts.mf_shop)}/mf-manifest.json`);

  expect((await call(page, shell, 'user/login', admin)).code).toBe(0);
  const info = await call(page, shell, 'user/userinfo');
  expect(info.code).toBe(0);
  expect(info.data.email).toBe(admin.email);
});

test('hot reload: the shell and a remote inside the shell update without a page load', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${shell}/#/shop`);
  await expect(page.getByTestId('remote-probe')).toHaveText('remote probe 1', { timeout: 30_000 });
  await expectHotUpdate(page, errors, 'shell/src/dev-check-probe.tsx', 'shell-probe', 'shell probe 2');
  await expectHotUpdate(page, errors, 'mf-shop/src/dev-check-probe.tsx', 'remote-probe', 'remote probe 2');
  expect(errors).toEqual([]);
});

test('a remote runs standalone on its own dev server, with hot reload', async ({ page }) => {
  const errors = watchErrors(page);
  const remote = url(devPorts.mf_shop);
  // Signed in through the remote's own dev server, so the page's session call succeeds too.
  expect((await call(page, remote, 'user/login', admin)).code).toBe(0);
  const userinfo = page.waitForResponse((r) => r.url() === `${remote}/api/user/userinfo`);
  await page.goto(`${remote}/#/shop`);
  expect((await userinfo).status()).toBe(200);
  await expect(page.getByTestId('remote-probe')).toHaveText('remote probe 2', { timeout: 30_000 });
  await expectHotUpdate(page, errors, 'mf-shop/src/dev-check-probe.tsx', 'remote-probe', 'remote probe 3');
  expect(errors).toEqual([]);
});

// eslint-disable-next-line no-empty-pattern -- Playwright wants the fixtures argument destructured
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run dev (log tail)', { body: logTail(80) });
});
