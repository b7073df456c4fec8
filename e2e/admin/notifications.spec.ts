// 通知投递 (issue 28) in Chromium against the real BFF: the operator points the webhook at this
// slot's receiver (support/notify-stand-in.mjs), sends a test event that the receiver refuses, sees
// the failed delivery with the receiver's answer, and resends it once the receiver accepts; the
// receiver got the same signed event twice.
import { createHmac } from 'node:crypto';
import { type Page } from '@playwright/test';
import { notificationMessages as n } from '@portal/contracts/notifications';
import { expect, test } from '../support/test';
import { e2eEnv } from '../support/env';
import { api, loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const SECRET = 'e2e-webhook-secret';
const adminArea = (page: Page) => page.locator('[data-remote="mf_admin"]');
test.describe.configure({ timeout: 150_000 });

test('an operator sets a webhook, sees a failed delivery and resends it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page);
  const request = page.context().request;
  const hookUrl = `${e2eEnv.notifyUrl}/hook`;
  await request.post(`${e2eEnv.notifyUrl}/__test__/hook-answer`, { data: { answer: 400 } });
  const saved = await api(request, 'admin/config/set_config', {
    webhook_url: hookUrl,
    webhook_secret: SECRET,
    webhook_events: ['webhook.test'],
  });
  expect(saved.code, saved.msg).toBe(0);

  await page.goto('/#/admin_notifications');
  const screen = adminArea(page);
  await screen.getByRole('button', { name: n.sendTest }).click();
  await expectToast(page, n.testQueued);
  // The job delivers within a second; the list shows it once reloaded.
  const row = screen.getByRole('row').filter({ hasText: 'webhook.test' }).filter({ hasText: hookUrl });
  await expect(async () => {
    await page.reload();
    await expect(row.first()).toContainText('失败', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.first()).toContainText('400');

  await request.post(`${e2eEnv.notifyUrl}/__test__/hook-answer`, { data: { answer: 'ok' } });
  await row.first().getByRole('button', { name: n.resend }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /确定|确认/ })
    .click();
  await expectToast(page, n.resent);
  await expect(async () => {
    await page.reload();
    await expect(row.first()).toContainText('已送达', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  const hooks = (await (await request.get(`${e2eEnv.notifyUrl}/__test__/hooks`)).json()) as {
    headers: Record<string, string>;
    body: string;
  }[];
  const tests = hooks.filter((h) => JSON.parse(h.body).event === 'webhook.test');
  expect(tests.length).toBeGreaterThanOrEqual(2);
  const [refused, accepted] = tests.slice(-2) as [(typeof tests)[number], (typeof tests)[number]];
  expect(accepted.headers['x-webhook-id']).toBe(refused.headers['x-webhook-id']);
  expect(accepted.headers['x-webhook-signature']).toBe(
    `sha256=${createHmac('sha256', SECRET).update(accepted.body).digest('hex')}`,
  );
  await api(request, 'admin/config/set_config', { webhook_url: '' });
});
