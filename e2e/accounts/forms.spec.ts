// Spec-1 §5 validation and the §8 errors of the account screens, asserted by text under the field
// they belong to (the field's accessible error message) or as toasts.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { Codes, decodeResponse, messages, userMessages, type ChannelInfo, type UserInfo } from '@portal/contracts';
import { createUser, followConfirmLink, seeded, signUp, uniqueEmail } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { waitForLink } from '../support/mail';
import { api, loginAs, sessionCookie, userInfo } from '../support/session';
import { expectToast } from '../support/ui';

const f = userMessages.fields;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Holds the next call to `path` until `release` is called, to see a screen's loading state. */
async function holdCall(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    `**/api/${path}`,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

test('register in invite-only mode: without ?c= the page says an invite is needed and sign-up is refused; with ?c= of a user it works', async ({
  page,
  browser,
}) => {
  const operator = await browser.newContext();
  const inviter = await browser.newContext();
  const invitee = await browser.newContext();
  try {
    await loginAs(await operator.newPage());
    const user = await createUser(inviter.request, 'inviter');
    await loginAs(await inviter.newPage(), user.email, user.password);
    const { code } = (await api<ChannelInfo>(inviter.request, 'channel/channel_info')).data;
    expect((await api(operator.request, 'admin/config/set_config', { inviteRule: true })).code).toBe(0);

    // No invite came with the visit: the note is there before anything is typed, and the BFF refuses.
    await page.goto('/#/register');
    const note = page.getByRole('note');
    await expect(note).toHaveText(userMessages.register.inviteOnlyNotice);
    const refused = uniqueEmail('uninvited');
    await field(page, f.email).fill(refused);
    await field(page, f.password).fill('long-enough-1');
    await field(page, f.confirmPassword).fill('long-enough-1');
    const answer = page.waitForResponse('**/api/user/signup');
    await page.getByRole('button', { name: userMessages.register.submit, exact: true }).click();
    expect(decodeResponse((await (await answer).json()) as unknown).code).toBe(Codes.INVITE_REQUIRED);
    await expect(note).toBeVisible();
    await expect(page.getByTestId('register-success')).toHaveCount(0);

    // The inviter's link: no note, and the invitee signs up.
    const invited = await invitee.newPage();
    await invited.goto(`/?c=${code}#/register`);
    const email = uniqueEmail('invited');
    await field(invited, f.email).fill(email);
    await field(invited, f.password).fill('long-enough-1');
    await field(invited, f.confirmPassword).fill('long-enough-1');
    await invited.getByRole('button', { name: userMessages.register.submit, exact: true }).click();
    await expect(invited.getByTestId('register-success')).toContainText(userMessages.register.checkMail(email));
    await expect(invited.getByRole('note')).toHaveCount(0);
  } finally {
    expect((await api(operator.request, 'admin/config/set_config', { inviteRule: false })).code).toBe(0);
    await Promise.all([operator.close(), inviter.close(), invitee.close()]);
  }
});

/** A subscription link of the user, in the shape of spec-1 §7. */
const linkOf = (user: Pick<UserInfo, '_id' | 'userkey'>, kind = 'clash') =>
  `${e2eEnv.baseUrl}/api/subscript/${kind}/${user._id}/${user.userkey}`;

test('login: empty fields, wrong password or unknown e-mail, network failure, 登录中..., and home', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'login');
  await page.goto('/#/login');
  const submit = page.getByRole('button', { name: userMessages.login.submit, exact: true });

  await submit.click();
  await expect(field(page, f.email)).toHaveAccessibleErrorMessage(messages.login.emailEmpty);
  await expect(field(page, f.password)).toHaveAccessibleErrorMessage(messages.login.passwordEmpty);

  await field(page, f.email).fill(user.email);
  await submit.click();
  await expect(field(page, f.email)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, f.password)).toHaveAccessibleErrorMessage(messages.login.passwordEmpty);

  // Wrong password and unknown e-mail: the same answer.
  await field(page, f.password).fill('wrong-password-1');
  await submit.click();
  await expect(field(page, f.password)).toHaveAccessibleErrorMessage(messages.login.failedField);
  await expectToast(page, messages.login.failedToast);
  await field(page, f.email).fill(uniqueEmail('nobody'));
  await field(page, f.password).fill(user.password);
  await submit.click();
  await expect(field(page, f.password)).toHaveAccessibleErrorMessage(messages.login.failedField);
  await expectToast(page, messages.login.failedToast);

  // A network failure: the API client's toast, and no verdict on the password.
  await page.route('**/api/user/login', (route) => route.abort('connectionrefused'), { times: 1 });
  await field(page, f.email).fill(user.email);
  await submit.click();
  await expectToast(page, messages.network.toast);

  // 登录中... while the call runs, then the site root.
  const release = await holdCall(page, 'user/login');
  await submit.click();
  await expect(page.getByRole('button', { name: messages.login.loading })).toBeVisible();
  release();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.account(user.email));

  // With a session, the login page fetches user info and goes home.
  await page.evaluate(() => (location.hash = '#/login'));
  await expect(page).toHaveURL(/#\/$/);
});

