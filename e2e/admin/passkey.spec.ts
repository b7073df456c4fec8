// Passkeys as a staff second factor (issue 25, docs/second-factor.md): a staff member adds a passkey
// on /user_info through Chromium's virtual authenticator (DevTools protocol `WebAuthn`), signs out,
// and signs in again with the password and the passkey, then with a recovery code; renews the
// recovery codes; then removes the passkey.
import type { Page } from '@playwright/test';
import { passkeyMessages as pk, secondFactorMessages as m } from '@portal/contracts/second-factor';
import { api, userInfo } from '../support/session';
import { newStaffSignedIn, passwordLogin } from '../support/staff';
import { expect, test } from '../support/test';

/** A platform authenticator with user verification, as a phone or a laptop with a fingerprint reader has. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

const PHONE = { width: 390, height: 844 };

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`${label}: a staff member adds a passkey on /user_info and signs in with the password and the passkey`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const authenticator = await virtualAuthenticator(page);
    const staff = await newStaffSignedIn(page, request);

    await page.goto('/#/user_info');
    const card = page.getByTestId('profile-second-factor');
    await expect(card.getByTestId('second-factor-state')).toHaveText(m.disabled);
    const list = card.getByTestId('passkeys');
    await expect(list.getByTestId('passkeys-empty')).toHaveText(pk.passkeysEmpty);

    await list.getByRole('button', { name: pk.addPasskey }).click();
    const dialog = page.getByRole('dialog', { name: pk.addPasskey });
    // A name is required.
    await dialog.getByRole('button', { name: pk.passkeyContinue }).click();
    await expect(dialog.getByText(pk.passkeyNameInvalid)).toBeVisible();
    await dialog.getByLabel(pk.passkeyNameLabel).fill('测试电脑');
    await dialog.getByRole('button', { name: pk.passkeyContinue }).click();
    await expect(dialog).toBeHidden();
    // The first factor comes with ten recovery codes, shown once: the way in when the passkey is lost.
    const codes = page.getByTestId('second-factor-codes');
    await expect(codes.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    const recoveryCode = (await codes.getByTestId('recovery-codes').getByRole('listitem').first().innerText()).trim();
    await codes.getByRole('button', { name: m.done }).click();
    await expect(codes).toBeHidden();
    await expect(card.getByTestId('second-factor-recovery-left')).toHaveText(m.recoveryLeft(10));
    await expect(list.getByTestId('passkey-row')).toHaveCount(1);
    await expect(list.getByTestId('passkey-row')).toContainText('测试电脑');
    await expect(list.getByTestId('passkey-row')).toContainText(pk.passkeyNeverUsed);
    await expect(card.getByTestId('second-factor-state')).toHaveText(m.enabled);
    expect(await authenticator.credentials()).toHaveLength(1);
    // The row fits the screen (a phone's 390 px included).
    const box = (await list.getByTestId('passkey-row').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Sign out, then the password alone no longer signs in: the second step offers the passkey only.
    expect((await api(page.context().request, 'user/logout')).code).toBe(0);
    await passwordLogin(page, staff.email, staff.password);
    const step = page.getByTestId('second-factor-step');
    await expect(step.getByText(m.passkeyLoginText)).toBeVisible();
    await expect(step.getByLabel(m.codeLabel)).toHaveCount(0);
    await step.getByRole('button', { name: pk.usePasskey }).click();
    await expect(page).toHaveURL(/#\/$/);
    expect((await userInfo(page.context().request)).email).toBe(staff.email);
    const status = await api<{ active: boolean; passkeys: Array<{ lastUsedAt: string | null }> }>(
      page.context().request,
      'second_factor/status',
    );
    expect(status.data.active).toBe(true);
    expect(status.data.passkeys[0]?.lastUsedAt).not.toBeNull();

    // The passkey lost: a recovery code signs in instead, once.
    expect((await api(page.context().request, 'user/logout')).code).toBe(0);
    await passwordLogin(page, staff.email, staff.password);
    await step.getByRole('button', { name: m.useRecovery }).click();
    await step.getByLabel(m.recoveryLabel).fill(recoveryCode);
    await step.getByRole('button', { name: m.loginSubmit }).click();
    await expect(page).toHaveURL(/#\/$/);
    expect((await userInfo(page.context().request)).email).toBe(staff.email);

    // One code used: ten new ones (no authenticator code to type; the sign-in just checked the factor).
    await page.goto('/#/user_info');
    await expect(card.getByTestId('second-factor-recovery-left')).toHaveText(m.recoveryLeft(9));
    await card.getByRole('button', { name: m.newRecoveryCodes }).click();
    const renew = page.getByRole('alertdialog', { name: m.newRecoveryCodes });
    await expect(renew).toContainText(pk.newCodesText);
    await renew.getByRole('button', { name: m.confirm }).click();
    await expect(codes.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await expect(codes.getByTestId('recovery-codes')).not.toContainText(recoveryCode);
    await codes.getByRole('button', { name: m.done }).click();
    await expect(card.getByTestId('second-factor-recovery-left')).toHaveText(m.recoveryLeft(10));

    // Removing it (the sign-in just checked the factor): the card is back to no factor.
    await list.getByRole('button', { name: `${pk.removePasskey} 测试电脑` }).click();
    const confirm = page.getByRole('alertdialog', { name: pk.removePasskeyTitle });
    await confirm.getByRole('button', { name: pk.removePasskey }).click();
    await expect(list.getByTestId('passkeys-empty')).toBeVisible();
    await expect(card.getByTestId('second-factor-state')).toHaveText(m.disabled);
  });
}
