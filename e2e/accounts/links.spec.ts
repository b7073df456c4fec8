// The subscription menus' and shared-account refusals of spec-1 §8 a user can trigger on a desktop.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { Codes, decodeResponse, messages, userMessages } from '@portal/contracts';
import { createUser, seeded } from '../support/accounts';
import { loginAs, userInfo } from '../support/session';
import { expectToast } from '../support/ui';

/** Opens the subscribe menu of a button of the advanced-import card and returns its panel. */
async function openAdvancedMenu(page: Page, name: string) {
  await page.getByTestId('subscription-card').getByRole('button', { name, exact: true }).click();
  const panel = page.getByRole('dialog', { name: `${name} ${userMessages.startUsing.subscribe}` });
  await expect(panel).toBeVisible();
  return panel;
}

test('a visitor: subscribing and the shared Apple ID need a login', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.visitorPrompt);
  await page.getByTestId('client-flclash').getByRole('button', { name: userMessages.startUsing.subscribe }).click();
  await expectToast(page, messages.subscription.loginFirst);
  await expect(page.getByRole('dialog', { name: `FLClash ${userMessages.startUsing.subscribe}` })).toHaveCount(0);
  await page.getByTestId('apple-id-link').click();
  await expectToast(page, messages.appleId.loginFirst);
  await expect(page).toHaveURL(/#\/$/);
});

test('a free user: one-tap imports that need a phone or iOS, and the paid-only Apple ID', async ({ page, request }) => {
  const user = await createUser(request, 'links');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/');
  await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.account(user.email));

  await (await openAdvancedMenu(page, 'Shadowrocket')).getByRole('button', { name: userMessages.menu.import }).click();
  await expectToast(page, messages.subscription.mobileOnly);
  await (await openAdvancedMenu(page, 'Surge')).getByRole('button', { name: userMessages.menu.import }).click();
  await expectToast(page, messages.subscription.surgeIosOnly);
  await expect(page).toHaveURL(/#\/$/);

  await page.getByTestId('apple-id-link').click();
  await expectToast(page, messages.appleId.paidOnly);
  await expect(page).toHaveURL(/#\/$/);
});

test('a paid user opens the shared Apple ID page', async ({ page }) => {
  await loginAs(page, seeded.paid.email, seeded.paid.password);
  await page.goto('/#/');
  await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.account(seeded.paid.email));
  await page.getByTestId('apple-id-link').click();
  await expect(page).toHaveURL(/#\/apple_id_share$/);
});

test('an account that may not change its key: resetting the link is refused (1033) and the key stays', async ({
  page,
}) => {
  const before = await loginAs(page, seeded.locked.email, seeded.locked.password);
  await page.goto('/#/');
  await page.getByTestId('client-flclash').getByRole('button', { name: userMessages.startUsing.subscribe }).click();
  await page
    .getByRole('dialog', { name: `FLClash ${userMessages.startUsing.subscribe}` })
    .getByRole('button', { name: userMessages.menu.reset })
    .click();
  const confirm = page.getByRole('alertdialog', { name: messages.subscription.resetTitle });
  const answer = page.waitForResponse('**/api/user/reset_userkey');
  await confirm.getByRole('button', { name: userMessages.menu.confirm }).click();
  expect(decodeResponse(await (await answer).json()).code).toBe(Codes.NOT_ALLOWED);
  await expectToast(page, messages.subscription.resetNotAllowed);
  await expect(confirm).toBeHidden();
  expect((await userInfo(page.context().request)).userkey).toBe(before.userkey);
});
