// /wallet's withdrawal (issue 13) in Chromium against the real BFF, end to end with the back office
// (issue 14 item 7, mf-admin on its own origin): a user with 600 yuan saves a TRC20 address, asks
// for a withdrawal of the whole balance (after the confirm dialog) and sees it 待结算; an admin
// settles it on /admin_charge with a txid; the user's /wallet then shows 已结算 and the txid.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import type { Wallet } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { seeded } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { api, loginAs } from '../support/session';
import { expectToast } from '../support/ui';

// The USDT contract's own address: a TRC20 address with a valid base58check checksum.
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

test.describe.configure({ timeout: 120_000 });

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

test('a user withdraws the wallet to a TRC20 address, an admin settles it with a txid, the user sees 已结算 and the txid', async ({
  page,
  browser,
}, testInfo) => {
  // Each attempt has a wallet of its own: a first attempt that withdrew must not empty the retry's.
  const owner = testInfo.retry === 0 ? seeded.walletWithdraw : seeded.walletWithdrawRetry;
  expect(testInfo.retry, 'one seeded wallet per attempt').toBeLessThanOrEqual(1);
  await loginAs(page, owner.email, owner.password);
  const before = await api<Wallet>(page.context().request, 'wallet/mywallet');
  expect(before.data).toMatchObject({ money: 600, min_charge_money: 500, address: '' });

  await page.goto('/#/wallet');
  const wallet = userArea(page);
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('600.000', { timeout: 30_000 });
  await expect(wallet.getByTestId('wallet-withdrawals').getByText('暂无记录')).toBeVisible();

  // No address yet: the spec's refusal, and no dialog.
  await wallet.getByRole('button', { name: '申请提现' }).click();
  await expectToast(page, '请先填写并确认您的收款地址');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // A malformed TRC20 address is refused in the page; a valid one is saved.
  await wallet.getByLabel('地址类型').selectOption('USDT-TRC20');
  await wallet.getByLabel('收款地址').fill('T123');
  await wallet.getByRole('button', { name: '保存收款地址' }).click();
  await expect(wallet.getByText('收款地址格式不正确（USDT-TRC20）')).toBeVisible();
  await wallet.getByLabel('收款地址').fill(TRC20);
  await wallet.getByRole('button', { name: '保存收款地址' }).click();
  // Where the money goes needs the current password (issue 24).
  const confirm = page.getByRole('dialog', { name: '确认修改收款地址' });
  await confirm.getByLabel('当前密码').fill(owner.password);
  await confirm.getByRole('button', { name: '确认修改' }).click();
  await expectToast(page, '收款地址已保存');
  await expect(wallet.getByTestId('wallet-current-address')).toContainText(TRC20);

  // Withdraw: the confirm dialog, then the request is pending and the balance is empty.
  await wallet.getByRole('button', { name: '申请提现' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('600.000');
  await expect(dialog).toContainText(TRC20);
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expectToast(page, '提现申请已提交，请等待结算');
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('0.000');
  const record = wallet.getByTestId('withdrawal-record');
  await expect(record).toHaveCount(1);
  await expect(record.getByTestId('withdrawal-status')).toHaveText('待结算');
  await expect(record).toContainText('¥600.00');
  await expect(wallet.getByTestId('spend-record').first()).toContainText('提现');

  // The admin settles it on /admin_charge (mf-admin from its own origin) with a txid.
  const txid = `e2e-tx-${Date.now()}`;
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await loginAs(admin);
    const adminOrigin = admin.waitForResponse((r) => r.url().startsWith(e2eEnv.adminHostUrl) && r.ok());
    await admin.goto('/#/admin_charge');
    await adminOrigin;
    const row = admin.locator('[data-remote="mf_admin"]').getByTestId('charges-row').filter({ hasText: owner.email });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('待结算');
    await row.getByRole('button', { name: '结算' }).click();
    const settle = admin.getByRole('dialog');
    await settle.getByLabel('交易哈希（txid）').fill(txid);
    await settle.getByRole('button', { name: '保存' }).click();
    await expectToast(admin, adminMessages.success.settled);
    await expect(row).toContainText('已结算');
  } finally {
    await adminContext.close();
  }

  // The user's wallet shows it settled, with the txid.
  await page.reload();
  await expect(record.getByTestId('withdrawal-status')).toHaveText('已结算', { timeout: 30_000 });
  await expect(record.getByTestId('withdrawal-txid')).toHaveText(txid);
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('0.000');
});
