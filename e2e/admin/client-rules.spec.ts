// One link for every client (issue 27) in Chromium against the real BFF: the operator tests a
// client against the universal link's rule table on /admin_config at phone width (the rules as the
// screen holds them, unsaved edits included); a signed-in user finds the universal link on the
// dashboard; a browser opening it gets the subscription page, a client its configuration.
import { type Page } from '@playwright/test';
import { parse } from 'yaml';
import { expect, test } from '../support/test';
import { createUser } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { loginAs } from '../support/session';

const PHONE = { width: 390, height: 844 };
const adminArea = (page: Page) => page.locator('[data-remote="mf_admin"]');
test.describe.configure({ timeout: 150_000 });

test('the operator’s rule tester says which rule a client meets, on the rules as the screen holds them', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginAs(page);
  await page.goto('/#/admin_config');
  const tester = adminArea(page).getByTestId('client-rule-tester');
  await expect(tester).toBeVisible({ timeout: 30_000 });
  await tester.scrollIntoViewIfNeeded();
  const box = await tester.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

  const input = tester.getByLabel('测试通用订阅链接的客户端规则');
  await input.fill('Quantumult%20X/1.4.1 (iPhone15,2; iOS 17.5)');
  await tester.getByRole('button', { name: '测试', exact: true }).click();
  await expect(tester.getByTestId('client-rule-result')).toHaveText(/命中第 \d+ 条规则「Quantumult X」：返回 qx/);

  await input.fill('SomeNewClient/0.1');
  await input.press('Enter');
  await expect(tester.getByTestId('client-rule-result')).toHaveText('没有规则命中：返回分享链接（v2box）');
  // Enter tested; it did not submit the settings form.
  await expect(page.getByText('更新成功')).toHaveCount(0);
});

test('a user finds the universal link on the dashboard; a browser gets the page, a client its configuration', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const user = await createUser(page.context().request, 'auto');
  const info = await loginAs(page, user.email, user.password);
  await page.goto('/#/');
  const entry = page.getByTestId('universal-link');
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await entry.getByRole('button', { name: /通用订阅链接/ }).click();
  await expect(page.getByTestId('subscribe-menu-universal')).toBeVisible();

  const link = `${e2eEnv.baseUrl}/api/subscript/auto/${info._id}/${info.userkey}`;
  const clash = await page.context().request.get(link, { headers: { 'user-agent': 'clash-verge/v1.7.7' } });
  expect(clash.status()).toBe(200);
  expect(parse(await clash.text())).toHaveProperty('proxies');

  const visitor = await browser.newContext({ viewport: PHONE });
  try {
    const tab = await visitor.newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tab.getByTestId('traffic-left')).toBeVisible();
    await expect(tab.getByRole('img', { name: 'FlClash 二维码' })).toBeVisible();
    await expect(tab.getByRole('link', { name: '一键导入' }).first()).toHaveAttribute(
      'href',
      /^clashmeta:\/\/install-config/,
    );
    const width = await tab.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  } finally {
    await visitor.close();
  }
});
