// The settings screen's structured editors (issue 25), in Chromium against the real BFF with
// mf-admin from its own origin: the epay platforms are rows (one per platform, the key write-only)
// and addresses are single-line inputs checked in the form with the schema the BFF checks.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import type { AdminConfig } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { SECRET_MASK } from '@portal/contracts/schemas';
import { api, loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const adminArea = (page: Page) => page.locator('[data-remote="mf_admin"]');
/** The rows of the epay platforms, named by the setting's label. */
const platforms = (page: Page) => adminArea(page).getByRole('group', { name: '第三方支付平台' });
const savedConfig = async (request: APIRequestContext) => (await api<AdminConfig>(request, 'admin/config/get')).data;

test.describe.configure({ timeout: 120_000 });

test('an operator adds an epay platform as a row, saves, and after a reload sees it with the key masked', async ({
  page,
}) => {
  await loginAs(page);
  const request = page.context().request;
  const before = (await savedConfig(request)).values.epay_platforms;
  const gateway = `https://pay-${Date.now()}.e2e.example`;
  try {
    await page.goto('/#/admin_config');
    await expect(platforms(page)).toBeVisible({ timeout: 30_000 });
    await platforms(page)
      .getByLabel(/^要添加到/)
      .selectOption('zhifubuluo');
    await platforms(page).getByRole('button', { name: '添加', exact: true }).click();
    const row = platforms(page).getByRole('group', { name: 'zhifubuluo', exact: true });
    await expect(row.getByLabel('密钥', { exact: true })).toHaveAttribute('placeholder', '未设置');
    await row.getByLabel('网关地址').fill(gateway);
    await row.getByLabel('商户号（pid）').fill('20250');
    await row.getByLabel('密钥', { exact: true }).fill('e2e-epay-key');
    await adminArea(page).getByRole('button', { name: '保存', exact: true }).click();
    await expectToast(page, adminMessages.success.updated);

    await page.reload();
    const again = platforms(page).getByRole('group', { name: 'zhifubuluo', exact: true });
    await expect(again.getByLabel('网关地址')).toHaveValue(gateway, { timeout: 30_000 });
    await expect(again.getByLabel('商户号（pid）')).toHaveValue('20250');
    const key = again.getByLabel('密钥', { exact: true });
    await expect(key).toHaveValue('');
    await expect(key).toHaveAttribute('type', 'password');
    await expect(key).toHaveAttribute('placeholder', '已设置，输入新值以替换');
    // The key was stored, and only its mask ever comes back.
    const shown = await savedConfig(request);
    expect(shown.values.epay_platforms).toMatchObject({ zhifubuluo: { gateway, pid: '20250', key: SECRET_MASK } });
    expect(JSON.stringify(shown)).not.toContain('e2e-epay-key');
  } finally {
    // Masks sent back keep the keys stored before this test.
    const reset = await api(request, 'admin/config/set_config', { epay_platforms: before });
    expect(reset.code).toBe(0);
  }
});

test('at phone width, a platform’s inputs stack and a bad address is refused in the form with a message; nothing is saved', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page);
  const request = page.context().request;
  const before = (await savedConfig(request)).values;
  await page.goto('/#/admin_config');
  const form = adminArea(page);
  const address = form.getByLabel('交流群链接', { exact: true });
  await expect(address).toBeVisible({ timeout: 30_000 });
  await expect(address).toHaveAttribute('type', 'url');
  await address.fill('t.me/our-group');

  // A platform added (whichever the list offers first): its inputs one under the other, within the screen.
  const key = await platforms(page)
    .getByLabel(/^要添加到/)
    .inputValue();
  await platforms(page).getByRole('button', { name: '添加', exact: true }).click();
  const row = platforms(page).getByRole('group', { name: key, exact: true });
  const gateway = row.getByLabel('网关地址');
  const gatewayBox = (await gateway.boundingBox())!;
  const pidBox = (await row.getByLabel('商户号（pid）').boundingBox())!;
  expect(pidBox.y).toBeGreaterThan(gatewayBox.y + gatewayBox.height);
  const rowBox = (await row.boundingBox())!;
  expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(390);
  await gateway.fill('pay.example.com');

  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/config/set_config')) sent = true;
  });
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form.getByText('请填写以 http:// 或 https:// 开头的完整地址（不含空格）')).toHaveCount(2);
  expect(sent).toBe(false);
  const after = (await savedConfig(request)).values;
  expect(after.chat_group_url).toBe(before.chat_group_url);
  expect(after.epay_platforms).toEqual(before.epay_platforms);
});
