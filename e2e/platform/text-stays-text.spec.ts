// QUALITY 5 in Chromium: text that people or operators write (notices, the announcement, product
// names, order descriptions and feedback, coupon names, e-mail addresses) reaches the screens that
// show it, the user's and the back office's, as text. Each piece carries markup that would call xss() if it were ever parsed as HTML;
// the page counts those calls, and the characters must be on screen as typed.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  decodeResponse,
  encodeResponse,
  frameMessages,
  type Combo,
  type HostInfo,
  type Notice,
  type Order,
} from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { createUser, followConfirmLink, signUp, TEST_PASSWORD } from '../support/accounts';
import { waitForLink } from '../support/mail';
import { api, loginAs } from '../support/session';
import { applyCoupon, openConfirm } from '../support/shop';
import { openCouponDialog, submitCoupon, expectToast } from '../support/ui';

/** From e2e/support/seed.json: a product and two coupons whose names carry markup. */
const PRODUCT = 'E2E <img src=x onerror=xss()> 标记商品';
const TRIAL = { code: 'E2E-MARKUP-TRIAL', name: '<script>xss()</script>体验券' };
const CASH = { code: 'E2E-MARKUP-CASH', name: '<img src=x onerror=xss()>现金券' };
/** At most 30 characters, the feedback limit. */
const FEEDBACK = '<svg onload=xss()>到账了吗';

declare global {
  interface Window {
    xss?: () => void;
    xssRuns?: number;
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.xssRuns = 0;
    window.xss = () => {
      window.xssRuns = (window.xssRuns ?? 0) + 1;
    };
  });
});

/**
 * Nothing of the markup became an element or ran. An image of `x` the page made from the text
 * would have failed to load by the time a probe image of the same address has.
 */
async function expectNothingRan(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const probe = new Image();
        probe.onerror = probe.onload = () => resolve();
        probe.src = 'x';
      }),
  );
  expect(await page.evaluate(() => window.xssRuns)).toBe(0);
  expect(
    await page.evaluate(() => ({
      images: document.querySelectorAll('img[src="x"]').length,
      handlers: document.querySelectorAll('[onerror], [onload], [onmouseover]').length,
      scripts: Array.from(document.querySelectorAll('script')).filter((s) => s.textContent?.includes('xss()')).length,
    })),
  ).toEqual({ images: 0, handlers: 0, scripts: 0 });
}

