import { Codes, GiB, type RedeemCouponAnswer } from '@portal/contracts';
import { localRecords } from '@portal/platform';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, fn, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asUser, demoUser, freshCode } from '../../../testing/story-fixtures';
import { CouponDialog } from './coupon-dialog';

const meta = {
  title: 'shell/CouponDialog',
  component: CouponDialog,
  args: { open: true, onOpenChange: fn() },
  loaders: [() => asUser()],
} satisfies Meta<typeof CouponDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Overlays fade in: wait until the element is really visible. */
const shown = (element: HTMLElement) => waitFor(() => expect(element).toBeVisible());

const trial: RedeemCouponAnswer = { name: '新人体验券', traffic: 8 * GiB, day: 3, type: 'freeUse' };

/** The dialog renders in a portal, outside the story's canvas. */
const page = () => within(document.body);

async function redeem(code: string) {
  const input = await page().findByLabelText('体验券兑换码');
  await userEvent.clear(input);
  await userEvent.type(input, code);
  await userEvent.click(page().getByRole('button', { name: '兑换' }));
}

const failsWith = (code: number, fieldText: string): Story => ({
  parameters: { msw: [apiHandler('coupon/redeem_coupon', null, code, 'refused')] },
  play: async ({ args }) => {
    await redeem(freshCode());
    await shown(await page().findByText(fieldText));
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
});

export const Redeemed: Story = {
  parameters: {
    msw: [
      apiHandler('coupon/redeem_coupon', trial),
      apiHandler('user/userinfo', demoUser()),
      apiHandler('permission/mypermissions', []),
    ],
  },
  play: async ({ args }) => {
    await redeem(`  ${freshCode()}  `);
    await shown(await page().findByText('恭喜您获得「新人体验券」，流量增加 8GB，时长增加 3 天'));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

export const NotFound: Story = failsWith(Codes.COUPON_NOT_FOUND, '体验券不存在');
export const Exhausted: Story = failsWith(Codes.COUPON_EXHAUSTED, '抱歉，该体验券已抢兑完毕');
export const Expired: Story = failsWith(Codes.COUPON_EXPIRED, '体验券过期');

/** 1017: the server says it was redeemed; the code is remembered, so a second try stays local. */
export const AlreadyRedeemed: Story = {
  parameters: { msw: [apiHandler('coupon/redeem_coupon', null, Codes.COUPON_USED, 'used')] },
  play: async () => {
    const code = freshCode();
    await redeem(code);
    await shown(await page().findByText('该体验券已经兑换过'));
    await redeem(code);
    await shown(await page().findByText('请勿重复使用'));
  },
};

/** 1020: cash and discount coupons belong to purchases; a toast says so. */
export const WrongType: Story = {
  parameters: { msw: [apiHandler('coupon/redeem_coupon', null, Codes.COUPON_WRONG_TYPE, 'type')] },
  play: async () => {
    await redeem(freshCode('CASH'));
    await shown(await page().findByText('券类型错误'));
  },
};

/** Any other refusal warns against guessing, with a failure toast. */
export const OtherFailure: Story = {
  parameters: { msw: [apiHandler('coupon/redeem_coupon', null, Codes.TOO_MANY_ATTEMPTS, 'slow down')] },
  play: async () => {
    await redeem(freshCode());
    await shown(await page().findByText('请不要在此处作过多尝试'));
    await shown(await page().findByText('兑换激活码失败'));
  },
};

/** A code already redeemed in this browser is refused without calling the server. */
export const RepeatedInThisBrowser: Story = {
  parameters: { msw: [apiHandler('coupon/redeem_coupon', null, Codes.INTERNAL, 'must not be called')] },
  play: async () => {
    const code = freshCode('USED');
    await localRecords.addCoupon(code);
    await redeem(code);
    await shown(await page().findByText('请勿重复使用'));
    await expect(page().queryByText('兑换激活码失败')).toBeNull();
  },
};

export const EmptyCode: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: '兑换' }));
    await shown(await page().findByText('请输入体验券兑换码'));
  },
};
