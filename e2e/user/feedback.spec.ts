// /feedback (issue 13) in Chromium against the real BFF, two people: a user on a phone (375 px)
// opens a ticket with a screenshot; an admin sees it (the header's count, the creator, the image),
// answers with an image of their own; the user sees 已回复 and the admin's image; the admin closes
// it and the reply box is gone, for both. Ticket text with markup stays text in the admin's
// browser (QUALITY 5), and axe finds nothing serious on either view.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { createUser } from '../support/accounts';
import { loginAs } from '../support/session';
import { mainMenu, expectToast } from '../support/ui';

/** The user remote's area: where axe looks. */
const AREA = { include: '[data-remote="mf_user"]' };

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 375, height: 740 };

/** 1×1 images (the server decides the type from these bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

/** The image really arrived (a blocked or missing one has no natural size). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** Picks a file for the ImageUpload inside `scope` and waits for its preview. */
async function attach(scope: Locator, name: string, content: Buffer, mimeType: string) {
  await scope.getByTestId('image-upload-input').setInputFiles({ name, mimeType, buffer: content });
  await expect(scope.getByRole('img', { name: '已上传的图片' })).toBeVisible({ timeout: 20_000 });
}

test('a user opens a ticket with an image, an admin answers with one, the user sees 已回复 and the image, the admin closes it', async ({
  browser,
}) => {
  const title = `无法连接 <img src=x onerror="window.__xss=1"> ${Date.now()}`;
  const description = '今天所有节点都连不上。\n<script>window.__xss=2</script>';

  // The user, on a phone.
  const userContext = await browser.newContext({ viewport: PHONE });
  const adminContext = await browser.newContext();
  try {
    const page = await userContext.newPage();
    const owner = await createUser(userContext.request, 'feedback');
    await loginAs(page, owner.email, owner.password);
    await page.goto('/#/feedback');
    const mine = userArea(page);
    await expect(mine.getByText('暂无记录')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'empty list', AREA);

    // Create: both fields required first, then the ticket with a screenshot.
    await mine.getByRole('button', { name: '提交工单' }).click();
    const dialog = page.getByTestId('create-ticket-dialog');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog.getByText('标题不能为空')).toBeVisible();
    await expect(dialog.getByText('描述不能为空')).toBeVisible();
    await dialog.getByRole('textbox', { name: '标题' }).fill(title);
    await dialog.getByRole('textbox', { name: '问题描述' }).fill(description);
    await attach(dialog, 'screenshot.png', PNG, 'image/png');
    await expectAccessible(page, 'create dialog', AREA);
    await dialog.getByRole('button', { name: '提交' }).click();
    await expectToast(page, '工单已提交，请等待回复');
    const row = mine.getByTestId('ticket-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('ticket-status')).toHaveText('处理中');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'list at 375 px' })
      .toBeLessThanOrEqual(PHONE.width);

    // The admin: the header's count, the creator, the user's text as text and the user's image.
    const admin = await adminContext.newPage();
    await loginAs(admin);
    await admin.goto('/#/feedback');
    await expect(
      mainMenu(admin)
        .getByRole('link', { name: /问题反馈/ })
        .getByTestId('menu-badge'),
    ).toBeVisible({
      timeout: 30_000,
    });
    const theirs = userArea(admin);
    const adminRow = theirs.getByTestId('ticket-row').filter({ hasText: title });
    await expect(adminRow).toHaveCount(1, { timeout: 30_000 });
    await expect(adminRow).toContainText(`创建者：${owner.email}`);
    await adminRow.getByRole('link', { name: title }).click();
    const detail = theirs.getByTestId('ticket-detail');
    await expect(detail.getByTestId('ticket-title')).toHaveText(title);
    await expect(detail.getByTestId('ticket-creator')).toContainText(owner.email);
    await expect(detail.getByTestId('ticket-message-text').first()).toHaveText(description);
    await expectLoaded(detail.getByTestId('ticket-message-image').first());
    expect(await admin.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(detail.locator('script, img[src="x"]')).toHaveCount(0);

    // The answer, with the admin's own image.
    const reply = detail.getByTestId('reply-box');
    await reply.getByRole('textbox', { name: '回复内容' }).fill('请更新订阅后重试，见截图。');
    await attach(reply, 'answer.jpg', JPG, 'image/jpeg');
    await reply.getByRole('button', { name: '回复', exact: true }).click();
    await expectToast(admin, '回复成功');
    await expect(detail.getByTestId('ticket-message')).toHaveCount(2);
    await expectAccessible(admin, 'admin detail', AREA);

    // The user: 已回复 on the list, then the thread with the admin's image.
    await page.reload();
    await expect(row.getByTestId('ticket-status')).toHaveText('已回复', { timeout: 30_000 });
    await row.getByRole('link', { name: title }).click();
    const userDetail = mine.getByTestId('ticket-detail');
    const answer = userDetail.getByTestId('ticket-message').filter({ hasText: '请更新订阅后重试' });
    await expect(answer.getByTestId('ticket-message-side')).toHaveText('管理员');
    await expectLoaded(answer.getByRole('img', { name: '管理员上传的图片' }));
    await expect(userDetail.getByTestId('ticket-status')).toHaveText('已回复');
    await expect(userDetail.getByRole('button', { name: '关闭工单' })).toHaveCount(0);
    await expect(userDetail.getByTestId('reply-box')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'detail at 375 px' })
      .toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'user detail', AREA);

    // The admin closes it: the reply box is gone.
    await detail.getByRole('button', { name: '关闭工单' }).click();
    await expectToast(admin, '工单已关闭');
    await expect(detail.getByTestId('ticket-status')).toHaveText('已关闭');
    await expect(detail.getByTestId('reply-box')).toHaveCount(0);
    await expect(detail.getByTestId('ticket-closed-note')).toBeVisible();

    // And for the user too.
    await page.reload();
    await expect(userDetail.getByTestId('ticket-status')).toHaveText('已关闭', { timeout: 30_000 });
    await expect(userDetail.getByTestId('reply-box')).toHaveCount(0);
  } finally {
    await adminContext.close();
    await userContext.close();
  }
});