test('product, coupon and order texts stay text: shop list, confirm dialog, order list and detail, coupon toast', async ({
  page,
}) => {
  const user = await createUser(page.context().request, 'markup');
  await loginAs(page, user.email, user.password);
  const request = page.context().request;

  // The shop list and the confirm dialog (which makes the order) show the product's name as typed.
  await page.goto('/#/shop');
  await expect(page.getByText(PRODUCT, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: shopLabels.shop.buy(PRODUCT) })).toBeVisible();
  await expectNothingRan(page);
  const dialog = await openConfirm(page, PRODUCT);
  await applyCoupon(dialog, CASH.code);
  await expect(dialog.getByText(shopLabels.confirm.couponUsed(CASH.name, CASH.code))).toBeVisible();
  await expectNothingRan(page);

  // The order, with feedback carrying markup, in the order list and its detail.
  const orders = await api<Order[]>(request, 'order/order_list');
  const order = orders.data.find((o) => o.desc === PRODUCT);
  expect(order, 'the order the confirm dialog made').toBeDefined();
  expect((await api(request, 'order/feedback', { order_id: order!._id, msg: FEEDBACK })).code).toBe(0);
  await page.goto('/#/order');
  await expect(page.getByText(PRODUCT, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  const actions = page.getByRole('group', { name: shopLabels.orders.actionsOf(PRODUCT) }).filter({ visible: true });
  await actions.getByRole('button', { name: shopLabels.orders.detail }).click();
  const detail = page.getByRole('dialog', { name: shopLabels.orders.detailTitle });
  await expect(detail).toContainText(PRODUCT);
  await expect(detail).toContainText(FEEDBACK);
  await expect(detail).toContainText(shopLabels.confirm.couponUsed(CASH.name, CASH.code));
  await expectNothingRan(page);
  await detail.press('Escape');
  await actions.getByRole('button', { name: shopLabels.orders.feedback }).click();
  const feedback = page.getByRole('dialog', { name: shopLabels.orders.feedbackTitle });
  await expect(feedback).toContainText(`${shopLabels.orders.feedbackEarlier}：${FEEDBACK}`);
  await expectNothingRan(page);
  await feedback.press('Escape');

  // A trial coupon's name in the success toast.
  await page.goto('/#/');
  await submitCoupon(await openCouponDialog(page), TRIAL.code);
  await expectToast(page, frameMessages.coupon.success(TRIAL.name, 1, 0));
  await expectNothingRan(page);
});

test('notices and the announcement stay text in the header, the bell and the dialog', async ({ page }) => {
  // No call creates notices or announcements yet (the back office will): the real answers are
  // passed through with markup-carrying texts added, so the shell's own rendering is what is tested.
  const notice: Notice = { _id: 'f'.repeat(24), desc: '<img src=x onerror=xss()>维护通知', href: '#/shop' };
  const announcement = {
    notice_show: true,
    notice_title: '<b onmouseover=xss()>公告</b>',
    notice_content: '<script>xss()</script>\n<img src=x onerror=xss()>今晚维护',
  };
  await page.route('**/api/user_notive/list', async (route) => {
    const response = await route.fetch();
    const real = decodeResponse<Notice[]>(await response.json());
    await route.fulfill({ response, json: encodeResponse({ ...real, data: [notice, ...real.data] }) });
  });
  await page.route('**/api/host/get', async (route) => {
    const response = await route.fetch();
    const real = decodeResponse<HostInfo>(await response.json());
    const data: HostInfo = { ...real.data, notice: { ...real.data.notice, ...announcement } };
    await route.fulfill({ response, json: encodeResponse({ ...real, data }) });
  });
  const user = await createUser(page.context().request, 'markup-notice');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/');

  const dialog = page.getByRole('dialog', { name: frameMessages.announcement.title });
  // It opens once host/get has answered and its own chunk has loaded.
  await expect(dialog.getByTestId('announcement-title')).toHaveText(announcement.notice_title, { timeout: 30_000 });
  await expect(dialog.getByTestId('announcement-content')).toHaveText(announcement.notice_content);
  await expectNothingRan(page);
  await dialog.getByRole('button', { name: frameMessages.announcement.close }).click();

  await page.getByRole('button', { name: frameMessages.noticesUnread(2) }).click();
  const notices = page.getByRole('dialog', { name: frameMessages.notices });
  await expect(notices.getByRole('link', { name: notice.desc })).toBeVisible();
  await expectNothingRan(page);
});

test('an e-mail address with markup stays text in the header and the user menu', async ({ page }) => {
  // Sign-up accepts it (no spaces, one @, a dot in the domain), so anyone can choose such an address.
  const email = `<svg/onload=xss()>${Date.now()}@e2e.test`;
  const request = page.context().request;
  expect((await signUp(request, email)).code).toBe(0);
  expect(await followConfirmLink(request, await waitForLink(email, 'signup_confirm'))).toBe(0);
  await loginAs(page, email, TEST_PASSWORD);
  await page.goto('/#/');
  await expect(page.getByTestId('header-email')).toHaveText(email);
  await page.getByRole('button', { name: frameMessages.userMenu }).click();
  await expect(page.getByTestId('user-menu-email')).toHaveText(email);
  await expectNothingRan(page);
});

test('the back office shows what users and operators wrote as text: users, coupons and their records, traffic, trades, products, audit', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A user whose e-mail carries markup redeems the markup-named trial coupon (a coupon record and
  // a traffic record naming it) and starts paying for the markup-named product (a trade).
  const email = `<svg/onload=xss()>bo${Date.now()}@e2e.test`;
  const userContext = await browser.newContext();
  try {
    const request = userContext.request;
    expect((await signUp(request, email)).code).toBe(0);
    expect(await followConfirmLink(request, await waitForLink(email, 'signup_confirm'))).toBe(0);
    expect((await api(request, 'user/login', { email, password: TEST_PASSWORD })).code).toBe(0);
    expect((await api(request, 'coupon/redeem_coupon', { code: TRIAL.code })).code).toBe(0);
    const product = (await api<Combo[]>(request, 'shop/list')).data.find((c) => c.name === PRODUCT)!;
    const order = await api<Order>(request, 'shop/create_order', { combo_id: product._id });
    expect(order.code, order.msg).toBe(0);
    const paying = await api(request, 'shop/dobuy', { order_id: order.data._id, pay_mode: 'alipay', isMobile: false });
    expect(paying.code, paying.msg).toBe(0);
  } finally {
    await userContext.close();
  }

  // An operator names a coupon with markup: the audit log shows what was saved.
  await loginAs(page);
  const auditedName = `<svg onload=xss()>审计${Date.now().toString(36).slice(-4)}`;
  const saved = await api(page.context().request, 'yunying/coupon/update_coupon', {
    name: auditedName,
    type: 'freeUse',
    code: `MK${Date.now().toString(36).toUpperCase()}`,
    taobao: false,
    traffic: 1024 ** 3,
    traffixHaveLimitTime: false,
    traffixLimitTime: 0,
    vipDay: 0,
    forMoney: 0,
    discount: 1,
    useNumPerUser: 1,
    NumberOfAuthorizations: 1,
    expireTime: null,
  });
  expect(saved.code, saved.msg).toBe(0);

  const screen = page.locator('[data-remote="mf_admin"]');
  const screens: Array<{ path: string; rows: string; text: string }> = [
    { path: '/admin_userlist', rows: 'users-row', text: email },
    { path: '/admin_coupon', rows: 'coupons-row', text: TRIAL.name },
    { path: '/admin_coupon', rows: 'coupons-row', text: auditedName },
    { path: '/coupon_records', rows: 'coupon-records-row', text: email },
    { path: '/all_traffic_records', rows: 'traffic-records-row', text: email },
    { path: '/admin_tradeList', rows: 'trades-row', text: email },
    { path: '/admin_combos', rows: 'combos-row', text: PRODUCT },
    { path: '/admin_audit', rows: 'audit-row', text: auditedName },
  ];
  for (const { path, rows, text } of screens) {
    await page.goto(`/#${path}`);
    await expect(screen.getByTestId(rows).first(), path).toBeVisible({ timeout: 30_000 });
    // The screen's search narrows its rows to the text (a long list pages).
    await screen.getByLabel('搜索').fill(text);
    await expect(screen.getByTestId(rows).filter({ hasText: text }).first(), `${path} shows ${text}`).toBeVisible();
    await expectNothingRan(page);
  }
});
