import { expect, test } from '../support/test';
import { adminGroups, adminScreensOf, DEFAULT_TITLE, routes } from '@portal/contracts';
import { loginAs } from '../support/session';

test.describe('route table', () => {
  test('every route loads its page from its own remote and sets its title', async ({ page }) => {
    // Every route of the table in turn (about fifty pages): more than the usual minute on a busy machine.
    test.setTimeout(180_000);
    // /admin (后台管理, the header's one back-office entry) opens the first screen the admin may use.
    const firstAdminScreen = adminScreensOf(adminGroups[0].id)[0]!;
    const check = async (route: (typeof routes)[number]) => {
      await page.goto(`/#${route.path}`);
      const area = page.locator(`[data-route-area="${route.remote}"] [data-remote="${route.remote}"]`);
      await expect(area, route.path).toBeVisible();
      const shown = route.path === '/admin' ? firstAdminScreen : route;
      await expect(page).toHaveTitle(shown.title);
      expect(shown.title).not.toBe(DEFAULT_TITLE);
    };
    // The login page sends a signed-in user home (spec-1 §2), so it is checked as a visitor.
    const login = routes.find((r) => r.path === '/login')!;
    await check(login);
    await loginAs(page);
    await page.reload(); // a full load, so the shell reads the new session
    for (const route of routes.filter((r) => r !== login)) await check(route);
  });

  test('menu navigation changes the title on every route change', async ({ page }) => {
    await page.goto('/#/');
    await expect(page).toHaveTitle('使用教程 - 云梯加速');
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '节点列表' }).click();
    await expect(page).toHaveURL(/#\/agents$/);
    await expect(page).toHaveTitle('节点列表 - 云梯加速');
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '商店' }).click();
    await expect(page).toHaveTitle('商店 - 云梯加速');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /低延迟/);
  });
});

test.describe('guards', () => {
  test('a visitor on a login-required route is sent to the login page', async ({ page }) => {
    await page.goto('/#/user_info');
    await expect(page).toHaveURL(/#\/login$/);
    await page.goto('/#/admin_config');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('an unknown path goes to login for a visitor and home with a session', async ({ page }) => {
    await page.goto('/#/no-such-page');
    await expect(page).toHaveURL(/#\/login$/);
    await loginAs(page);
    // A full page load (not a hash change), so the shell reads the new session.
    await page.goto('/?session#/no-such-page');
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();
  });

  test('a visitor never downloads the admin remote', async ({ page }) => {
    const adminRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/remotes/mf-admin/')) adminRequests.push(r.url());
    });
    for (const path of ['/', '/shop', '/admin_config', '/coupon_records']) await page.goto(`/#${path}`);
    await expect(page).toHaveURL(/#\/login$/);
    expect(adminRequests).toEqual([]);
  });
});

test.describe('agency mode', () => {
  test('on the agency host the menu hides the shop and the shop route goes home', async ({ page }) => {
    const { e2eEnv } = await import('../support/env');
    await page.goto(`${e2eEnv.agencyUrl}/#/`);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('link', { name: '使用教程' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '商店' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '邀请返利' })).toHaveCount(0);
    await page.goto(`${e2eEnv.agencyUrl}/#/shop`);
    await expect(page).toHaveURL(/#\/$/);
  });
});
