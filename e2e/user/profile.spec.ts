// /user_info and /apple_id_share (issue 13) in Chromium at phone width against the real BFF: a user
// saves an avatar and two options, reloads and finds them saved; changes the e-mail, which applies
// only once the mailed link is opened. The operator's shared Apple IDs: a free user is refused by
// the server and the page says why, a paid user copies an account. axe on each page.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import {
  appleIdMessages,
  Codes,
  currentPasswordMessages,
  profileMessages,
  type AppleIdAccount,
  type UserInfo,
} from '@portal/contracts';
import { createUser, seeded, uniqueEmail } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { waitForLink } from '../support/mail';
import { api, loginAs, userInfo } from '../support/session';
import { expectToast } from '../support/ui';

/** The page's own area (the shell's frame has its own checks): where axe looks. */
const AREA = { include: '[data-remote="mf_user"]' };

const PHONE = { width: 390, height: 844 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
test.describe.configure({ timeout: 150_000 });

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

test('profile: avatar and options saved survive a reload; a new e-mail applies only after the mailed link', async ({
  page,
}) => {
  const user = await createUser(page.context().request, 'profile');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/user_info');
  const profile = userArea(page);
  const email = profile.getByLabel('邮箱', { exact: true });
  await expect(email).toHaveValue(user.email, { timeout: 30_000 });
  await expect(profile.getByTestId('profile-permissions').getByText('暂无记录')).toBeVisible();
  await expect(profile.getByTestId('profile-telegram-state')).toHaveText('未绑定 Telegram');
  await expectAccessible(page, '/user_info', AREA);

  // An avatar and two options, saved together.
  await profile.getByTestId('image-upload-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(profile.getByRole('img', { name: '已上传的图片' })).toBeVisible();
  await profile.getByRole('switch', { name: '海外订阅' }).check();
  await profile.getByRole('switch', { name: '英文节点名' }).check();
  await profile.getByRole('button', { name: '保存', exact: true }).click();
  await expectToast(page, profileMessages.saved);

  await page.reload();
  await expect(profile.getByRole('switch', { name: '海外订阅' })).toBeChecked({ timeout: 30_000 });
  await expect(profile.getByRole('switch', { name: '英文节点名' })).toBeChecked();
  await expect(profile.getByRole('switch', { name: '解除 DNS 管控' })).not.toBeChecked();
  const icon = await profile.getByRole('img', { name: '已上传的图片' }).getAttribute('src');
  expect(icon).toMatch(/^\/api\/file\/downloads\/[\w.-]+$/);
  expect(await userInfo(page.context().request)).toMatchObject({
    in_foreign: true,
    use_english_node: true,
    inXinjiang: false,
    icon,
  });

  // A new e-mail: the current password first, then saved means mailed, not changed.
  const next = uniqueEmail('profile-next');
  await email.fill(next);
  await profile.getByRole('button', { name: '保存', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: currentPasswordMessages.email.title });
  await confirm.getByLabel(currentPasswordMessages.label).fill(user.password);
  await confirm.getByRole('button', { name: currentPasswordMessages.email.confirm }).click();
  await expectToast(page, profileMessages.saved);
  await expect(profile.getByTestId('profile-pending-email')).toContainText(next);
  await expect(email).toHaveValue(user.email);
  expect((await userInfo(page.context().request)).email).toBe(user.email);

  // The link mailed to the new address applies it; the profile then shows it, with the options kept.
  await page.goto(await waitForLink(next, 'change_email'));
  await expect(page.getByText(profileMessages.emailChanged)).toBeVisible({ timeout: 30_000 });
  await page.goto('/#/user_info');
  await expect(email).toHaveValue(next, { timeout: 30_000 });
  await expect(profile.getByTestId('profile-pending-email')).toHaveCount(0);
  await expect(profile.getByRole('switch', { name: '海外订阅' })).toBeChecked();
  expect(await userInfo(page.context().request)).toMatchObject({ email: next, pending_email: null });
});

const SHARED: AppleIdAccount[] = [
  {
    account: `shared-${Date.now()}@icloud.example`,
    password: 'E2e-Shared-Pass-1',
    region: '美国',
    note: '只在 App Store 登录',
    status: '可用',
  },
];

test('shared Apple ID: a free user is refused by the server, a paid user copies an account', async ({
  page,
  browser,
}) => {
  // The operator lists the account (the configuration screen's call).
  const operator = await browser.newContext();
  try {
    const login = await api(operator.request, 'user/login', {
      email: e2eEnv.admin.email,
      password: e2eEnv.admin.password,
    });
    expect(login.code).toBe(0);
    const saved = await api(operator.request, 'admin/config/set_config', { apple_ids: SHARED });
    expect(saved.code, saved.msg).toBe(0);
  } finally {
    await operator.close();
  }

  // A free user: the server refuses and sends none of the data; the page explains.
  const free = await createUser(page.context().request, 'apple-free');
  await loginAs(page, free.email, free.password);
  const refused = await api<unknown>(page.context().request, 'user/apple_ids');
  expect(refused.code).toBe(Codes.APPLE_ID_PAID_ONLY);
  expect(JSON.stringify(refused)).not.toContain(SHARED[0]!.password);
  await page.goto('/#/apple_id_share');
  const share = userArea(page);
  await expectToast(page, appleIdMessages.paidOnly, { timeout: 30_000 });
  await expect(share.getByTestId('apple-id-paid-only')).toContainText(appleIdMessages.paidOnly);
  await expect(share.getByTestId('apple-id-card')).toHaveCount(0);
  await expectAccessible(page, '/apple_id_share (free user)', AREA);

  // A paid user, on a phone of their own, sees the account and copies it.
  const paidPhone = await browser.newContext({
    viewport: PHONE,
    locale: 'zh-CN',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const paidPage = await paidPhone.newPage();
    const paid: UserInfo = await loginAs(paidPage, seeded.paid.email, seeded.paid.password);
    expect(paid.paidUser).toBe(true);
    await paidPage.goto('/#/apple_id_share');
    await copiesTheAccount(paidPage);
  } finally {
    await paidPhone.close();
  }
});

async function copiesTheAccount(page: Page) {
  const share = userArea(page);
  const card = share.getByTestId('apple-id-card').filter({ hasText: SHARED[0]!.account });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  await expect(card.getByTestId('apple-id-password')).toHaveText(SHARED[0]!.password);
  await expect(card).toContainText('美国');
  await card.getByRole('button', { name: /复制账号/ }).click();
  await expectToast(page, profileMessages.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SHARED[0]!.account);
  await card.getByRole('button', { name: /复制密码/ }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(SHARED[0]!.password);
  await expectAccessible(page, '/apple_id_share (paid user)', AREA);
}
