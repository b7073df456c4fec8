import { expect, test } from '../support/test';
import { messages, userMessages } from '@portal/contracts';
import { seeded } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

test('the page holds exactly one React renderer across the shell and three remotes', async ({ page }) => {
  // React DOM registers itself with the devtools hook once per copy.
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object; __reactCopies: number };
    w.__reactCopies = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject() {
        w.__reactCopies += 1;
        return w.__reactCopies;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();
  for (const path of ['/shop', '/flclash_for_pc', '/agents']) {
    await page.getByRole('navigation', { name: '主菜单' }); // header stays mounted
    await page.evaluate((p) => (location.hash = `#${p}`), path);
    await expect(page.locator('[data-remote]')).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { __reactCopies: number }).__reactCopies)).toBe(1);
});

test('the session set by the shell is the one a remote reads', async ({ page }) => {
  await loginAs(page);
  await page.goto('/#/');
  await expect(page.getByTestId('header-email')).toHaveText(e2eEnv.admin.email);
  await expect(page.getByTestId('dashboard-account')).toHaveText(`当前账号：${e2eEnv.admin.email}`);
  // Logging out in the shell empties the store the remote reads.
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.evaluate(() => (location.hash = '#/'));
  await expect(page.getByTestId('dashboard-account')).toHaveText('登录后即可获取订阅链接。');
});

test('the admin remote loads for an admin from its own origin', async ({ page }) => {
  await loginAs(page);
  const loaded = page.waitForRequest((r) => r.url().startsWith(`${e2eEnv.adminHostUrl}/`));
  await page.goto('/#/admin_stastic');
  await loaded;
  await expect(page.locator('[data-remote="mf_admin"]')).toBeVisible();
});

test('the tutorials remote is served from another origin', async ({ page }) => {
  const fromOtherOrigin = page.waitForResponse((r) => r.url().startsWith(e2eEnv.remoteHostUrl) && r.ok());
  await page.goto('/#/singbox_for_mac');
  await fromOtherOrigin;
  await expect(page.locator('[data-remote="mf_tutorials"]')).toBeVisible();
});

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

test('Chakra parts shared on their own stay off the first page and render in a remote with the shell provider', async ({
  page,
  request,
}) => {
  // The chunks only the dialog, progress and toast entries need, from the shell's manifest.
  const manifest = (await (await request.get('/mf-manifest.json')).json()) as { shared: ManifestShared[] };
  const assets = (name: string) => {
    const entry = manifest.shared.find((s) => s.name === name);
    expect(entry, `${name} is provided by the shell`).toBeTruthy();
    return [...entry!.assets.js.sync, ...entry!.assets.js.async];
  };
  const main = new Set(assets('@chakra-ui/react'));
  const ownOnly = ['dialog', 'progress', 'toast']
    .flatMap((n) => assets(`@chakra-ui/react/${n}`))
    .filter((a) => !main.has(a));
  expect(ownOnly.length).toBeGreaterThan(0);

  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: '使用教程' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => ownOnly.some((asset) => path.endsWith(asset)))).toEqual([]);

  // In mf-user, with the shell's ChakraProvider: the usage bar, a toast, a dialog.
  await loginAs(page, seeded.paid.email, seeded.paid.password);
  await page.reload();
  await expect(page.getByTestId('time-package-usage')).toBeVisible();
  const subscribe = page.getByTestId('client-flclash').getByRole('button', { name: userMessages.startUsing.subscribe });
  await subscribe.click();
  await page.getByRole('button', { name: userMessages.menu.copy }).click();
  await expectToast(page, messages.subscription.copied);
  await subscribe.click();
  await page.getByRole('button', { name: userMessages.menu.qr }).click();
  await expect(page.getByRole('dialog', { name: messages.subscription.qrTitle })).toBeVisible();
  await expect(page.getByText('页面加载失败')).toHaveCount(0);
});
