// 375 px wide: no screen of the issue scrolls the page sideways; the header menu scrolls on its own.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { frameMessages, messages, userMessages } from '@portal/contracts';
import { seeded } from '../support/accounts';
import { loginAs } from '../support/session';
import { mainMenu, openUserMenu } from '../support/ui';

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 740 } });

async function expectNoSidewaysScroll(page: Page, screen: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: screen })
    .toBeLessThanOrEqual(WIDTH);
}

async function expectInsideViewport(page: Page, what: string) {
  const box = (await page.getByRole('dialog', { name: what }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
}

test('375 px: login, register, reset and confirm fit, with their messages shown', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: userMessages.login.submit, exact: true }).click();
  await expect(page.getByText(messages.login.passwordEmpty)).toBeVisible();
  await expectNoSidewaysScroll(page, 'login');

  await page.goto('/#/register');
  await page.getByLabel(userMessages.fields.password, { exact: true }).fill('short');
  await page.getByRole('button', { name: userMessages.register.submit, exact: true }).click();
  await expect(page.getByText(messages.register.passwordsDiffer)).toBeVisible();
  await expectNoSidewaysScroll(page, 'register');

  // The longest message of the screens sits under the subscription-link field.
  await page.goto('/#/reset');
  await page
    .getByLabel(userMessages.fields.subscriptionLink, { exact: true })
    .fill('https://example.invalid/not-a-link');
  await page.getByRole('button', { name: userMessages.reset.findAccount }).click();
  await expect(page.getByText(messages.reset.getEmailFailure)).toBeVisible();
  await expectNoSidewaysScroll(page, 'reset');

  await page.goto('/#/confirm?serial_id=nothing&key=nothing&action=signup_confirm');
  await expect(page.getByText(messages.confirm.failure)).toBeVisible();
  await expectNoSidewaysScroll(page, 'confirm');

  await page.goto('/#/');
  await expect(page.getByTestId('dashboard-account')).toHaveText(userMessages.dashboard.visitorPrompt);
  await expectNoSidewaysScroll(page, 'dashboard (visitor)');
});

test('375 px: the signed-in dashboard fits; menus stay on screen; the header menu scrolls by itself', async ({
  page,
}) => {
  // The paid user has every card: time package, traffic, sign-in streak, promo.
  await loginAs(page, seeded.paid.email, seeded.paid.password);
  await page.goto('/#/');
  await expect(page.getByTestId('time-package-card')).toBeVisible();
  await expect(page.getByTestId('promo-block')).toBeVisible();
  await expectNoSidewaysScroll(page, 'dashboard (signed in)');

  await page.getByTestId('client-flclash').getByRole('button', { name: userMessages.startUsing.subscribe }).click();
  await expectInsideViewport(page, `FLClash ${userMessages.startUsing.subscribe}`);
  await openUserMenu(page);
  await expectInsideViewport(page, frameMessages.userMenu);
  await expectNoSidewaysScroll(page, 'dashboard with a menu open');
  await page.keyboard.press('Escape');

  // The menu is wider than the screen and scrolls sideways on its own, never the page.
  const nav = mainMenu(page);
  const hint = page.getByTestId('menu-swipe-hint');
  const sizes = await nav.evaluate((n) => ({ scroll: n.scrollWidth, client: n.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  await expect(hint).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0)); // opening the subscribe menu scrolled to make room
  await nav.hover();
  await page.mouse.wheel(0, 120); // a vertical wheel turns into sideways scrolling
  await expect.poll(() => nav.evaluate((n) => n.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
  await nav.evaluate((n) => n.scrollTo({ left: n.scrollWidth }));
  await expect(hint).toBeHidden(); // the end is reached

  // The current tab is scrolled into view on navigation.
  await nav.evaluate((n) => n.scrollTo({ left: 0 }));
  const last = nav.getByRole('link').last();
  await page.evaluate((href) => (location.hash = href!), await last.getAttribute('href'));
  await expect(last).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(async () => {
      const [navBox, tabBox] = [await nav.boundingBox(), await last.boundingBox()];
      return navBox && tabBox && tabBox.x >= navBox.x - 1 && tabBox.x + tabBox.width <= navBox.x + navBox.width + 1;
    })
    .toBe(true);
  await expectNoSidewaysScroll(page, 'last menu page');
});
