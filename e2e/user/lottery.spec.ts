// The lottery (issues 13 and 14) in Chromium against the real BFF: an operator creates a prize
// (weight 1, 10 G, with an image) on /admin_prize (mf-admin on its own origin); a paid user with
// 5 G of permanent traffic draws once on /lottery at phone width, sees the prize won and the
// traffic left (5 − 1 + 10 = 14 G), and the draw's records in /traffic_records (prize_spend −1 G,
// prize_reward +10 G). axe on /lottery.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible } from '../support/axe';
import { GiB, type AdminPrize } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { seeded } from '../support/accounts';
import { api, loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 150_000 });

/** A 1×1 PNG as the prize image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const userArea = (page: Page) => page.locator('[data-remote="mf_user"]');

test('an operator creates a 10 G prize; a paid user draws once and sees the prize, the traffic left and the records', async ({
  page,
  browser,
}, testInfo) => {
  // Each attempt has a player of its own: a first attempt that drew must not change the retry's figures.
  expect(testInfo.retry, 'one seeded player per attempt').toBeLessThanOrEqual(1);
  const player = testInfo.retry === 0 ? seeded.lottery : seeded.lotteryRetry;
  const prizeName = `十G大奖 ${Date.now()}`;

  // The operator (desktop) clears the lottery, then creates the prize on /admin_prize.
  const operator = await browser.newContext({ locale: 'zh-CN' });
  try {
    const admin = await operator.newPage();
    await loginAs(admin);
    const listed = await api<AdminPrize[]>(operator.request, 'yunying/prize/list');
    for (const old of listed.data) await api(operator.request, 'yunying/prize/delete', { id: old._id });

    await admin.goto('/#/admin_prize');
    const screen = admin.locator('[data-remote="mf_admin"]');
    await expect(screen.getByRole('button', { name: '新增' })).toBeEnabled({ timeout: 30_000 });
    await expect(screen.getByText('暂无记录')).toBeVisible();
    await screen.getByRole('button', { name: '新增' }).click();
    const dialog = admin.getByRole('dialog', { name: '新增奖品' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('流量（G）')).toHaveValue('10');
    await expect(dialog.getByLabel('权重')).toHaveValue('1');
    await expect(dialog.getByText('中奖概率 100.00%')).toBeVisible();
    await dialog.getByLabel('名称', { exact: true }).fill(prizeName);
    await dialog
      .getByTestId('image-upload-input')
      .setInputFiles({ name: 'prize.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: '已上传的图片' })).toBeVisible();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(admin, adminMessages.success.prizeSaved);
    const row = screen.getByTestId('prizes-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(prizeName);
    await expect(row).toContainText('无');
    await expect(screen.getByTestId('prize-total-weight')).toHaveText('1');
    await expect(screen.getByTestId('prize-logical-traffic')).toHaveText('10 G');
    await expect(screen.getByTestId('prize-win-rate')).toHaveText('1000.00%');
  } finally {
    await operator.close();
  }

  // The player, on a phone: the prize with its image and chance, 1 G a draw, 5 G left.
  await loginAs(page, player.email, player.password);
  await page.goto('/#/lottery');
  const lottery = userArea(page);
  await expect(lottery.getByTestId('lottery-left')).toHaveText('5.00G', { timeout: 30_000 });
  await expect(lottery.getByTestId('lottery-cost')).toHaveText('1.00G');
  const prize = lottery.getByTestId('lottery-prize');
  await expect(prize).toHaveCount(1);
  await expect(prize).toContainText(prizeName);
  await expect(prize).toContainText('10.00G 流量');
  await expect(prize.getByTestId('lottery-chance')).toHaveText('中奖概率 100.00%');
  await expect(prize.getByRole('img', { name: `奖品「${prizeName}」` })).toBeVisible();
  await expect(lottery.getByTestId('lottery-records').getByText('暂无记录')).toBeVisible();
  await expectAccessible(page, '/lottery', { include: '[data-remote="mf_user"]' });

  // 抽奖, confirmed: the prize won, 14 G left, the draw on top of the records.
  await lottery.getByRole('button', { name: '抽奖' }).click();
  const confirm = page.getByRole('alertdialog', { name: '确认抽奖' });
  await expect(confirm).toContainText('本次抽奖将消耗 1.00G 永久流量');
  await confirm.getByRole('button', { name: '确定抽奖' }).click();
  const result = page.getByTestId('lottery-result');
  await expect(result).toContainText(`恭喜获得「${prizeName}」`);
  await expect(result).toContainText('10.00G 流量');
  await expect(result).toContainText('14.00G');
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByTestId('lottery-dialog')).toHaveCount(0);
  await expect(lottery.getByTestId('lottery-left')).toHaveText('14.00G');
  const record = lottery.getByTestId('lottery-record');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(prizeName);
  await expect(record).toContainText('消耗 1.00G');

  // What the records say is exactly what the draw spent and gave.
  const records = await api<Array<{ type: string; trafficChange: number }>>(
    page.context().request,
    'traffic/my_traffic_records',
  );
  expect(records.code, records.msg).toBe(0);
  const lotteryRecords = records.data.filter((r) => r.type.startsWith('prize_'));
  expect(lotteryRecords.map((r) => [r.type, r.trafficChange]).sort()).toEqual([
    ['prize_reward', 10 * GiB],
    ['prize_spend', -GiB],
  ]);
  await page.goto('/#/traffic_records');
  const ledger = userArea(page);
  const newest = ledger.getByTestId('traffic-record');
  await expect(newest.first()).toHaveAttribute('data-type', /prize_(reward|spend)/, { timeout: 30_000 });
  await expect(ledger.locator('[data-testid="traffic-record"][data-type="prize_reward"]')).toContainText('+10.00 G');
  await expect(ledger.locator('[data-testid="traffic-record"][data-type="prize_spend"]')).toContainText('-1.00 G');
});
