import { type Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { encodeResponse, frameMessages, userMessages } from '@portal/contracts';

test('a remote that is down shows a fallback in its area only, and retry recovers', async ({ page }) => {
  await page.route('**/remotes/mf-shop/**', (route) => route.abort('connectionrefused'));
  await page.goto('/#/shop');
  const area = page.locator('[data-route-area="mf_shop"]');
  await expect(area.getByRole('alert')).toContainText('页面加载失败', { timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();

  // Another remote keeps working.
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '使用教程' }).click();
  await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();

  // The remote comes back: the retry button loads it.
  await page.unroute('**/remotes/mf-shop/**');
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '商店' }).click();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('[data-remote="mf_shop"]')).toBeVisible();
});

test('a remote whose code throws costs only its own area', async ({ page }) => {
  await page.route('**/remotes/mf-shop/remoteEntry.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken deploy")' }),
  );
  await page.goto('/#/shop');
  await expect(page.locator('[data-route-area="mf_shop"]').getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '节点列表' }).click();
  await expect(page.locator('[data-remote="mf_user"]')).toBeVisible();
});

/**
 * A slow remote: its manifest or entry answers only after the loading timeouts: the shell's, 15 s
 * per attempt with three attempts (for the entry script the federation runtime's own 20 s script
 * timeout applies too). The page's clock is faked and jumped past each timeout, so the test does
 * not wait 47 s; the network requests themselves are held by the test and answered late.
 */
for (const part of ['mf-manifest.json', 'remoteEntry.js'] as const) {
  test(`a remote whose ${part} answers after the loading timeout shows the fallback with retry; the header, login and other remotes keep working`, async ({
    page,
  }) => {
    const held: Route[] = [];
    await page.route(`**/remotes/mf-shop/${part}`, (route) => {
      held.push(route);
    });
    await page.clock.install();
    // The shell preloads the route's remote from the page itself: held, it would hold the load event.
    await page.goto('/#/shop', { waitUntil: 'commit' });
    const area = page.locator('[data-route-area="mf_shop"]');
    const menu = page.getByRole('navigation', { name: frameMessages.mainMenu });
    await expect.poll(() => held.length).toBeGreaterThan(0);

    // While the shop hangs, the header, the login page (mf-user) and the tutorials work.
    await expect(menu).toBeVisible();
    await page.goto('/#/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: userMessages.login.title })).toBeVisible();
    await menu.getByRole('link', { name: '使用教程' }).click();
    await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();

    // Back to the shop: each attempt times out (the clock jumps past 15 s), then the fallback.
    await menu.getByRole('link', { name: '商店' }).click();
    const fallback = area.getByRole('alert');
    await expect(async () => {
      await page.clock.fastForward(16_000);
      await expect(fallback).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(fallback).toContainText('页面加载失败');
    expect(held.length).toBeGreaterThanOrEqual(1);
    await expect(menu).toBeVisible();

    // The late answers finally arrive: they change nothing on the page.
    await page.unroute(`**/remotes/mf-shop/${part}`);
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    await expect(fallback).toBeVisible();

    // Another remote still works, and retry loads the shop now that it answers in time.
    await menu.getByRole('link', { name: '使用教程' }).click();
    await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();
    await menu.getByRole('link', { name: '商店' }).click();
    await area.getByRole('button', { name: '重试' }).click();
    await expect(page.locator('[data-remote="mf_shop"]')).toBeVisible();
  });
}

test('a remote page that throws while rendering costs only its area; the portal goes on and retry renders it once the cause is gone', async ({
  page,
}) => {
  // An answer the shop page cannot draw (a product that is null): its render throws.
  const broken = '**/api/shop/list';
  await page.route(broken, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: encodeResponse({ code: 0, msg: '', data: [null] }) });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/#/shop');
  const area = page.locator('[data-route-area="mf_shop"]');
  await expect(area.getByRole('alert')).toContainText('页面加载失败', { timeout: 30_000 });
  const menu = page.getByRole('navigation', { name: frameMessages.mainMenu });
  await expect(menu).toBeVisible();

  // The rest of the portal works: another remote's page, and the header.
  await menu.getByRole('link', { name: '使用教程' }).click();
  await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();

  // Back to the shop: still broken, so the error again; the cause gone, 重试 draws the shop.
  await menu.getByRole('link', { name: '商店' }).click();
  await expect(area.getByRole('alert')).toContainText('页面加载失败');
  await page.unroute(broken);
  await area.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('[data-remote="mf_shop"]')).toBeVisible();
  await expect(area.getByRole('alert')).toHaveCount(0);
  // The throw was caught by the boundary, never an uncaught page error.
  expect(errors).toEqual([]);
});
