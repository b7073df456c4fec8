// The coupon screens (issue 14 items 6 and 7) in Chromium against the real BFF, mf-admin on its own
// origin, used by an operations (yunying) account: a Taobao batch is created, its codes are
// downloaded as a.txt, a user redeems one of them, the batch is deleted with 删除所有, and the use
// still shows up in /coupon_records, where it is restored.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import type { AdminCoupon } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { seeded } from '../support/accounts';
import { api, loginAs } from '../support/session';
import { expectToast } from '../support/ui';

test.describe.configure({ timeout: 120_000 });

test('an operator creates a Taobao batch, downloads a.txt, sees a user redeem one of its codes and restores the use', async ({
  page,
  browser,
}) => {
  await loginAs(page, seeded.yunying.email, seeded.yunying.password);
  const screen = page.locator('[data-remote="mf_admin"]');
  await page.goto('/#/admin_coupon?type=freeTime&taobao=1');
  await expect(screen.getByRole('button', { name: '新增' })).toBeEnabled({ timeout: 30_000 });

  const name = `淘宝七天 ${Date.now()}`;
  await screen.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: '淘宝' })).toBeChecked();
  await expect(dialog.getByLabel('优惠券码')).toHaveCount(0);
  await dialog.getByLabel('名称', { exact: true }).fill(name);
  await dialog.getByLabel('生成数量').fill('3');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, adminMessages.success.couponSaved);

  // Only this batch listed (search), then its codes as a.txt.
  await screen.getByLabel('搜索').fill(name);
  await expect(screen.getByTestId('coupons-row')).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await screen.getByRole('button', { name: '下载券码（a.txt）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('a.txt');
  const codes = (await readFile((await download.path())!, 'utf8')).split('\n').filter(Boolean);
  const listed = await api<AdminCoupon[]>(page.context().request, 'yunying/coupon/coupon_list');
  const batch = listed.data.filter((c) => c.name === name);
  expect(batch).toHaveLength(3);
  expect([...codes].sort()).toEqual(batch.map((c) => c.code).sort());
  for (const code of codes) expect(code).toMatch(/^[A-Z]{6}$/);

  // A user redeems one code.
  const userContext = await browser.newContext();
  try {
    const user = await userContext.newPage();
    await loginAs(user, seeded.normal.email, seeded.normal.password);
    const redeemed = await api(userContext.request, 'coupon/redeem_coupon', { code: codes[0] });
    expect(redeemed.code, redeemed.msg).toBe(0);
  } finally {
    await userContext.close();
  }

  // 删除所有 over the batch, one of them used: all three leave the list (issue 26: a soft delete).
  await page.goto(`/#/admin_coupon?type=freeTime&taobao=1`);
  await screen.getByLabel('搜索').fill(name);
  await expect(screen.getByTestId('coupons-row')).toHaveCount(3);
  await screen.getByRole('button', { name: '删除所有' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expectToast(page, '删除所有优惠券成功');
  await expect(screen.getByTestId('coupons-row')).toHaveCount(0);
  const left = await api<AdminCoupon[]>(page.context().request, 'yunying/coupon/coupon_list');
  expect(left.data.filter((c) => c.name === name)).toEqual([]);

  // The use is still recorded with its code.
  await page.goto('/#/coupon_records');
  const row = screen.getByTestId('coupon-records-row').filter({ hasText: codes[0]! });
  await expect(row).toContainText(seeded.normal.email, { timeout: 30_000 });
  await expect(row).toContainText('7天');
  await expect(row).toContainText('已使用');

  // Restored (after a confirmation): the use reads 已恢复 and offers no second restore.
  await row.getByRole('button', { name: '恢复' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expectToast(page, '恢复成功');
  await expect(row).toContainText('已恢复');
  await expect(row.getByRole('button', { name: '恢复' })).toHaveCount(0);
});
