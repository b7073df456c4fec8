// Handles on the portal's shared UI: toasts, the header's menus and dialogs, the daily modal.
import { expect, type Locator, type Page } from '@playwright/test';
import { frameMessages, userMessages } from '@portal/contracts';

/**
 * The open toast showing `text` (toasts stack at the top of the page). An earlier toast with the
 * same text may still be fading out (data-state="closed"); it is not the one a step raised.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-testid="toast"]:not([data-state="closed"])').filter({ hasText: text });
}

/**
 * A toast saying `text` was shown on the page since the last toast checked (support/test.ts
 * records each toast as it opens, so a 2 s toast counts however long the step took to return).
 * Each shown toast satisfies one check: the same words twice need two toasts.
 */
export async function expectToast(page: Page, text: string | RegExp, { timeout = 10_000 }: { timeout?: number } = {}) {
  const wanted =
    typeof text === 'string' ? { text, source: '', flags: '' } : { text: '', source: text.source, flags: text.flags };
  const taken = () =>
    page.evaluate((want) => {
      const shown = window.__toastsShown ?? [];
      const says = (seen: string) =>
        want.source === '' ? seen.includes(want.text) : new RegExp(want.source, want.flags).test(seen);
      const index = shown.findIndex(says);
      if (index >= 0) shown.splice(index, 1);
      return index >= 0;
    }, wanted);
  await expect.poll(taken, { message: `a toast saying ${String(text)}`, timeout }).toBe(true);
}

/**
 * Ticks (or unticks) a Chakra checkbox. Its input is visually hidden under the drawn box, so the
 * press goes to the checkbox's label, unforced: Playwright waits until it stands still (a dialog
 * still opening moves it) and is not covered. The state is checked after.
 */
export async function setChecked(box: Locator, checked: boolean): Promise<void> {
  if ((await box.isChecked()) !== checked) await box.locator('xpath=ancestor::label[1]').click();
  await expect(box).toBeChecked({ checked });
}

/** The header's main menu. */
export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: frameMessages.mainMenu });
}

/** Opens the header's user menu and returns its panel. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: frameMessages.userMenu }).click();
  const panel = page.getByRole('dialog', { name: frameMessages.userMenu });
  await expect(panel).toBeVisible();
  return panel;
}

/** Opens the trial-coupon dialog from the user menu and returns it. */
export async function openCouponDialog(page: Page): Promise<Locator> {
  const menu = await openUserMenu(page);
  await menu.getByRole('button', { name: frameMessages.coupon.open }).click();
  const dialog = page.getByRole('dialog', { name: frameMessages.coupon.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types a code into the open coupon dialog and submits it. */
export async function submitCoupon(dialog: Locator, code: string): Promise<void> {
  await dialog.getByLabel(frameMessages.coupon.label).fill(code);
  await dialog.getByRole('button', { name: frameMessages.coupon.submit, exact: true }).click();
}

/** The purchase modal (first visit of the day, signed-in, not agency). */
export function purchaseModal(page: Page): Locator {
  return page.getByTestId('purchase-modal');
}

/**
 * For flows that log in through the form: today's purchase modal opens on the first dashboard
 * visit; wait for it and close it. (Tests logged in with `loginAs` never see it.)
 */
export async function dismissDailyModal(page: Page): Promise<void> {
  const modal = purchaseModal(page);
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: userMessages.purchase.close }).first().click();
  await expect(modal).toBeHidden();
}

/** The dashboard's unlimited-traffic figure ('12.34 GB'). */
export function trafficFigure(page: Page): Locator {
  return page.getByTestId('traffic-remaining');
}
