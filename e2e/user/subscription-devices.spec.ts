// 客户端设备 (issue 27) in Chromium against the real BFF: two clients import a user's link with
// their hardware ids (x-hwid); the user sees both on /user_info at phone width and removes one
// after a confirmation; the operator sees the fetches of the link and the devices in the user's
// 客户端设备 dialog, finds the user with the sharing filter and resets the key from there.
import type { APIRequestContext } from '@playwright/test';
import { clientDeviceMessages as t } from '@portal/contracts/subscription-devices';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { createUser } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const PHONE = { width: 390, height: 844 };
test.describe.configure({ timeout: 150_000 });

/** A client app fetching the user's Clash link with its hardware id and device headers. */
async function importLink(request: APIRequestContext, link: string, hwid: string, model: string, os: string) {
  const response = await request.get(link, {
    headers: {
      'user-agent': 'FlClash/0.8.80',
      'x-hwid': hwid,
      'x-device-os': os,
      'x-ver-os': '14',
      'x-device-model': model,
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain('设备数已达上限');
}

test('a user sees the two clients that imported the link and removes one; the operator sees the fetches', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const user = await createUser(page.context().request, 'hwid');
  const info = await loginAs(page, user.email, user.password);
  const link = `${e2eEnv.baseUrl}/api/subscript/mjclash/${info._id}/${info.userkey}`;
  await importLink(page.context().request, link, 'e2e-hw-phone', 'Pixel 8', 'Android');
  await importLink(page.context().request, link, 'e2e-hw-tablet', 'SM-X710', 'Android');

  await page.goto('/#/user_info');
  const section = page.getByTestId('profile-client-devices');
  await expect(section.getByTestId('profile-client-device')).toHaveCount(2, { timeout: 30_000 });
  await expect(section.getByTestId('client-devices-used')).toHaveText(t.limit(2, 0));
  await expectAccessible(page, '客户端设备', { include: '[data-testid="profile-client-devices"]' });
  // Nothing of the section is wider than the phone.
  const box = await section.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

  await section.getByRole('button', { name: `${t.remove} SM-X710 · Android 14` }).click();
  const dialog = page.getByTestId('remove-client-device-dialog');
  await expect(dialog).toContainText('SM-X710');
  await dialog.getByRole('button', { name: t.confirm }).click();
  await expectToast(page, t.removed);
  await expect(section.getByTestId('profile-client-device')).toHaveCount(1);
  await expect(section.getByTestId('profile-client-device')).toContainText('Pixel 8');

  // The operator, on a desktop: the user's 客户端设备 with the fetch history.
  const admin = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const adminPage = await admin.newPage();
    await loginAs(adminPage);
    await adminPage.goto(`/#/admin_userlist?filter=${encodeURIComponent(user.email)}`);
    const row = adminPage.getByRole('row').filter({ hasText: user.email });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.getByRole('button', { name: t.title, exact: true }).click();
    const detail = adminPage.getByTestId('user-client-devices');
    await expect(detail.getByTestId('user-client-device')).toHaveCount(1);
    await expect(detail.getByTestId('client-devices-limit-source')).toHaveText(t.limitSource(0, 0));
    // Both fetches were recorded (written in batches, so the list may need a moment).
    await expect(async () => {
      await detail.getByRole('button', { name: '关闭' }).first().click();
      await row.getByRole('button', { name: t.title, exact: true }).click();
      await expect(detail.getByTestId('user-client-fetches').getByRole('row')).toHaveCount(3, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(detail.getByTestId('user-client-fetches')).toContainText('FlClash/0.8.80');
    await detail.getByRole('button', { name: '关闭' }).first().click();

    // Two devices in a day: the sharing filter finds the user, and the operator resets the key there.
    await adminPage.goto(`/#/admin_userlist?shared=2&filter=${encodeURIComponent(user.email)}`);
    const flagged = adminPage.getByRole('row').filter({ hasText: user.email });
    await expect(flagged).toHaveCount(1, { timeout: 30_000 });
    await flagged.getByRole('button', { name: '重置订阅链接', exact: true }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expectToast(adminPage, '订阅链接已重置');
    expect((await page.context().request.get(link)).status()).toBe(404);
  } finally {
    await admin.close();
  }
});
