// Who reaches the back office: the admin remote is fetched (from its own origin) only for admin
// and operations sessions; a yunying user sees only the operations screens; the BFF refuses the
// admin API to everyone else whatever the page does.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { routes } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { seeded } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { api, loginAs } from '../support/session';
import { mainMenu } from '../support/ui';

const adminRoutes = routes.filter((r) => r.remote === 'mf_admin');
const label = (path: string) => adminRoutes.find((r) => r.path === path)!.menuLabel!;

/** Every URL the page requests from the admin remote's origin. */
function adminRemoteRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(e2eEnv.adminHostUrl)) seen.push(r.url());
  });
  return seen;
}

test('a normal user who opens an admin route never downloads the admin remote, and the admin API refuses them', async ({
  page,
}) => {
  await loginAs(page, seeded.normal.email, seeded.normal.password);
  const fetched = adminRemoteRequests(page);
  await page.goto('/#/admin_combos');
  await expect(page.getByText(adminMessages.forbidden)).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: label('/admin_combos') })).toHaveCount(0);
  await page.goto('/#/admin_config');
  await expect(page.getByText(adminMessages.forbidden)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  // The page is only a convenience: the calls themselves are refused.
  const request = page.context().request;
  const list = await api(request, 'admin/config/get');
  expect(list.code).toBe(4003);
  const save = await api(request, 'admin/combo/update_combo', {
    name: '偷偷上架',
    price: 0.01,
    trafficG: 1000,
    vipDuration: 0,
    limit: 50,
    additionPersend: 0,
    deviceNum: 0,
    speed: '',
    permissionsGain: [],
    permissionDuration: 0,
    permissionsDesc: '',
    orderID: 0,
  });
  expect(save.code).toBe(4003);
  const shop = await api<Array<{ name: string }>>(request, 'shop/list');
  expect(shop.data.map((c) => c.name)).not.toContain('偷偷上架');
});

test('a yunying user sees only the operations screens in the menu and a refusal on the others', async ({ page }) => {
  await loginAs(page, seeded.yunying.email, seeded.yunying.password);
  await page.goto('/#/');
  // The header has one back-office entry; the screens are in the admin remote's sidebar.
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: label('/admin'), exact: true })).toBeVisible();
  await page.goto('/#/admin_coupon');
  const sidebar = page.getByTestId('admin-sidebar');
  for (const path of ['/admin_coupon', '/coupon_records', '/admin_prize']) {
    await expect(sidebar.getByRole('link', { name: label(path), exact: true })).toBeVisible();
  }
  for (const path of ['/admin_config', '/admin_combos', '/admin_agents', '/admin_agentLines', '/admin_error']) {
    await expect(sidebar.getByRole('link', { name: label(path), exact: true })).toHaveCount(0);
  }
  // Typed into the address bar anyway: the admin remote itself refuses the screen.
  for (const path of ['/admin_combos', '/admin_config', '/admin_userlist', '/admin_stastic']) {
    await page.goto(`/#${path}`);
    await expect(page.locator('[data-remote="mf_admin"]').getByText(adminMessages.forbidden)).toBeVisible();
  }
  const request = page.context().request;
  expect((await api(request, 'admin/agents/list')).code).toBe(4003);
  expect((await api(request, 'admin/users/userlist', { number: 100, filterStr: '' })).code).toBe(4003);
});
