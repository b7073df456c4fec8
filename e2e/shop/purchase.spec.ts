// The money path in a real Chromium against the real BFF: a volume package paid on the sandbox
// gateway in a second tab while the shop polls trade_status, then the dashboard's figures.
import { expect, test } from '../support/test';
import { GiB, shopMessages } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { createUser } from '../support/accounts';
import { loginAs, userInfo } from '../support/session';
import { approveInSandbox, confirmPayment, openConfirm, products } from '../support/shop';
import { expectToast } from '../support/ui';

test('buy a volume package with the sandbox: QR dialog, approval in another tab, the dialog closes itself, home shows the traffic', async ({
  page,
  context,
}) => {
  const user = await createUser(page.context().request, 'buyer');
  await loginAs(page, user.email, user.password);
  const before = await userInfo(page.context().request);
  expect(before.paidUser).toBe(false);

  const dialog = await openConfirm(page, products.volume100g);
  await expect(dialog.getByTestId('confirm-to-pay')).toHaveText('¥10.00');
  const payment = await confirmPayment(page, dialog, 'alipay');
  expect(payment).toMatchObject({ status: 'topay', request_pay_amound: 10, third_pay_platform: 'sandbox' });
  expect(payment.qrcode).toBeTruthy();

  const qr = page.getByRole('dialog', { name: shopLabels.payment.alipayQr });
  await expect(qr).toBeVisible();
  await expect(qr.getByRole('img', { name: shopLabels.payment.alipayQr })).toBeVisible();
  await expect(qr).toContainText(shopLabels.payment.qrAlipay('10.00'));

  await approveInSandbox(context, payment.qrcode!);

  // The poll (every 3 s) sees the payment: the dialog closes, the toast shows, home after 5 s.
  await expect(qr).toBeHidden({ timeout: 15_000 });
  await expectToast(page, shopMessages.paidRedirect);
  await page.waitForURL(/#\/$/, { timeout: 15_000 });
  await expect(page.getByTestId('traffic-remaining')).toContainText(`${(100).toFixed(2)}`);

  const after = await userInfo(page.context().request);
  expect(after.paidUser).toBe(true);
  expect(after.traffic - before.traffic).toBe(100 * GiB);

  // The order list shows it paid.
  await page.goto('/#/order');
  await expect(page.getByText(products.volume100g).first()).toBeVisible();
  await expect(page.getByText(shopLabels.orders.status.paied).first()).toBeVisible();
});

test('declining on the sandbox page changes nothing; closing the dialog stops the poll', async ({ page, context }) => {
  // The page's clock runs as usual until the end, where it is jumped ahead of the poll's period.
  await page.clock.install();
  const user = await createUser(page.context().request, 'decliner');
  await loginAs(page, user.email, user.password);
  const dialog = await openConfirm(page, products.month);
  const payment = await confirmPayment(page, dialog, 'wxpay');
  const qr = page.getByRole('dialog', { name: shopLabels.payment.wxpayQr });
  await expect(qr).toBeVisible();

  const tab = await context.newPage();
  await tab.goto(payment.qrcode!);
  await tab.getByRole('button', { name: '拒绝' }).click();
  await expect(tab.getByRole('heading', { name: '已拒绝支付' })).toBeVisible();
  await tab.close();

  await qr.getByRole('button', { name: shopLabels.payment.close }).first().click();
  await expect(qr).toBeHidden();
  // No trade_status call after the dialog closed, though ten of the poll's periods (3 s) pass; a
  // request the page makes afterwards marks the moment any poll would have been sent by.
  let polled = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/shop/trade_status')) polled = true;
  });
  await page.clock.runFor(30_000);
  const marker = page.waitForRequest((r) => r.url().endsWith('/readyz'));
  await page.evaluate(() => fetch('/readyz'));
  await marker;
  expect(polled).toBe(false);
  expect((await userInfo(page.context().request)).paidUser).toBe(false);
});
