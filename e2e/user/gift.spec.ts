// /push, /traffic_records and /channel (issue 13) in Chromium at phone width against the real BFF:
// a user with 30 G of permanent traffic gifts 20 G, a second user receives the code; both pages
// show the right figures and cards, both users' traffic records show the gift (push_spend,
// push_receive), and the sender's invite page offers a link with ?c=. axe on each page.
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { createUser, seeded } from '../support/accounts';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

/** The page's own area (the shell's frame has its own checks): where axe looks. */
const AREA = { include: '[data-remote="mf_user"]' };

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 150_000 });

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

/** A second person on their own phone. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
  return { context, page: await context.newPage() };
}

test('a user gifts 20 G, another receives the code: both /push pages and both traffic records agree', async ({
  page,
  browser,
}, testInfo) => {
  // Each attempt has a sender of its own: a first attempt that gave must not empty the retry's.
  expect(testInfo.retry, 'one seeded sender per attempt').toBeLessThanOrEqual(1);
  const sender = testInfo.retry === 0 ? seeded.pushSender : seeded.pushSenderRetry;
  await loginAs(page, sender.email, sender.password);

  // The sender's /push: 30 G to give, no gifts yet.
  await page.goto('/#/push');
  const push = userArea(page);
  await expect(push.getByTestId('push-available')).toHaveText('30.00 G', { timeout: 30_000 });
  await expect(push.getByTestId('push-list').getByText('暂无记录')).toBeVisible();
  await expectAccessible(page, '/push (empty)', AREA);

  // Below the minimum: the spec's message, nothing sent. Then 20 G: fee 4 G, the receiver gets 16 G.
  await push.getByRole('button', { name: '转赠流量' }).click();
  const give = page.getByRole('dialog', { name: '转赠流量' });
  await give.getByLabel('转赠数量（G）').fill('19');
  await give.getByRole('button', { name: '确认转赠' }).click();
  await expect(give.getByText('最低转赠20G')).toBeVisible();
  await give.getByLabel('转赠数量（G）').fill('20');
  await expect(give.getByTestId('give-preview')).toHaveText('手续费 4.00 G，对方将获得 16.00 G');
  await give.getByRole('button', { name: '确认转赠' }).click();
  await expectToast(page, '转赠成功，请把转赠码发给对方');
  const code = (await page.getByTestId('made-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[0-9a-f]{32}$/);
  await page.getByRole('button', { name: '完成' }).click();
  await expect(push.getByTestId('push-available')).toHaveText('10.00 G');
  const sentCard = push.getByTestId('gift-card');
  await expect(sentCard).toHaveCount(1);
  await expect(sentCard.getByTestId('gift-state')).toHaveText('未领取');
  await expect(sentCard.getByTestId('gift-code')).toHaveText(code);
  await expect(sentCard.getByTestId('gift-amount')).toHaveText('-20.00 G');
  await expect(sentCard.getByTestId('gift-receive-number')).toHaveText('16.00 G');
  await expectAccessible(page, '/push (a gift)', AREA);

  // The sender cannot receive their own code.
  await push.getByRole('button', { name: '领取流量' }).click();
  const own = page.getByRole('dialog', { name: '领取流量' });
  await own.getByLabel('转赠码').fill(code);
  await own.getByRole('button', { name: '领取', exact: true }).click();
  await expect(own.getByText('不能领取自己的转赠码')).toBeVisible();
  await own.getByRole('button', { name: '取消' }).first().click();
  await expect(own).toHaveCount(0);

  // The receiver, on their own phone: a new account, then the code.
  const other = await phone(browser);
  try {
    const receiver = await createUser(other.context.request, 'push-receiver');
    await loginAs(other.page, receiver.email, receiver.password);
    await other.page.goto('/#/push');
    const theirs = userArea(other.page);
    await expect(theirs.getByTestId('push-available')).toHaveText('0.00 G', { timeout: 30_000 });
    await theirs.getByRole('button', { name: '领取流量' }).click();
    const receive = other.page.getByRole('dialog', { name: '领取流量' });
    await receive.getByLabel('转赠码').fill(`  ${code} `);
    await receive.getByRole('button', { name: '领取', exact: true }).click();
    await expectToast(other.page, '领取成功，获得 16.00 G 流量');
    await expect(theirs.getByTestId('push-available')).toHaveText('16.00 G');
    const receivedCard = theirs.getByTestId('gift-card');
    await expect(receivedCard).toHaveCount(1);
    await expect(receivedCard).toHaveAttribute('data-direction', 'received');
    await expect(receivedCard.getByTestId('gift-state')).toHaveText('已领取');
    await expect(receivedCard.getByTestId('gift-amount')).toHaveText('+16.00 G');

    // A second receive of the same code is refused.
    await theirs.getByRole('button', { name: '领取流量' }).click();
    const again = other.page.getByRole('dialog', { name: '领取流量' });
    await again.getByLabel('转赠码').fill(code);
    await again.getByRole('button', { name: '领取', exact: true }).click();
    await expect(again.getByText('转赠码不存在或已失效')).toBeVisible();
    await again.getByRole('button', { name: '取消' }).first().click();

    // The receiver's traffic records: push_receive, +16 G.
    await other.page.goto('/#/traffic_records');
    const records = userArea(other.page);
    const received = records.getByTestId('traffic-record').first();
    await expect(received, 'the newest record').toHaveAttribute('data-type', 'push_receive', { timeout: 30_000 });
    await expect(received.getByTestId('traffic-record-type')).toHaveText('接收转赠');
    await expect(received.getByTestId('traffic-record-change')).toHaveText('+16.00 G');
    await records.getByLabel('记录类型').selectOption('push_spend');
    await expect(records.getByText('暂无记录')).toBeVisible();
    await expectAccessible(other.page, '/traffic_records', AREA);
  } finally {
    await other.context.close();
  }

  // The sender sees the gift received, and a push_spend of 20 G in their records.
  await page.reload();
  await expect(sentCard.getByTestId('gift-state')).toHaveText('已领取', { timeout: 30_000 });
  await expect(push.getByTestId('push-available')).toHaveText('10.00 G');
  await page.goto('/#/traffic_records');
  const spent = userArea(page).getByTestId('traffic-record').first();
  await expect(spent).toHaveAttribute('data-type', 'push_spend', { timeout: 30_000 });
  await expect(spent.getByTestId('traffic-record-type')).toHaveText('转赠');
  await expect(spent.getByTestId('traffic-record-change')).toHaveText('-20.00 G');
  await expect(spent).toContainText('转赠流量 20G（对方获得 16G，手续费 4G）');

  // The sender's invite page: a code made on this first visit, the link to copy.
  await page.goto('/#/channel');
  const channel = userArea(page);
  await expect(channel.getByTestId('channel-link')).toHaveText(/\/\?c=[A-HJ-NP-Z2-9]{6}$/, { timeout: 30_000 });
  await expect(channel.getByTestId('channel-invited')).toHaveText('0 人');
  await expect(channel.getByTestId('channel-rewards').getByText('暂无记录')).toBeVisible();
  await channel.getByRole('button', { name: '复制邀请链接' }).click();
  await expectToast(page, /已复制到剪切板|复制失败/);
  await expectAccessible(page, '/channel', AREA);
});
