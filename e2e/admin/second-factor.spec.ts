// A second factor for staff (issue 25, docs/second-factor.md): a staff member enrols TOTP on
// /user_info (the test computes the codes from the secret the dialog shows, as an authenticator
// app would), signs out, and signs in again with the password and a code.
import type { Page } from '@playwright/test';
import { Codes, defaultMessages, frameMessages } from '@portal/contracts';
import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { generate } from 'otplib';
import { createUser } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { api, skipPurchaseModal, userInfo } from '../support/session';
import { newStaffSignedIn, passwordLogin } from '../support/staff';
import { expect, test } from '../support/test';
import { openUserMenu } from '../support/ui';

/** The code of the time step `offset` periods from now: each step is accepted once. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

const PHONE = { width: 390, height: 844 };
const secondFactorWrong = defaultMessages[Codes.SECOND_FACTOR_WRONG]!;

/** 两步验证 on /user_info: the QR, the secret to type by hand, the first code, the recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/#/user_info');
  const card = page.getByTestId('profile-second-factor');
  await expect(card.getByTestId('second-factor-state')).toHaveText(m.disabled);
  await card.getByRole('button', { name: m.enable }).click();
  const dialog = page.getByRole('dialog', { name: m.enrolTitle });
  await expect(dialog.getByRole('img', { name: m.qrAlt })).toBeVisible();
  const secret = (await dialog.getByTestId('second-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByLabel(m.codeLabel).fill(await codeAt(secret));
  await dialog.getByRole('button', { name: m.confirm }).click();
  const codes = page.getByRole('dialog', { name: m.codesTitle });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
  // Nothing sticks out of the screen (a phone's 390 px included).
  const box = (await codes.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await codes.getByRole('button', { name: m.done }).click();
  await expect(card.getByTestId('second-factor-state')).toHaveText(m.enabled);
  await expect(card.getByTestId('second-factor-recovery-left')).toHaveText(m.recoveryLeft(10));
  return { secret, recoveryCodes };
}

test('a staff member enrols TOTP, signs out, and signs in with the password and a code', async ({ page, request }) => {
  const staff = await newStaffSignedIn(page, request);
  const { secret } = await enrol(page);

  // Sign out from the user menu.
  const menu = await openUserMenu(page);
  await menu.getByRole('button', { name: frameMessages.logout }).click();
  await expect(page).toHaveURL(/#\/login/);

  // The password alone no longer signs in: the second step asks for a code.
  await passwordLogin(page, staff.email, staff.password);
  const step = page.getByTestId('second-factor-step');
  await expect(step.getByText(m.loginText)).toBeVisible();
  // The code of the next period (the enrolment used this one's; a code is taken once).
  await step.getByLabel(m.codeLabel).fill(await codeAt(secret, 1));
  await step.getByRole('button', { name: m.loginSubmit }).click();
  await expect(page).toHaveURL(/#\/$/);
  expect((await userInfo(page.context().request)).email).toBe(staff.email);
  const status = await api<{ enabled: boolean }>(page.context().request, 'second_factor/status');
  expect(status.data.enabled).toBe(true);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('enrolment fits the screen, and a recovery code signs in once', async ({ page, request }) => {
    const staff = await newStaffSignedIn(page, request);
    const { recoveryCodes } = await enrol(page);
    expect(recoveryCodes).toHaveLength(10);
    expect((await api(page.context().request, 'user/logout')).code).toBe(0);

    await passwordLogin(page, staff.email, staff.password);
    const step = page.getByTestId('second-factor-step');
    await step.getByRole('button', { name: m.useRecovery }).click();
    await step.getByLabel(m.recoveryLabel).fill(recoveryCodes[0]!);
    await step.getByRole('button', { name: m.loginSubmit }).click();
    await expect(page).toHaveURL(/#\/$/);
    const status = await api<{ recoveryLeft: number }>(page.context().request, 'second_factor/status');
    expect(status.data.recoveryLeft).toBe(9);

    // The same recovery code a second time is refused.
    expect((await api(page.context().request, 'user/logout')).code).toBe(0);
    await passwordLogin(page, staff.email, staff.password);
    await step.getByRole('button', { name: m.useRecovery }).click();
    await step.getByLabel(m.recoveryLabel).fill(recoveryCodes[0]!);
    await step.getByRole('button', { name: m.loginSubmit }).click();
    await expect(step.getByText(secondFactorWrong)).toBeVisible();
  });
});

test('with 后台人员必须开启两步验证 on, a staff member without a factor is sent to enrol before any operator screen', async ({
  page,
  request,
}) => {
  // The owner (no factor of their own) appoints an admin and turns the setting on.
  const staff = await createUser(request, 'forced');
  expect((await api(request, 'user/login', e2eEnv.admin)).code).toBe(0);
  const appoint = await api(request, 'admin/staff/appoint', { email: staff.email, role: 'admin' });
  expect(appoint.code, appoint.msg).toBe(0);
  const turnOn = await api(request, 'admin/config/set_config', { staff_second_factor_required: true });
  expect(turnOn.code, turnOn.msg).toBe(0);
  let settingOn = true;
  try {
    await passwordLogin(page, staff.email, staff.password);
    await expect(page).toHaveURL(/#\/$/);
    const me = await userInfo(page.context().request);
    await skipPurchaseModal(page.context(), me._id);
    // The BFF refuses operator calls (1132) until a factor is set.
    expect((await api(page.context().request, 'admin/users/userlist', { number: 10, filterStr: '' })).code).toBe(
      Codes.SECOND_FACTOR_REQUIRED,
    );

    // An operator screen opens the enrolment instead of its data.
    await page.goto('/#/admin_userlist');
    const dialog = page.getByRole('dialog', { name: m.enrolTitle });
    await expect(dialog.getByRole('img', { name: m.qrAlt })).toBeVisible();
    // It says why it opened.
    await expect(dialog.getByRole('note')).toHaveText(m.requiredNote);
    const secret = (await dialog.getByTestId('second-factor-secret').textContent())!.trim();
    await dialog.getByLabel(m.codeLabel).fill(await codeAt(secret));
    await dialog.getByRole('button', { name: m.confirm }).click();
    const codes = page.getByRole('dialog', { name: m.codesTitle });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await codes.getByRole('button', { name: m.done }).click();
    // Enrolled: the refused call is made again and the screen shows its rows.
    await expect(page.locator('[data-remote="mf_admin"]').getByTestId('users-row').first()).toBeVisible({
      timeout: 30_000,
    });

    // This staff member (checked a moment ago) turns the setting off again.
    const turnOff = await api(page.context().request, 'admin/config/set_config', {
      staff_second_factor_required: false,
    });
    expect(turnOff.code, turnOff.msg).toBe(0);
    settingOn = false;
  } finally {
    // Later tests in this portal need the owner's screens without a factor.
    if (settingOn)
      await api(page.context().request, 'admin/config/set_config', { staff_second_factor_required: false });
  }
  expect((await api(request, 'admin/users/userlist', { number: 10, filterStr: '' })).code).toBe(0);
});