test('register: the checks in the spec order, 邮件已注册, other server refusals, 注册中...', async ({
  page,
  request,
}) => {
  await page.goto('/#/register');
  const submit = page.getByRole('button', { name: userMessages.register.submit, exact: true });
  const invalid = async (label: string, message: string) => {
    await submit.click();
    await expect(field(page, label)).toHaveAccessibleErrorMessage(message);
    for (const other of [f.email, f.password, f.confirmPassword].filter((l) => l !== label)) {
      await expect(field(page, other)).not.toHaveAttribute('aria-invalid', 'true');
    }
  };

  // Everything is wrong: the passwords' equality is checked first, then their length, then the e-mail.
  await field(page, f.email).fill('not-an-email');
  await field(page, f.password).fill('short');
  await field(page, f.confirmPassword).fill('other');
  await invalid(f.confirmPassword, messages.register.passwordsDiffer);
  await field(page, f.confirmPassword).fill('short');
  await invalid(f.password, messages.register.passwordTooShort);
  await field(page, f.password).fill('long-enough-1');
  await field(page, f.confirmPassword).fill('long-enough-1');
  await invalid(f.email, messages.register.emailInvalid);

  // The server's refusal of a registered address (1001).
  await field(page, f.email).fill(seeded.paid.email);
  await invalid(f.email, messages.register.emailRegistered);

  // Any other refusal shows the server's message under the password field (an address too long for it).
  const tooLong = `${'a'.repeat(250)}@e2e.test`;
  const refusal = await signUp(request, tooLong, 'long-enough-1');
  expect(refusal.code).toBe(Codes.INVALID_PAYLOAD);
  await field(page, f.email).fill(tooLong);
  await invalid(f.password, refusal.msg);

  const email = uniqueEmail('register');
  await field(page, f.email).fill(email);
  const release = await holdCall(page, 'user/signup');
  await submit.click();
  await expect(page.getByRole('button', { name: messages.register.loading })).toBeVisible();
  release();
  await expect(page.getByTestId('register-success')).toContainText(userMessages.register.checkMail(email));
});

