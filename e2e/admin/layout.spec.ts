// The back office laid out for its size (issue 25): the header has one 后台管理 entry instead of
// seventeen; the admin remote shows its screens by group in a sidebar on a desktop (every screen
// the user may open reachable, none cut off) and in a drawer on a phone; a yunying user sees only
// the 运营 group. axe finds no serious or critical violation on any admin screen, the whole page.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { adminGroups, adminScreensOf, frameMessages, routes } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { seeded } from '../support/accounts';
import { loginAs } from '../support/session';
import { mainMenu } from '../support/ui';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const t = adminMessages.layout;
const screens = routes.filter((r) => r.group);

/** The sidebar's navigation (desktop). */
const sidebar = (page: Page) => page.getByTestId('admin-sidebar').getByRole('navigation', { name: t.nav });

/** The screen `page` of the admin remote is on show, its loading done. */
async function screenShown(page: Page, key: string) {
  const area = page.locator(`[data-remote="mf_admin"][data-page="${key}"]`);
  await expect(area).toBeVisible({ timeout: 30_000 });
  await expect(area.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * axe on the whole page (header, sidebar and screen), with the rule the issue names turned on
 * (axe ships it as experimental): no violation of serious or critical impact. Soft: one run reports
 * every screen's violations.
 */
async function expectAccessibleSoft(page: Page, what: string) {
  expect.soft(await seriousViolations(page, { enable: ['label-content-name-mismatch'] }), what).toEqual([]);
}

/** Opens a group of the navigation when it is closed; returns its toggle. */
async function openGroup(nav: Locator, label: string): Promise<Locator> {
  const toggle = nav.getByRole('button', { name: label, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return toggle;
}

// Walks every admin screen, each a chunk of its own fetched from the admin origin.
test.describe.configure({ timeout: 240_000 });

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the header has one back-office entry; every screen is reachable from the sidebar, none cut off, and passes axe', async ({
    page,
  }) => {
    await loginAs(page);
    await page.goto('/#/');
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: '后台管理', exact: true })).toBeVisible();
    for (const r of screens) await expect(menu.getByRole('link', { name: r.menuLabel!, exact: true })).toHaveCount(0);

    await menu.getByRole('link', { name: '后台管理', exact: true }).click();
    // On to the first screen of the first group.
    const first = adminScreensOf(adminGroups[0].id)[0]!;
    await expect(page).toHaveURL(new RegExp(`#${first.path}$`));
    await screenShown(page, first.page);
    await expect(menu.getByRole('link', { name: '后台管理', exact: true })).toHaveAttribute('aria-current', 'page');

    for (const group of adminGroups) {
      for (const r of adminScreensOf(group.id)) {
        const nav = sidebar(page);
        await openGroup(nav, group.label);
        const link = nav.getByRole('link', { name: r.menuLabel!, exact: true });
        await expect(link).toBeVisible();
        await link.scrollIntoViewIfNeeded();
        const box = (await link.boundingBox())!;
        expect(box.x, `${r.path} starts on the screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${r.path} ends on the screen`).toBeLessThanOrEqual(DESKTOP.width);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`#${r.path}$`));
        await screenShown(page, r.page);
        // The current screen is marked and its group is open.
        await expect(sidebar(page).getByRole('link', { name: r.menuLabel!, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(sidebar(page).getByRole('button', { name: group.label, exact: true })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
        // The screen beside the sidebar fits the window (a wide table scrolls inside it).
        const area = (await page.locator(`[data-remote="mf_admin"][data-page="${r.page}"]`).boundingBox())!;
        expect(area.x + area.width, `${r.path} fits beside the sidebar`).toBeLessThanOrEqual(DESKTOP.width);
        await expectAccessibleSoft(page, r.path);
      }
    }

    // The user's own menu is in the sidebar too.
    const account = page.getByTestId('admin-sidebar').getByTestId('admin-account');
    await account.getByRole('link', { name: t.account, exact: true }).click();
    await expect(page).toHaveURL(/#\/user_info$/);
  });

  test('a yunying user sees only the 运营 group and is sent there from 后台管理', async ({ page }) => {
    await loginAs(page, seeded.yunying.email, seeded.yunying.password);
    await page.goto('/#/');
    await mainMenu(page).getByRole('link', { name: '后台管理', exact: true }).click();
    await expect(page).toHaveURL(/#\/admin_coupon$/);
    await screenShown(page, 'admin_coupon');
    const nav = sidebar(page);
    const ops = adminGroups.find((g) => g.id === 'ops')!;
    await expect(nav.getByRole('button')).toHaveCount(1);
    await expect(nav.getByRole('button', { name: ops.label, exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText(adminScreensOf('ops').map((r) => r.menuLabel!));
    // An admin-only screen typed in: refused, with the same sidebar beside it.
    await page.goto('/#/admin_config');
    await expect(page.locator('[data-remote="mf_admin"]').getByText(adminMessages.forbidden)).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveCount(3);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('the drawer opens from 后台菜单 with the current group open, navigates and closes', async ({ page }) => {
    await loginAs(page);
    await page.goto('/#/admin_userlist');
    await screenShown(page, 'admin_userlist');
    await expect(page.getByTestId('admin-sidebar')).toBeHidden();
    await expect(page.getByText(t.current('用户管理'))).toBeVisible();

    const button = page.getByRole('button', { name: t.openNav, exact: true });
    await button.click();
    const drawer = page.getByRole('dialog', { name: t.nav });
    await expect(drawer).toBeVisible();
    // Inside the screen once it has slid in (measured mid-slide it is partly off to the left).
    await expect
      .poll(async () => {
        const box = (await drawer.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    const nav = drawer.getByRole('navigation', { name: t.nav });
    await expect(nav.getByRole('button', { name: '用户', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: '用户管理', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: '财务', exact: true })).toHaveAttribute('aria-expanded', 'false');

    // Esc closes it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await button.click();
    await expect(drawer).toBeVisible();
    await openGroup(drawer.getByRole('navigation', { name: t.nav }), '财务');
    await drawer.getByRole('link', { name: '交易流水', exact: true }).click();
    await expect(page).toHaveURL(/#\/admin_tradeList$/);
    await expect(page.getByRole('dialog', { name: t.nav })).toBeHidden();
    await screenShown(page, 'admin_tradeList');
    await expect(page.getByText(t.current('交易流水'))).toBeVisible();
    const area = (await page.locator('[data-remote="mf_admin"][data-page="admin_tradeList"]').boundingBox())!;
    expect(area.x + area.width).toBeLessThanOrEqual(PHONE.width);

    // The user's own menu: in the drawer, and the header's button is there too.
    await page.getByRole('button', { name: t.openNav, exact: true }).click();
    await expect(page.getByRole('dialog', { name: t.nav }).getByRole('button', { name: t.logout })).toBeVisible();
    await page.getByRole('button', { name: t.closeNav }).click();
    await expect(page.getByRole('dialog', { name: t.nav })).toBeHidden();
    await expect(page.getByRole('button', { name: frameMessages.userMenu })).toBeVisible();
  });
});
