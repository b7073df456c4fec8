// /wallet's payout address at phone width (375 px) against the real BFF (issue 24, "a stolen
// session must not be enough"): saving an address asks for the current password in a dialog; a
// wrong password is refused there with its message and nothing is saved; the right one saves it,
// and the account's e-mail is told, old and new address shortened.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { currentPasswordMessages, withdrawalMessages, type Wallet } from '@portal/contracts';
import { createUser } from '../support/accounts';
import { newestMail } from '../support/mail';
import { api, loginAs } from '../support/session';
import { expectToast } from '../support/ui';

// The USDT contract's own address: a TRC20 address with a valid base58check checksum.
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

test('the payout address needs the current password: a wrong one is refused in the dialog, the right one saves it and the account is mailed', async ({
  page,
}) => {
  const user = await createUser(page.context().request, 'payout');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/wallet');
  const wallet = userArea(page);
  await expect(wallet.getByTestId('wallet-current-address')).toHaveText('尚未设置收款地址', { timeout: 30_000 });

  await wallet.getByLabel('地址类型').selectOption('USDT-TRC20');
  await wallet.getByLabel('收款地址').fill(TRC20);
  await wallet.getByRole('button', { name: '保存收款地址' }).click();
  const dialog = page.getByRole('dialog', { name: currentPasswordMessages.address.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TRC20);
  const password = dialog.getByLabel(currentPasswordMessages.label);

  // A wrong password: the server's message under the field, the dialog stays, nothing saved.
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: currentPasswordMessages.address.confirm }).click();
  await expect(dialog.getByText(currentPasswordMessages.wrong)).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await api<Wallet>(page.context().request, 'wallet/mywallet')).data).toMatchObject({ address: '' });

  // The dialog fits the phone: nothing wider than the screen.
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  // The right password saves it.
  await password.fill(user.password);
  await dialog.getByRole('button', { name: currentPasswordMessages.address.confirm }).click();
  await expectToast(page, withdrawalMessages.addressSaved);
  await expect(dialog).toHaveCount(0);
  await expect(wallet.getByTestId('wallet-current-address')).toContainText(TRC20);
  expect((await api<Wallet>(page.context().request, 'wallet/mywallet')).data).toMatchObject({
    addressType: 'USDT-TRC20',
    address: TRC20,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The account's e-mail is told, the address shortened.
  await expect
    .poll(() => newestMail(user.email, (mail) => mail.subject.includes('收款地址已修改'))?.text ?? '', {
      timeout: 10_000,
    })
    .toContain('新地址：USDT-TRC20 TR7NHq…Lj6t');
});
