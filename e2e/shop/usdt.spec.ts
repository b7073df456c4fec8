// USDT-TRC20: the dialog shows the address and the exact amount; a transfer on the local chain
// source (scripts/lib/local-tron.mjs, never the internet) pays the order through the watcher.
import { expect, test } from '../support/test';
import { shopMessages } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { createUser } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { loginAs, userInfo } from '../support/session';
import { confirmPayment, openConfirm, products } from '../support/shop';
import { expectToast } from '../support/ui';

test('pay a time package in USDT: exact amount on the TRC20 address, paid within seconds', async ({
  page,
  request,
}) => {
  const user = await createUser(page.context().request, 'usdt');
  await loginAs(page, user.email, user.password);

  const dialog = await openConfirm(page, products.month);
  const payment = await confirmPayment(page, dialog, 'usdt');
  expect(payment.usdtAdress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  const exact = payment.request_pay_amound_usdt!.toFixed(3);
  // 30 yuan at the default rate of 7.2, rounded up to the cent, unique in its third decimal.
  expect(Number(exact)).toBeGreaterThanOrEqual(4.17);
  expect(Number(exact)).toBeLessThan(4.27);

  const usdt = page.getByRole('dialog', { name: shopLabels.payment.usdt });
  await expect(usdt.getByTestId('usdt-address')).toContainText(payment.usdtAdress!);
  await expect(usdt.getByTestId('usdt-amount')).toContainText(exact);

  // A transfer of a different amount pays nothing; the exact one pays the order.
  const transfer = (amount: string) =>
    request.post(`${e2eEnv.tronUrl}/__test__/transfers`, { data: { to: payment.usdtAdress, amount } });
  expect((await transfer((Number(exact) - 0.001).toFixed(3))).ok()).toBe(true);
  // The watcher's rounds never overlap and read the chain once each: when the second read after
  // the transfer arrives, the round that saw the transfer has finished with it.
  const chainReads = async () =>
    ((await (await request.get(`${e2eEnv.tronUrl}/__test__/health`)).json()) as { requests: number }).requests;
  const readsAfterTransfer = await chainReads();
  await expect.poll(chainReads, { timeout: 20_000 }).toBeGreaterThanOrEqual(readsAfterTransfer + 2);
  await expect(usdt).toBeVisible();
  expect((await userInfo(page.context().request)).paidUser).toBe(false);

  expect((await transfer(exact)).ok()).toBe(true);
  await expect(usdt).toBeHidden({ timeout: 20_000 });
  await expectToast(page, shopMessages.paidRedirect);
  const after = await userInfo(page.context().request);
  expect(after.paidUser).toBe(true);
  expect(new Date(after.vipExpireTime!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
});
