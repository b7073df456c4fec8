import { expect, test } from '@playwright/test';

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
