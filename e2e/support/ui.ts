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
