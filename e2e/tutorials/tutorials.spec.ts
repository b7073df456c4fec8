import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { messages, routes, tutorialMessages } from '@portal/contracts';
import { e2eEnv } from '../support/env';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

/** The tutorial remote's area (the shell's header and footer have their own checks): where axe looks. */
const AREA = { include: '[data-remote="mf_tutorials"]' };

const tutorialRoutes = routes.filter((r) => r.remote === 'mf_tutorials');
const guideRoutes = tutorialRoutes.filter((r) => r.page !== 'windows_errors' && r.page !== 'apple_id_signup_guide');
const heading = (title: string) => title.replace(/ - .*$/, '');

/** Opens a tutorial route and checks its title, heading, numbered items and drawings. */
async function openTutorial(page: Page, path: string) {
  const route = tutorialRoutes.find((r) => r.path === path)!;
  await page.goto(`/#${path}`);
  const area = page.locator('[data-remote="mf_tutorials"]');
  await expect(area.getByRole('heading', { level: 1, name: heading(route.title) })).toBeVisible();
  await expect(page).toHaveTitle(route.title);
  return area;
}

async function expectNamedDrawings(area: ReturnType<Page['locator']>, atLeast = 1) {
  const images = area.getByRole('img');
  expect(await images.count()).toBeGreaterThanOrEqual(atLeast);
  for (const image of await images.all()) expect(await image.getAttribute('aria-label')).toBeTruthy();
}

test.describe('tutorials as a visitor', () => {
  test('every client guide shows its numbered steps and drawings, and asks for a login to import', async ({ page }) => {
    for (const route of guideRoutes) {
      const area = await openTutorial(page, route.path);
      const steps = area.getByRole('list', { name: tutorialMessages.steps }).getByRole('listitem');
      expect(await steps.count(), route.path).toBeGreaterThanOrEqual(5);
      await expect(steps.first().getByRole('heading', { level: 2 })).toHaveText(/^第 1 步/);
      await expectNamedDrawings(area);
      await expect(area.getByRole('link', { name: tutorialMessages.oneTap })).toHaveCount(0);
      if (route.page === 'streisand_for_ios') {
        // spec-1 §5: Streisand's copy tells a visitor to log in with a toast when pressed.
        await area.getByRole('button', { name: tutorialMessages.copyLink }).first().click();
        await expectToast(page, messages.appleId.loginFirstStreisand);
      } else {
        await expect(area.getByRole('link', { name: tutorialMessages.login }).first()).toHaveAttribute(
          'href',
          '/#/login',
        );
      }
      await expect(area.getByRole('link', { name: tutorialMessages.troubleshooting })).toHaveAttribute(
        'href',
        '/#/windows_errors',
      );
    }
  });

  test('the troubleshooting page lists the 8 items with the recommended speed-test URLs', async ({ page }) => {
    const area = await openTutorial(page, '/windows_errors');
    await expect(area.getByRole('list', { name: '常见问题列表' }).getByRole('listitem')).toHaveCount(8);
    await expect(area.getByText('http://www.gstatic.com/generate_204').first()).toBeVisible();
    await expect(area.getByText('http://cp.cloudflare.com/generate_204').first()).toBeVisible();
    await expect(area.getByText(/7\.0\.0 或更高版本/)).toBeVisible();
    await expect(area.getByText(/至少 20G 永久流量/)).toBeVisible();
  });

  test('the Apple ID guide has its five steps and drawings', async ({ page }) => {
    const area = await openTutorial(page, '/apple_id_signup_guide');
    await expect(area.getByRole('list', { name: tutorialMessages.steps }).getByRole('listitem')).toHaveCount(5);
    await expect(area.getByText(/美国的虚拟信用卡/)).toBeVisible();
    await expectNamedDrawings(area);
  });

  test('no serious accessibility violations on any tutorial page', async ({ page }) => {
    // An axe run on each of the tutorial pages in turn: more than the usual minute on a busy machine.
    test.setTimeout(180_000);
    for (const route of tutorialRoutes) {
      await openTutorial(page, route.path);
      await expectAccessible(page, route.path, AREA);
    }
  });

  test('the first load of a tutorial route stays small', async ({ page }) => {
    const fromRemote: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.url().startsWith(e2eEnv.remoteHostUrl) && r.url().endsWith('.js')) fromRemote.push(r.url());
    });
    await openTutorial(page, '/flclash_for_pc');
    const sizes = fromRemote.map((url) => {
      const file = path.join(e2eEnv.remoteHostDir, new URL(url).pathname);
      return { file: new URL(url).pathname, gzip: gzipSync(readFileSync(file), { level: 9 }).length };
    });
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`mf-tutorials first load on /#/flclash_for_pc: ${(total / 1024).toFixed(1)} kB gzip`, sizes);
    expect(total).toBeLessThan(40 * 1024);
  });
});

test.describe('tutorials for a signed-in user', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('every client guide offers the user’s own link, with the client’s URL scheme where it has one', async ({
    page,
  }) => {
    // Every client guide in turn: more than the usual minute on a busy machine.
    test.setTimeout(180_000);
    for (const route of guideRoutes) {
      // A full load first, so the shell reads the session.
      const area = await openTutorial(page, route.path);
      await expect(area.getByRole('button', { name: tutorialMessages.copyLink }).first()).toBeVisible();
      await expect(area.getByText(tutorialMessages.loginNeeded)).toHaveCount(0);
      await expect(area.getByText(/\/api\/subscript\//).first()).toBeVisible();
      const oneTap = area.getByRole('link', { name: tutorialMessages.oneTap });
      if (route.path === '/v2rayng_for_windows') await expect(oneTap).toHaveCount(0);
      else await expect(oneTap).toHaveAttribute('href', /^[a-z0-9-]+:\/\/.+/);
      await expectNamedDrawings(area);
    }
  });

  test('the one-tap import hands the user’s FLClash link to the flclash:// scheme', async ({ page }) => {
    const area = await openTutorial(page, '/flclash_for_pc');
    // Record the navigation the click would start, then stop it (no app handles the scheme here).
    await page.evaluate(() => {
      window.addEventListener('click', (event) => {
        const anchor = (event.target as Element).closest('a');
        (window as unknown as { oneTap: unknown }).oneTap = {
          href: anchor?.href,
          prevented: event.defaultPrevented,
        };
        event.preventDefault();
      });
    });
    await area.getByRole('link', { name: tutorialMessages.oneTap }).click();
    const oneTap = await page.evaluate(
      () => (window as unknown as { oneTap: { href: string; prevented: boolean } }).oneTap,
    );
    expect(oneTap.prevented).toBe(false);
    expect(oneTap.href).toMatch(/^flclash:\/\/install-config\?url=/);
    const link = decodeURIComponent(oneTap.href.split('url=')[1]!);
    expect(link).toMatch(/\/api\/subscript\/flclash\/[^/]+\/[^/]+$/);
    await expect(area.getByText(link)).toBeVisible();
  });

  test('a phone-only one-tap import is refused on a desktop, as on the dashboard', async ({ page }) => {
    const area = await openTutorial(page, '/ss_for_ios');
    await area.getByRole('link', { name: tutorialMessages.oneTap }).click();
    await expect(page.getByText(messages.subscription.mobileOnly)).toBeVisible();
    await expect(page).toHaveURL(/#\/ss_for_ios$/);
  });

  test('no serious accessibility violations on a guide with the import buttons', async ({ page }) => {
    await openTutorial(page, '/flclash_for_pc');
    await expectAccessible(page, '/flclash_for_pc signed in', AREA);
  });
});
