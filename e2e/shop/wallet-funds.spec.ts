// /wallet at phone width (375 px) against the real BFF (issue 24, "money that never came in must
// never leave"): a user with 50 yuan of withdrawable money (an invite rebate) starts a sandbox
// payment, cancels the order, and the payer approves on the sandbox page afterwards. The late
// payment comes back as shop credit (购物余额): the wallet page shows it apart from the
// withdrawable money (可提现) and the ledger line says which money it is. (The withdraw dialog's
// limit to the withdrawable money is proven by the wallet page's stories and the BFF tests.)
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import type { Order, PaymentResult, Wallet } from '@portal/contracts';
import { seeded } from '../support/accounts';
import { api, loginAs } from '../support/session';
import { approveInSandbox } from '../support/shop';

/** E2E 流量包 100G (10 yuan) of e2e/support/seed.json. */
const VOLUME_100G = 'e2e000000000000000000001';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

async function mywallet(page: Page): Promise<Wallet> {
  const result = await api<Wallet>(page.context().request, 'wallet/mywallet');
  expect(result.code, result.msg).toBe(0);
  return result.data;
}

test('a payment approved after its order was cancelled is shop credit, shown apart from the withdrawable money', async ({
  page,
  context,
}) => {
  await loginAs(page, seeded.walletSplit.email, seeded.walletSplit.password);
  const request = page.context().request;
  // A retry starts from what the first attempt left (its late payment is shop credit too).
  const before = await mywallet(page);
  expect(before.withdrawable_money).toBe(50);

  // Order, start an alipay payment on the sandbox (no wallet deduction), cancel the order.
  const order = await api<Order>(request, 'shop/create_order', { combo_id: VOLUME_100G });
  expect(order.code, order.msg).toBe(0);
  const payment = await api<PaymentResult>(request, 'shop/dobuy', {
    order_id: order.data._id,
    pay_mode: 'alipay',
    isMobile: true,
  });
  expect(payment.code, payment.msg).toBe(0);
  expect(payment.data).toMatchObject({ third_pay_platform: 'sandbox', request_pay_amound: 10 });
  expect((await api(request, 'order/cancel_order', { order_id: order.data._id })).code).toBe(0);

  // The payer approves afterwards: the money arrives for a closed order.
  await approveInSandbox(context, payment.data.payurl ?? payment.data.qrcode!, '已支付，款项已存入购物余额');
  const after = await mywallet(page);
  expect(after).toMatchObject({ money: before.money + 10, withdrawable_money: 50 });

  await page.goto('/#/wallet');
  const wallet = userArea(page);
  const shopCredit = (after.money - after.withdrawable_money).toFixed(3);
  await expect(wallet.getByTestId('wallet-balance')).toHaveText(after.money.toFixed(3), { timeout: 30_000 });
  await expect(wallet.getByTestId('wallet-withdrawable')).toHaveText('50.000');
  await expect(wallet.getByTestId('wallet-shop-credit')).toHaveText(shopCredit);
  const card = wallet.getByTestId('wallet-balance-card');
  await expect(card.getByText('可提现', { exact: true })).toBeVisible();
  await expect(card.getByText('购物余额', { exact: true })).toBeVisible();

  // The newest ledger line is the late payment, as shop credit.
  const line = wallet.getByTestId('spend-record').first();
  await expect(line).toContainText('已关闭，支付的 10 元已存入购物余额');
  await expect(line).toContainText('+¥10.00');
  await expect(line.getByTestId('spend-record-fund')).toHaveText('购物余额');

  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
