// 登录设备 on /user_info (issue 25) in Chromium at phone width against the real BFF: a user signed in
// on two browsers (two contexts, the second an iPhone's Safari by its User-Agent) sees both, this
// one tagged 当前设备, signs the other out after a confirmation, and the other browser is sent to
// the login page on its next call. axe on the section.
import { sessionMessages as t } from '@portal/contracts/sessions';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { createUser } from '../support/accounts';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const PHONE = { width: 390, height: 844 };
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const OTHER = 'Safari 17 · iOS 17.5';

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 150_000 });

test('a user signs out their other browser from /user_info; that browser is sent to login on its next call', async ({
  page,
  browser,
}) => {
  const user = await createUser(page.context().request, 'devices');
  const other = await browser.newContext({ viewport: PHONE, userAgent: SAFARI_IPHONE });
  try {
    const otherPage = await other.newPage();
    await loginAs(otherPage, user.email, user.password);
    await otherPage.goto('/#/user_info');
    await expect(otherPage.getByTestId('profile-devices')).toBeVisible({ timeout: 30_000 });

    await loginAs(page, user.email, user.password);
    await page.goto('/#/user_info');
    const section = page.getByTestId('profile-devices');
    await expect(section.getByTestId('profile-device')).toHaveCount(2, { timeout: 30_000 });
    const mine = section.getByTestId('profile-device').filter({ hasText: t.current });
    await expect(mine).toHaveCount(1);
    await expect(mine).not.toContainText('iOS');
    await expect(section.getByTestId('profile-device').filter({ hasText: OTHER })).toHaveCount(1);

    await expectAccessible(page, '登录设备', { include: '[data-testid="profile-devices"]' });

    await section.getByRole('button', { name: `${t.signOut} ${OTHER}` }).click();
    const dialog = page.getByTestId('end-session-dialog');
    await expect(dialog).toContainText(OTHER);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expectToast(page, t.signedOut);
    await expect(section.getByTestId('profile-device')).toHaveCount(1);
    await expect(section.getByRole('button', { name: t.signOutOthers })).toHaveCount(0);

    // The other browser's next call is refused (1002) and the portal sends it to the login page.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/#\/login$/, { timeout: 30_000 });

    // This one is still signed in.
    await page.reload();
    await expect(section.getByTestId('profile-device')).toHaveCount(1, { timeout: 30_000 });
  } finally {
    await other.close();
  }
});
