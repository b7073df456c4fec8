// Coupons and the wallet on orders, against the seeded wallets (30, 100 and 20 yuan) and coupons
// (E2E-DISCOUNT 0.8, E2E-CASH10 10 yuan). Each test reads the balance it starts from.
import { expect, test } from '../support/test';
import { GiB, shopMessages } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { seeded } from '../support/accounts';
import { loginAs, userInfo } from '../support/session';
import { applyCoupon, approveInSandbox, confirmPayment, openConfirm, products, walletMoney } from '../support/shop';
import { expectToast } from '../support/ui';

const yuan = (n: number) => `¥${n.toFixed(2)}`;

test('a discount coupon and part of the wallet, the rest paid on the sandbox', async ({ page, context }) => {
  await loginAs(page, seeded.walletPartial.email, seeded.walletPartial.password);
  const request = page.context().request;
  const balance = await walletMoney(request);
  expect(balance).toBeGreaterThan(0);
  const before = await userInfo(request);

  const dialog = await openConfirm(page, products.quarter);
  await expect(dialog.getByTestId('confirm-wallet-balance')).toHaveText(yuan(balance));
  await applyCoupon(dialog, '  E2E-DISCOUNT  ');
  // 60 × 0.8 = 48; the wallet covers what it holds, the rest goes to the payment channel.
  const afterCoupon = 48;
  const walletPart = Math.min(balance, afterCoupon);
  await expect(dialog.getByTestId('confirm-wallet-spend')).toHaveText(`-${yuan(walletPart)}`);
  await expect(dialog.getByTestId('confirm-to-pay')).toHaveText(yuan(afterCoupon - walletPart));

  const payment = await confirmPayment(page, dialog, 'alipay');
  expect(payment.request_pay_amound).toBe(afterCoupon - walletPart);
  await approveInSandbox(context, payment.qrcode!);
  await expectToast(page, shopMessages.paidRedirect, { timeout: 15_000 });

  expect(await walletMoney(request)).toBe(balance - walletPart);
  const after = await userInfo(request);
  expect(after.paidUser).toBe(true);
  // 90 days of time package were added.
  expect(new Date(after.vipExpireTime!).getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
  expect(after.traffic).toBe(before.traffic);
});

test('a package the wallet covers entirely is paid at once', async ({ page }, testInfo) => {
  // Each attempt has a full wallet of its own: a first attempt that failed after paying must not
  // turn the retry into a skip.
  const owner = testInfo.retry === 0 ? seeded.walletFull : seeded.walletFullRetry;
  expect(testInfo.retry, 'one seeded wallet per attempt').toBeLessThanOrEqual(1);
  await loginAs(page, owner.email, owner.password);
  const request = page.context().request;
  const balance = await walletMoney(request);
  expect(balance).toBe(100);
  const before = await userInfo(request);

  const dialog = await openConfirm(page, products.volume100g);
  await expect(dialog.getByTestId('confirm-wallet-covers')).toBeVisible();
  await expect(dialog.getByTestId('confirm-to-pay')).toHaveText(yuan(0));
  const payment = await confirmPayment(page, dialog);
  expect(payment.status).toBe('paied');

  await expectToast(page, shopMessages.paidRedirect);
  await page.waitForURL(/#\/$/, { timeout: 15_000 });
  expect(await walletMoney(request)).toBe(balance - 10);
  expect((await userInfo(request)).traffic - before.traffic).toBe(100 * GiB);
});

test('cancelling an order returns the wallet deduction and releases the coupon', async ({ page }) => {
  await loginAs(page, seeded.walletCancel.email, seeded.walletCancel.password);
  const request = page.context().request;
  const balance = await walletMoney(request);
  expect(balance).toBeGreaterThan(0);

  const dialog = await openConfirm(page, products.quarter);
  await applyCoupon(dialog, 'E2E-CASH10');
  await expect(dialog.getByTestId('confirm-to-pay')).toHaveText(yuan(50 - Math.min(balance, 50)));
  await confirmPayment(page, dialog, 'alipay');
  const qr = page.getByRole('dialog', { name: shopLabels.payment.alipayQr });
  await expect(qr).toBeVisible();
  expect(await walletMoney(request)).toBe(balance - Math.min(balance, 50));
  await qr.getByRole('button', { name: shopLabels.payment.close }).first().click();
  await expect(qr).toBeHidden();

  await page.goto('/#/order');
  const actions = page.getByRole('group', { name: shopLabels.orders.actionsOf(products.quarter) }).first();
  await actions.getByRole('button', { name: shopLabels.orders.cancel, exact: true }).click();
  await expect(page.getByText(shopLabels.orders.status.cancled).first()).toBeVisible();
  expect(await walletMoney(request)).toBe(balance);

  // The coupon (one use per user) is free again.
  const again = await openConfirm(page, products.quarter);
  await applyCoupon(again, 'E2E-CASH10');
});
