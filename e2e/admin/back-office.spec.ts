// The back office, part 1, in Chromium against the real BFF, with mf-admin served from an origin
// of its own: an operator's change reaches users at once (a product in the shop, the announcement,
// a node and line in the Clash subscription).
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { frameMessages, userMessages, type Combo, type UserInfo } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { parse } from 'yaml';
import { seeded } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { api, loginAs, userInfo } from '../support/session';
import { expectToast, setChecked } from '../support/ui';

/** The admin remote's area: where axe looks. */
const AREA = { include: '[data-remote="mf_admin"]' };

/** The admin remote's area of the page. */
const adminArea = (page: Page) => page.locator('[data-remote="mf_admin"]');

/** Opens the add dialog of the current resource screen. */
async function openAddDialog(page: Page): Promise<Locator> {
  await adminArea(page).getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

// Each test walks several admin screens, each a chunk of its own fetched from the admin origin.
test.describe.configure({ timeout: 120_000 });

async function logInThroughTheLoginPage(page: Page) {
  await page.goto('/#/login');
  await page.getByLabel(userMessages.fields.email, { exact: true }).fill(e2eEnv.admin.email);
  await page.getByLabel(userMessages.fields.password, { exact: true }).fill(e2eEnv.admin.password);
  await page.getByRole('button', { name: userMessages.login.submit, exact: true }).click();
  await expect(page.getByTestId('header-email')).toHaveText(e2eEnv.admin.email);
  // The login page sends the user home once the session is loaded; the next address comes after.
  await expect(page).toHaveURL(/#\/$/);
}

test('an admin creates a product and a normal user sees it in the shop', async ({ page, browser }) => {
  await logInThroughTheLoginPage(page);
  const adminOrigin = page.waitForResponse((r) => r.url().startsWith(e2eEnv.adminHostUrl) && r.ok());
  await page.goto('/#/admin_combos');
  await adminOrigin;
  await expect(adminArea(page).getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/admin_combos', AREA);

  const name = `运营新品 ${Date.now()}`;
  const dialog = await openAddDialog(page);
  await dialog.getByLabel('名称', { exact: true }).fill(name);
  await dialog.getByLabel('价格（元）').fill('12.5');
  await dialog.getByLabel('流量（G）').fill('30');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, adminMessages.success.comboSaved);
  await expect(adminArea(page).getByRole('cell', { name, exact: true })).toBeVisible();

  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    await loginAs(userPage, seeded.normal.email, seeded.normal.password);
    await userPage.goto('/#/shop');
    await expect(userPage.getByText(name)).toBeVisible();
    const shop = await api<Combo[]>(context.request, 'shop/list');
    const product = shop.data.find((c) => c.name === name);
    expect(product).toMatchObject({ price: 12.5, traffic: 30 * 1024 ** 3 });
  } finally {
    await context.close();
  }
});

test('an admin edits the announcement title and a visitor sees it', async ({ page, browser }) => {
  await logInThroughTheLoginPage(page);
  await page.goto('/#/admin_config');
  const form = adminArea(page);
  await expect(form.getByLabel('公告标题')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/admin_config', AREA);
  const title = `维护通知 ${Date.now()}`;
  try {
    await form.getByLabel('公告标题').fill(title);
    const show = form.getByRole('checkbox', { name: '显示公告' });
    await setChecked(show, true);
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await expectToast(page, adminMessages.success.updated);

    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto('/#/');
      const announcement = visitor.getByRole('dialog', { name: frameMessages.announcement.title });
      await expect(announcement.getByTestId('announcement-title')).toHaveText(title);
    } finally {
      await context.close();
    }
  } finally {
    // Other suites expect the announcement off.
    const reset = await api(page.context().request, 'admin/config/set_config', {
      notice_show: false,
      notice_title: '',
    });
    expect(reset.code).toBe(0);
  }
});

test("an admin creates a node and a line, and the user's Clash subscription lists the line at once", async ({
  page,
  browser,
}) => {
  await logInThroughTheLoginPage(page);
  const stamp = Date.now();
  const nodeName = `运营节点${stamp}`;
  const lineName = `运营线路${stamp}`;

  await page.goto('/#/admin_agents');
  await expect(adminArea(page).getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/admin_agents', AREA);
  let dialog = await openAddDialog(page);
  await dialog.getByLabel('名称', { exact: true }).fill(nodeName);
  await dialog.getByLabel('IP', { exact: true }).fill('203.0.113.77');
  await dialog.getByLabel('域名', { exact: true }).fill('');
  await dialog.getByRole('button', { name: '保存' }).click();
  // The node-API secret is shown once, then never again.
  const secret = page.getByTestId('agent-secret-dialog');
  await expect(secret).toBeVisible();
  await expect(secret).toContainText(/[A-Za-z0-9_-]{32,}/);
  await secret.getByRole('button', { name: '我已保存' }).click();
  await expect(adminArea(page).getByRole('cell', { name: nodeName, exact: true })).toBeVisible();

  await page.goto('/#/admin_agentLines');
  await expect(adminArea(page).getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/admin_agentLines', AREA);
  dialog = await openAddDialog(page);
  await dialog.getByLabel('名称', { exact: true }).fill(lineName);
  await dialog.getByLabel('节点', { exact: true }).selectOption({ label: nodeName });
  await dialog.getByLabel('中转方式').selectOption('none');
  // The spec's refusal, in the form before the BFF: a fixed name listed twice.
  await dialog.getByLabel('数量').fill('2');
  await setChecked(dialog.getByRole('checkbox', { name: '固定名字' }), true);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText(adminMessages.lineFixNameRefusal)).toBeVisible();
  await setChecked(dialog.getByRole('checkbox', { name: '固定名字' }), false);
  await dialog.getByLabel('数量').fill('1');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, adminMessages.success.lineUpdated);

  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    const user: UserInfo = await loginAs(userPage, seeded.paid.email, seeded.paid.password);
    expect(user._id).toBe((await userInfo(context.request))._id);
    const response = await context.request.get(`${e2eEnv.baseUrl}/api/subscript/clash/${user._id}/${user.userkey}`);
    expect(response.status()).toBe(200);
    const config = parse(await response.text()) as { proxies: Array<{ name: string; server: string }> };
    const listed = config.proxies.find((p) => p.name.includes(lineName));
    expect(listed, config.proxies.map((p) => p.name).join('\n')).toBeTruthy();
    expect(listed!.server).toMatch(/203\.0\.113\.77/);
  } finally {
    await context.close();
  }
});
