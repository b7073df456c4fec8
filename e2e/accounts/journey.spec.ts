// Issue 3 acceptance, end to end against the real BFF: register → confirm through the mailed link →
// login → dashboard figures → trial coupon → sign-in (refused for a free user, done by a paid one) →
// copy and QR the subscription link → reset it (the old one is refused) → logout (old cookie refused).
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  Codes,
  cookieNames,
  defaultMessages,
  frameMessages,
  GiB,
  messages,
  MiB,
  qrMessages,
  userMessages,
  type SignUseInfo,
} from '@portal/contracts';
import { seeded, TEST_PASSWORD, uniqueEmail } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { waitForLink } from '../support/mail';
import { api, browserToday, loginAs, sessionCookie, userInfo } from '../support/session';
import { openCouponDialog, openUserMenu, purchaseModal, submitCoupon, expectToast, trafficFigure } from '../support/ui';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Bytes as the dashboard shows them. */
const gb = (bytes: number) => `${(bytes / GiB).toFixed(2)} GB`;

/** Opens the subscribe menu of a client in the 'start using' card (Windows tab) and returns its panel. */
async function openSubscribeMenu(page: Page, client: 'flclash' | 'clash', name: string) {
  await page.getByTestId(`client-${client}`).getByRole('button', { name: userMessages.startUsing.subscribe }).click();
  const panel = page.getByRole('dialog', { name: `${name} ${userMessages.startUsing.subscribe}` });
  await expect(panel).toBeVisible();
  return panel;
}

async function copyFlclashLink(page: Page): Promise<string> {
  const menu = await openSubscribeMenu(page, 'flclash', 'FLClash');
  await menu.getByRole('button', { name: userMessages.menu.copy }).click();
  await expectToast(page, messages.subscription.copied);
  return page.evaluate(() => navigator.clipboard.readText());
}

