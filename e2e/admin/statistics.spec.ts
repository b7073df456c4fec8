// The statistics screen (issue 14 item 4) in Chromium against the real BFF, mf-admin on its own
// origin: a purchase paid through the sandbox gateway in this test shows up in today's figures
// and in the charts drawn from them.
import { expect, test } from '../support/test';
import type { BasicStatistics, Combo, Order, PaymentResult } from '@portal/contracts';
import { seeded } from '../support/accounts';
import { api, loginAs } from '../support/session';
import { approveInSandbox, products } from '../support/shop';

test.describe.configure({ timeout: 120_000 });

test('the statistics page counts a purchase made in the test and draws its charts from it', async ({
  page,
  browser,
}) => {
  await loginAs(page);
  const admin = page.context().request;
  const today = async () => {
    const answer = await api<BasicStatistics>(admin, 'admin/users/basic_stastic', { num: 1 });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data.stastic_list[0]!;
  };
  const before = await today();

  // A user buys the 100G product and approves the payment on the sandbox gateway's page.
  const buyerContext = await browser.newContext();
  try {
    const buyer = await buyerContext.newPage();
    await loginAs(buyer, seeded.normal.email, seeded.normal.password);
    const request = buyerContext.request;
    const product = (await api<Combo[]>(request, 'shop/list')).data.find((c) => c.name === products.volume100g)!;
    const order = await api<Order>(request, 'shop/create_order', { combo_id: product._id });
    expect(order.code, order.msg).toBe(0);
    const paying = await api<PaymentResult>(request, 'shop/dobuy', {
      order_id: order.data._id,
      pay_mode: 'alipay',
      isMobile: false,
    });
    expect(paying.code, paying.msg).toBe(0);
    await approveInSandbox(buyerContext, paying.data.payurl!);

    const after = await today();
    expect(after.payNum - before.payNum).toBe(1);
    expect(Math.round((after.income - before.income) * 100)).toBe(Math.round(product.price * 100));

    await page.goto('/#/admin_stastic');
    const screen = page.locator('[data-remote="mf_admin"]');
    const todayRow = screen.getByTestId('statistics-row').filter({ hasText: after.day });
    await expect(todayRow).toContainText(after.income.toFixed(2), { timeout: 30_000 });
    const income = screen.getByTestId('chart-income');
    // Today's income is drawn as a bar (the legend's icons are SVGs too, so the bar is looked for).
    await expect(income.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(income).not.toContainText('暂无记录');
    await expect(screen.getByTestId('stat-active-vip')).toHaveText(/^\d+$/);
  } finally {
    await buyerContext.close();
  }
});