test('confirm: a wrong or missing key fails with 注册失败 and offers to register again', async ({ page, request }) => {
  const email = uniqueEmail('confirm');
  expect((await signUp(request, email)).code).toBe(0);
  const link = new URL(await waitForLink(email, 'signup_confirm'));
  link.hash = link.hash.replace(/key=[^&]+/, 'key=not-the-key');
  await page.goto(link.href);
  const failure = page.getByTestId('confirm-failure');
  await expect(failure.getByRole('alert')).toHaveText(messages.confirm.failure);
  await expect(failure.getByTestId('illustration-failure')).toBeVisible();
  await failure.getByRole('link', { name: userMessages.confirm.reRegister }).click();
  await expect(page).toHaveURL(/#\/register$/);

  // No query at all.
  await page.goto('/#/confirm');
  await expect(page.getByTestId('confirm-failure').getByRole('alert')).toHaveText(messages.confirm.failure);

  // The account is still unconfirmed: the right key works, and again when its answer was lost
  // (the server answers a repeat of the link within the hour as a success, doing nothing twice).
  const right = await waitForLink(email, 'signup_confirm');
  expect(await followConfirmLink(request, right)).toBe(0);
  expect(await followConfirmLink(request, right)).toBe(0);
});

test('reset: every check, find-account, refusals, 1033, success, and the mailed change_password link', async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const owner = await createUser(request, 'reset');
  // The owner is signed in in this browser: that session must end once the new password applies.
  await api(page.context().request, 'user/login', owner);
  const ownerInfo = await userInfo(page.context().request);
  const ownerSession = await sessionCookie(page.context());
  const ownerLink = linkOf(ownerInfo, 'flclash');
  // The locked account's link (canChangePassword false).
  const lockedApi = await playwright.request.newContext();
  expect((await api(lockedApi, 'user/login', seeded.locked)).code).toBe(0);
  const lockedLink = linkOf(await userInfo(lockedApi));
  await lockedApi.dispose();

  await page.goto('/#/reset');
  const submit = page.getByRole('button', { name: userMessages.reset.submit, exact: true });
  const findAccount = page.getByRole('button', { name: userMessages.reset.findAccount });
  const fill = async (values: Partial<Record<'link' | 'email' | 'password' | 'confirm', string>>) => {
    if (values.link !== undefined) await field(page, f.subscriptionLink).fill(values.link);
    if (values.email !== undefined) await field(page, f.email).fill(values.email);
    if (values.password !== undefined) await field(page, f.newPassword).fill(values.password);
    if (values.confirm !== undefined) await field(page, f.confirmNewPassword).fill(values.confirm);
  };
  const expectError = async (label: string, message: string) =>
    expect(field(page, label)).toHaveAccessibleErrorMessage(message);

  await test.step('the checks, in the spec order', async () => {
    await submit.click();
    await expectError(f.newPassword, messages.reset.passwordRequired);
    await fill({ password: 'short' });
    await submit.click();
    await expectError(f.confirmNewPassword, messages.reset.passwordRequired);
    await fill({ confirm: 'other' });
    await submit.click();
    await expectError(f.confirmNewPassword, messages.reset.passwordsDiffer);
    await fill({ confirm: 'short' });
    await submit.click();
    await expectError(f.newPassword, messages.reset.passwordTooShort);
    await fill({ password: 'new-password-2', confirm: 'new-password-2', email: 'not-an-email' });
    await submit.click();
    await expectError(f.email, messages.reset.emailInvalid);
    await fill({ email: owner.email, link: 'short' });
    await submit.click();
    await expectError(f.subscriptionLink, messages.reset.linkInvalid);
  });

  await test.step('find-account: the hint, the get_email failure, then the e-mail filled in', async () => {
    await fill({ email: '' });
    await findAccount.click();
    await expectError(f.subscriptionLink, messages.reset.findAccountNeedsLink);
    await fill({ link: `${e2eEnv.baseUrl}/api/subscript/clash/000000000000000000000000/nokey` });
    await findAccount.click();
    await expectError(f.subscriptionLink, messages.reset.getEmailFailure);
    await fill({ link: ownerLink });
    await findAccount.click();
    await expect(field(page, f.email)).toHaveValue(owner.email);
    await expect(field(page, f.subscriptionLink)).not.toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('the BFF refuses a link of another account, a wrong key, and a locked account', async () => {
    // The link names another account than the e-mail (USER_NOT_EXIST).
    await fill({ email: seeded.paid.email });
    await submit.click();
    await expectError(f.subscriptionLink, messages.reset.linkInvalid);
    // A well-formed link with a wrong key (DESCRIBE_URL_ERROR).
    await fill({ email: owner.email, link: ownerLink.slice(0, -1) + (ownerLink.endsWith('0') ? '1' : '0') });
    await submit.click();
    await expectError(f.subscriptionLink, messages.reset.linkInvalid);
    // Any other refusal (here the server's length limit of an address): 请检查邮箱是否正确.
    await fill({ email: `${'a'.repeat(250)}@e2e.test`, link: ownerLink });
    await submit.click();
    await expectError(f.email, messages.reset.otherFailure);
    // canChangePassword false: 1033 toast (5 s).
    await fill({ email: seeded.locked.email, link: lockedLink });
    await submit.click();
    await expectToast(page, messages.reset.notAllowed);
    expect((await api(request, 'user/login', seeded.locked)).code).toBe(0); // unchanged
  });

  await test.step('success screen; the old password still works until the mailed link is followed', async () => {
    await fill({ email: owner.email, link: ownerLink });
    await submit.click();
    const done = page.getByTestId('reset-success');
    await expect(done.getByRole('status')).toHaveText(messages.reset.done);
    await expect(done).toContainText(userMessages.reset.successDetail);
    await expect(done.getByRole('link', { name: userMessages.reset.toLogin })).toBeVisible();
    expect((await api(request, 'user/login', owner)).code).toBe(0);
  });

  await test.step('the change_password link applies the new password and ends the other sessions', async () => {
    await page.goto(await waitForLink(owner.email, 'change_password'));
    await expect(page.getByTestId('confirm-success')).toContainText(messages.confirm.passwordChanged);
    expect((await api(request, 'user/login', { email: owner.email, password: 'new-password-2' })).code).toBe(0);
    expect((await api(request, 'user/login', owner)).code).toBe(Codes.LOGIN_FAILED);
    expect((await api(request, 'user/userinfo', {}, { cookie: ownerSession })).code).toBe(Codes.SESSION_EXPIRED);
    // The confirm page goes home after 3 s, no longer signed in.
    await expect(page).toHaveURL(/#\/$/, { timeout: 6_000 });
    await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.visitorPrompt);
  });
});