test('register, confirm, log in, redeem, subscribe, reset the link and log out', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  const password = TEST_PASSWORD;

  await test.step('register: success screen, then home after 3 s', async () => {
    await page.goto('/#/register');
    await page.getByLabel(userMessages.fields.email, { exact: true }).fill(email);
    await page.getByLabel(userMessages.fields.password, { exact: true }).fill(password);
    await page.getByLabel(userMessages.fields.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: userMessages.register.submit, exact: true }).click();
    const success = page.getByTestId('register-success');
    await expect(success).toContainText(userMessages.register.successTitle);
    await expect(success).toContainText(userMessages.register.checkMail(email));
    await expect(page.getByTestId('register-countdown')).toHaveText(/[1-3] 秒后跳转首页/);
    await expect(page).toHaveURL(/#\/$/, { timeout: 6_000 });
  });

  await test.step('login before confirming is refused with the not-confirmed message', async () => {
    await page.getByRole('banner').getByRole('link', { name: frameMessages.login }).click();
    await expect(page).toHaveURL(/#\/login$/);
    // The last registered address (cookie lastRegister) fills the e-mail field.
    await expect(page.getByLabel(userMessages.fields.email, { exact: true })).toHaveValue(email);
    await page.getByLabel(userMessages.fields.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: userMessages.login.submit, exact: true }).click();
    await expect(page.getByLabel(userMessages.fields.password, { exact: true })).toHaveAccessibleErrorMessage(
      defaultMessages[Codes.EMAIL_NOT_CONFIRMED]!,
    );
    await expectToast(page, messages.login.failedToast);
  });

  await test.step('the mailed link confirms the account', async () => {
    await page.goto(await waitForLink(email, 'signup_confirm'));
    await expect(page.getByTestId('confirm-success')).toContainText(messages.confirm.registered);
    await expect(page.getByTestId('illustration-success')).toBeVisible();
    await expect(page.getByRole('link', { name: userMessages.confirm.directLogin })).toHaveAttribute('href', '#/');
    await expect(page).toHaveURL(/#\/$/, { timeout: 6_000 });
  });

  await test.step('login goes home; the purchase modal greets the first visit of the day', async () => {
    await page.goto('/#/login');
    await page.getByLabel(userMessages.fields.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: userMessages.login.submit, exact: true }).click();
    await expect(page).toHaveURL(/#\/$/);
    const modal = purchaseModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: userMessages.purchase.title })).toBeVisible();
    await modal.getByRole('button', { name: userMessages.purchase.close }).first().click();
    await expect(modal).toBeHidden();
  });

  const user = await userInfo(page.context().request);
  await test.step("the dashboard shows the user's figures", async () => {
    await expect(page.getByTestId('header-email')).toHaveText(email);
    await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.account(email));
    await expect(trafficFigure(page)).toHaveText(gb(user.traffic - user.spendTraffic));
    await expect(page.getByTestId('time-package-card')).toHaveCount(0); // no time package yet
    await expect(page.getByTestId('sign-use-button')).toHaveText(userMessages.signUseCard.button);
    await expect(page.getByTestId('promo-block')).toBeVisible();
  });

  await test.step('the trial coupon adds 8 GB; the same code again is refused locally', async () => {
    const dialog = await openCouponDialog(page);
    await submitCoupon(dialog, e2eEnv.trialCoupon);
    await expectToast(page, frameMessages.coupon.success('新用户体验券（8G）', 8, 0));
    await expect(dialog).toBeHidden();
    await expect(trafficFigure(page)).toHaveText(gb(user.traffic - user.spendTraffic + 8 * GiB));

    // The header button opens the same dialog; this browser remembers the code.
    await page.getByRole('banner').getByRole('button', { name: frameMessages.coupon.open }).click();
    const again = page.getByRole('dialog', { name: frameMessages.coupon.title });
    await submitCoupon(again, ` ${e2eEnv.trialCoupon} `);
    await expect(again.getByTestId('coupon-error')).toHaveText(messages.coupon.repeated);
    await again.getByRole('button', { name: frameMessages.coupon.cancel }).click();
    await expect(again).toBeHidden();
  });

  await test.step('another browser gets the server refusal 该体验券已经兑换过', async () => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAs(otherPage, email, password);
    await otherPage.goto('/#/');
    const dialog = await openCouponDialog(otherPage);
    await submitCoupon(dialog, e2eEnv.trialCoupon);
    await expect(dialog.getByTestId('coupon-error')).toHaveText(messages.coupon.used);
    await other.close();
  });

  await test.step('a free user may not sign in', async () => {
    await page.getByTestId('sign-use-button').click();
    await expectToast(page, messages.signUse.paidOnly);
    await expect(page.getByTestId('sign-use-button')).toHaveText(userMessages.signUseCard.button);
  });

  let oldLink = '';
  await test.step('copy the subscription link', async () => {
    await page.getByRole('tab', { name: 'Windows' }).click();
    oldLink = await copyFlclashLink(page);
    expect(oldLink).toMatch(new RegExp(`^https?://[^/]+.*/api/subscript/flclash/${user._id}/${user.userkey}$`));
  });

  await test.step('the QR dialog draws a 200×200 code 1 s after opening', async () => {
    const menu = await openSubscribeMenu(page, 'flclash', 'FLClash');
    const opened = Date.now();
    await menu.getByRole('button', { name: userMessages.menu.qr }).click();
    const dialog = page.getByTestId('qr-dialog');
    await expect(dialog.getByRole('heading', { name: messages.subscription.qrTitle })).toBeVisible();
    await expect(dialog).toContainText(messages.subscription.qrDesc);
    const canvas = dialog.getByTestId('qr-canvas');
    await expect(canvas).toHaveAttribute('data-drawn', 'true');
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
    const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
      const pixels = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) dark += 1;
      const box = element.getBoundingClientRect();
      return { width: element.width, height: element.height, shown: [box.width, box.height], dark };
    });
    expect(drawn).toMatchObject({ width: 200, height: 200, shown: [200, 200] });
    expect(drawn.dark).toBeGreaterThan(1000);
    await dialog.getByRole('button', { name: qrMessages.close }).first().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('reset the link: confirm, success, and the BFF refuses the old link', async () => {
    const menu = await openSubscribeMenu(page, 'flclash', 'FLClash');
    await menu.getByRole('button', { name: userMessages.menu.reset }).click();
    const confirm = page.getByRole('alertdialog', { name: messages.subscription.resetTitle });
    await expect(confirm).toContainText(messages.subscription.resetWarning);
    await confirm.getByRole('button', { name: userMessages.menu.confirm }).click();
    await expectToast(page, messages.subscription.resetDone);
    await expect(confirm).toBeHidden();

    const newLink = await copyFlclashLink(page);
    expect(newLink).not.toBe(oldLink);
    expect(newLink).toContain(`/api/subscript/flclash/${user._id}/`);
    // Until the subscription endpoint exists, get_email is the BFF's judge of a link.
    const refused = await api(request, 'user/get_email', { describUrl: oldLink });
    expect(refused.code).toBe(Codes.DESCRIBE_URL_REFUSED);
    const accepted = await api<string>(request, 'user/get_email', { describUrl: newLink });
    expect(accepted).toMatchObject({ code: 0, data: email });
  });

  await test.step('logout ends the session on the server', async () => {
    const oldCookie = await sessionCookie(page.context());
    const menu = await openUserMenu(page);
    await expect(menu.getByTestId('user-menu-email')).toHaveText(email);
    await menu.getByRole('button', { name: frameMessages.logout }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('banner').getByRole('link', { name: frameMessages.login })).toBeVisible();
    const stale = await api(request, 'user/userinfo', {}, { cookie: oldCookie });
    expect(stale.code).toBe(Codes.SESSION_EXPIRED);
  });
});

