// Handles on the shop (mf-shop) and the sandbox payment page, for the money-path journeys.
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { decodeResponse, type PaymentResult, type PayMode, type Wallet } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { api } from './session';

/** The products of e2e/support/seed.json, by name. */
export const products = {
  volume100g: 'E2E 流量包 100G',
  month: 'E2E 月度时长包',
  both: 'E2E 畅享套餐',
  quarter: 'E2E 季度时长包',
} as const;

/** Opens /shop, clicks the product's buy button and returns the confirm dialog. */
export async function openConfirm(page: Page, product: string): Promise<Locator> {
  await page.goto('/#/shop');
  await page.getByRole('button', { name: shopLabels.shop.buy(product) }).click();
  const dialog = page.getByRole('dialog', { name: shopLabels.confirm.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-product')).toHaveText(product);
  return dialog;
}

export async function applyCoupon(dialog: Locator, code: string): Promise<void> {
  await dialog.getByPlaceholder(shopLabels.confirm.couponPlaceholder).fill(code);
  await dialog.getByRole('button', { name: shopLabels.confirm.applyCoupon, exact: true }).click();
  await expect(dialog.getByTestId('confirm-coupon-used')).toBeVisible();
}

/**
 * Chooses the method (when the dialog offers a choice), presses 确认支付 and returns what dobuy
 * answered (the payment dialog's QR holds the pay page address; the test opens it directly).
 */
export async function confirmPayment(page: Page, dialog: Locator, mode?: PayMode): Promise<PaymentResult> {
  if (mode !== undefined) await dialog.getByRole('radio', { name: shopLabels.payModes[mode] }).check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/shop/dobuy'));
  await dialog.getByRole('button', { name: shopLabels.confirm.pay }).click();
  const result = decodeResponse<PaymentResult>(await (await answer).json());
  expect(result.code, result.msg).toBe(0);
  return result.data;
}

/**
 * Opens the sandbox gateway's page in a second tab, approves, and waits for its result page:
 * 支付成功, or (`title`) what it says when the money became shop credit instead.
 */
export async function approveInSandbox(context: BrowserContext, payurl: string, title = '支付成功'): Promise<void> {
  const tab = await context.newPage();
  await tab.goto(payurl);
  await tab.getByRole('button', { name: '同意支付' }).click();
  await expect(tab.getByRole('heading', { name: title })).toBeVisible();
  await tab.close();
}

/** The wallet of the session the request context holds, in yuan. */
export async function walletMoney(request: APIRequestContext): Promise<number> {
  const result = await api<Wallet>(request, 'wallet/mywallet');
  if (result.code !== 0) throw new Error(`mywallet refused: ${result.code} ${result.msg}`);
  return result.data.money;
}
