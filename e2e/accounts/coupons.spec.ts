// The trial-coupon dialog against the seeded coupons: every refusal of spec-1 §8 by text, the
// trimmed code, and a time coupon that brings up the time-package card.
import { expect, test } from '../support/test';
import { DEFAULT_DAILY_LIMIT_BYTES, frameMessages, GiB, messages, userMessages } from '@portal/contracts';
import { createUser } from '../support/accounts';
import { loginAs } from '../support/session';
import { openCouponDialog, submitCoupon, expectToast } from '../support/ui';

test('coupon refusals: unknown, used up, expired, and a cash code answered as unknown; then a 7-day coupon', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'coupons');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/');
  await expect(page.getByTestId('time-package-card')).toHaveCount(0);
  const dialog = await openCouponDialog(page);
  const error = dialog.getByTestId('coupon-error');

  await dialog.getByRole('button', { name: frameMessages.coupon.submit, exact: true }).click();
  await expect(error).toHaveText(frameMessages.coupon.empty);

  await submitCoupon(dialog, `NO-SUCH-${Date.now()}`);
  await expect(error).toHaveText(messages.coupon.notFound); // 1016
  await submitCoupon(dialog, 'E2E-GONE');
  await expect(error).toHaveText(messages.coupon.exhausted); // 1027
  await submitCoupon(dialog, 'E2E-EXPIRED');
  await expect(error).toHaveText(messages.coupon.expired); // 1029
  // A cash code is answered like an unknown one (1016): redeem does not tell which codes are worth money.
  await submitCoupon(dialog, 'E2E-CASH');
  await expect(error).toHaveText(messages.coupon.notFound);
  await expect(dialog).toBeVisible();

  // The code is trimmed before it is sent.
  await submitCoupon(dialog, '  E2E-7DAYS  ');
  await expectToast(page, frameMessages.coupon.success('七天体验', 0, 7));
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('time-package-card');
  await expect(card.getByTestId('time-package-days')).toHaveText(userMessages.timePackage.days(7));
  await expect(card.getByTestId('time-package-daily-remaining')).toHaveText(
    `${(DEFAULT_DAILY_LIMIT_BYTES / GiB).toFixed(2)} GB`,
  );
});