test('a paid user signs in once a day; another account signed in from this browser today blocks it', async ({
  page,
}) => {
  const user = await loginAs(page, seeded.paid.email, seeded.paid.password);
  const info = await api<SignUseInfo>(page.context().request, 'user/sign_use_info');
  expect(info.code).toBe(0);
  await page.goto('/#/');
  const button = page.getByTestId('sign-use-button');
  await expect(trafficFigure(page)).toHaveText(gb(user.traffic - user.spendTraffic));
  await expect(page.getByTestId('time-package-days')).toHaveText(userMessages.timePackage.days(30));
  await expect(page.getByTestId('sign-use-streak')).toBeVisible();
  await expect(button).toHaveText(userMessages.signUseCard.button);

  // The cookie says this browser signed in today with another account.
  await page.context().addCookies([{ name: cookieNames.lastSignUseTime, value: browserToday(), url: e2eEnv.baseUrl }]);
  await button.click();
  await expectToast(page, messages.signUse.otherAccount);
  await expect(button).toBeEnabled();

  await page.context().clearCookies({ name: cookieNames.lastSignUseTime });
  await button.click();
  await expectToast(page, userMessages.signUseCard.success(String(info.data.signUseRewardTraffic)));
  await expect(button).toHaveText(userMessages.signUseCard.done);
  await expect(button).toBeDisabled();
  const reward = info.data.signUseRewardTraffic * MiB;
  await expect(trafficFigure(page)).toHaveText(gb(user.traffic - user.spendTraffic + reward));

  // The server keeps the day: after a reload the button stays done, and a second call is refused.
  await page.reload();
  await expect(button).toHaveText(userMessages.signUseCard.done);
  const second = await api(page.context().request, 'user/sign_use');
  expect(second.code).toBe(Codes.SIGN_USE_DONE_TODAY);
  expect((await userInfo(page.context().request)).traffic).toBe(user.traffic + reward);
});
