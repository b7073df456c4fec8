// Sessions and the address rules: an expired session (1002), and the `?c=` invitation code.
import { expect, test } from '../support/test';
import { cookieNames, DEFAULT_CHANNEL_CODE, frameMessages, messages, userMessages } from '@portal/contracts';
import { createUser, followConfirmLink, TEST_PASSWORD, uniqueEmail } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { waitForLink } from '../support/mail';
import { api, loginAs, sessionCookie, skipPurchaseModal, userInfo } from '../support/session';
import { dismissDailyModal, openCouponDialog, openUserMenu, submitCoupon, expectToast } from '../support/ui';

/** The local flag of spec-1 §3. */
const JUMP_FLAG = 'alreadyJumpToRegister';

test('a session ended elsewhere: the next call shows 登录过期，请登录 and the login page after 2 s', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'expiry');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/');
  await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.account(user.email));
  const dialog = await openCouponDialog(page);

  // The session ends on the server (as after a password change elsewhere); the page does not know yet.
  expect((await api(request, 'user/logout', {}, { cookie: await sessionCookie(page.context()) })).code).toBe(0);

  // The login page comes 2 s after the refusal arrived, not at once: timed from when the browser
  // received the answer (its own timing), so late events on a loaded machine can only add time.
  const refusal = page.waitForResponse((r) => r.url().endsWith('/api/coupon/redeem_coupon'));
  await submitCoupon(dialog, 'E2E-7DAYS');
  const response = await refusal;
  await response.finished();
  const timing = response.request().timing();
  const refusedAt = timing.startTime + Math.max(timing.responseEnd, timing.responseStart, 0);
  await expectToast(page, messages.sessionExpired);
  await expect(page).toHaveURL(/#\/login$/, { timeout: 10_000 });
  expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_900);
});

test('?token=: the session is adopted, and the token leaves the address and is not kept as the first page', async ({
  page,
  browser,
}) => {
  const user = await createUser(page.context().request, 'adopt');
  // The session of another browser (its own cookie jar).
  const other = await browser.newContext();
  try {
    const signedIn = await loginAs(await other.newPage(), user.email, user.password);
    const sid = (await sessionCookie(other)).slice(`${cookieNames.session}=`.length);
    await skipPurchaseModal(page.context(), signedIn._id);
    await page.goto(`/?c=E2ETOKEN&token=${sid}/#/`);
    await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.account(user.email));
    expect(page.url()).not.toContain(sid);
    expect(page.url()).toContain('c=E2ETOKEN');
    const firstUrl = (await page.context().cookies(e2eEnv.baseUrl)).find((c) => c.name === cookieNames.firstUrl);
    expect(decodeURIComponent(firstUrl?.value ?? '')).toBe('/?c=E2ETOKEN#/');
  } finally {
    await other.close();
  }
});

test('?c=: a new visitor is sent to register once, and the code becomes the inviter code of the new user', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `E2E${Date.now()}`;

  // The trailing slash of c is removed; the visitor lands on register after 100 ms.
  await page.goto(`/?c=${code}/#/login`);
  await expect(page).toHaveURL(/#\/register$/);
  expect(await page.evaluate((flag) => localStorage.getItem(flag), JUMP_FLAG)).toBe('1');
  const channelCookie = async () =>
    (await page.context().cookies(e2eEnv.baseUrl)).find((c) => c.name === cookieNames.channelCode);
  expect((await channelCookie())?.value).toBe(code);
  expect((await channelCookie())?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400); // 30 days

  // Only once: the flag is set. An existing channel_code cookie is never overwritten. The page's
  // clock is jumped past the moment the redirect would come (100 ms after the check).
  await page.clock.install();
  await page.goto(`/?c=OTHER#/login`);
  await expect(page.getByRole('heading', { name: userMessages.login.title })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/#\/login$/);
  expect((await channelCookie())?.value).toBe(code);

  // Register in this browser: the BFF records the cookie's code as the inviter's.
  const email = uniqueEmail('invited');
  await page.goto('/#/register');
  await page.getByLabel(userMessages.fields.email, { exact: true }).fill(email);
  await page.getByLabel(userMessages.fields.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel(userMessages.fields.confirmPassword, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: userMessages.register.submit, exact: true }).click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  expect(await followConfirmLink(page.context().request, await waitForLink(email, 'signup_confirm'))).toBe(0);

  // Log in through the form (which records a login in this browser).
  await page.goto('/#/login');
  await page.getByLabel(userMessages.fields.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: userMessages.login.submit, exact: true }).click();
  await dismissDailyModal(page);
  expect((await userInfo(page.context().request)).channel_code).toBe(code);

  // A browser that has recorded a login is not sent to register, even without the flag.
  await (await openUserMenu(page)).getByRole('button', { name: frameMessages.logout }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.evaluate((flag) => localStorage.removeItem(flag), JUMP_FLAG);
  await page.goto(`/?c=${code}#/login`);
  await expect(page.getByRole('heading', { name: userMessages.login.title })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/#\/login$/);

  // Without c, a visitor gets the default code (99999 days).
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/#/login');
  await expect(visitor.getByRole('heading', { name: userMessages.login.title })).toBeVisible();
  await expect
    .poll(async () => (await other.cookies(e2eEnv.baseUrl)).find((c) => c.name === cookieNames.channelCode)?.value)
    .toBe(DEFAULT_CHANNEL_CODE);
  await other.close();
});
