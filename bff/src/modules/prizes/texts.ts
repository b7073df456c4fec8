import { prizeDiscountPercent } from '@portal/contracts';

/**
 * Texts of the lottery: refusals of the prize screen (shown after 配置奖品失败: / 删除失败:) and
 * what the user's traffic records and coupon say. The draw's own refusals are the codes'
 * messages (1109, 1110, 1111).
 */
export const prizeTexts = {
  prizeMissing: '奖品不存在',
  discountStep: '折扣须为 0–1 之间 0.1 的整数倍',
  discountZero: '发放折扣券时折扣不能为 0',
  /** Traffic records. */
  spend: (name: string) => `抽奖消耗（抽中「${name}」）`,
  reward: (name: string, vipDays: number, discount: number | null) =>
    `抽奖获得「${name}」${vipDays > 0 ? `，会员时长 +${vipDays} 天` : ''}${
      discount === null ? '' : `，${prizeDiscountPercent(discount)}折扣券`
    }`,
  /** The issued coupon's name (the coupon screens list it). */
  couponName: (name: string) => `抽奖奖品「${name}」折扣券`,
} as const;
