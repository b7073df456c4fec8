// Telegram (issue 28) in Chromium against the real BFF and this slot's fake Bot API
// (support/notify-stand-in.mjs): a user opens the bind link from /user_info on a phone, "taps
// START" in Telegram (the stand-in hands the bot `/start <code>`), the page notices the binding by
// itself, the bot confirms in the chat; the user switches reminder mails off and unbinds.
import { notificationMessages as n } from '@portal/contracts/notifications';
import { expect, test } from '../support/test';
import { createUser } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const PHONE = { width: 390, height: 844 };
test.describe.configure({ timeout: 120_000 });

test('a user binds Telegram through the bot, chooses no reminder mails, and unbinds', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const user = await createUser(page.context().request, 'tg');
  await loginAs(page, user.email, user.password);
  await page.goto('/#/user_info');
  const card = page.getByTestId('profile-telegram');
  await expect(card.getByTestId('profile-telegram-state')).toHaveText('未绑定 Telegram', { timeout: 30_000 });

  await card.getByRole('button', { name: n.bind }).click();
  const link = card.getByTestId('profile-telegram-link');
  await expect(link).toContainText(n.bindWaiting);
  const href = await link.getByRole('link', { name: n.openTelegram }).getAttribute('href');
  const url = new URL(href!);
  expect(url.origin + url.pathname).toBe('https://t.me/portal_test_bot');
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

  // In Telegram: START sends the code to the bot.
  const chatId = 900_000 + Math.floor(Math.random() * 99_999);
  const request = page.context().request;
  await request.post(`${e2eEnv.notifyUrl}/__test__/say`, {
    data: { chatId, text: `/start ${url.searchParams.get('start')}`, username: 'phone_user' },
  });
  await expect(card.getByTestId('profile-telegram-state')).toHaveText('已绑定 Telegram：phone_user', {
    timeout: 20_000,
  });
  await expect(link).toHaveCount(0);
  const sent = (await (await request.get(`${e2eEnv.notifyUrl}/__test__/sent`)).json()) as {
    chat_id: string;
    text: string;
  }[];
  expect(sent.filter((m) => m.chat_id === String(chatId)).map((m) => m.text)).toEqual([
    expect.stringMatching(/^已绑定账户 \S+。发送 \/unbind 可解除绑定。$/),
  ]);

  const mails = card.getByRole('switch', { name: n.mailTitle });
  await expect(mails).toBeChecked();
  await mails.click();
  await expectToast(page, n.mailSaved);
  await page.reload();
  await expect(page.getByTestId('profile-telegram').getByRole('switch', { name: n.mailTitle })).not.toBeChecked({
    timeout: 30_000,
  });

  await page.getByTestId('profile-telegram').getByRole('button', { name: '解除绑定' }).click();
  await page.getByTestId('unbind-dialog').getByRole('button', { name: '确认解除' }).click();
  await expect(page.getByTestId('profile-telegram-state')).toHaveText('未绑定 Telegram');
});
