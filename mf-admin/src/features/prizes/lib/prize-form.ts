import { PRIZE_DEFAULTS, prizeDiscountPercent, type AdminPrize, type PrizeUpdate } from '@portal/contracts';

/** Texts of /admin_prize (ours; the spec's toasts come from adminMessages). */
export const prizeLabels = {
  title: '抽奖管理',
  noun: '奖品',
  seq: '序号',
  name: '名称',
  gainTraffic: '流量（G）',
  gainVipTime: '会员天数',
  weight: '权重',
  desc: '描述',
  discount: '折扣券',
  hasDiscountCoupon: '发放折扣券',
  discountValue: '折扣',
  discountDuration: '有效天数',
  photoUrl: '奖品图片',
  none: '无',
  totalWeight: '总权重',
  logicalTraffic: '总逻辑流量',
  winRate: '中奖率',
  chance: (percent: string) => `中奖概率 ${percent}（权重 / 所有奖品权重之和）`,
  discountHelp: (percent: string) => `${percent ? `即 ${percent}，` : ''}范围 0–1，步长 0.1`,
  discountStep: '折扣须为 0–1 之间 0.1 的整数倍',
  discountZero: '发放折扣券时折扣不能为 0',
  days: (days: number) => `${days}天`,
} as const;

/** A fraction as a percent with 2 decimals (0.25 → 25.00%). */
export const percentText = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** The 折扣券 column (spec-2 §2 item 15, §9): percent and days, or 无. */
export function discountText(prize: Pick<AdminPrize, 'hasDiscountCoupon' | 'discountValue' | 'discountDuration'>) {
  if (!prize.hasDiscountCoupon) return prizeLabels.none;
  return `${prizeDiscountPercent(prize.discountValue)}（${prizeLabels.days(prize.discountDuration)}）`;
}

export interface PrizeTotals {
  totalWeight: number;
  /** Σ weight × traffic, in G. */
  logicalTraffic: number;
  /** logical traffic / total weight (0 when no weight). */
  winRate: number;
}

/** spec-2 §2 item 15: total weight, total logical traffic (Σ weight × traffic G), win rate. */
export function prizeTotals(prizes: readonly Pick<AdminPrize, 'weight' | 'gainTraffic'>[]): PrizeTotals {
  const totalWeight = prizes.reduce((sum, p) => sum + p.weight, 0);
  const logicalTraffic = prizes.reduce((sum, p) => sum + p.weight * p.gainTraffic, 0);
  return { totalWeight, logicalTraffic, winRate: totalWeight === 0 ? 0 : logicalTraffic / totalWeight };
}

/**
 * The chance of the prize being edited: its weight over the weights of every other prize plus
 * its own (a prize saved with these values).
 */
export function chanceOf(values: Partial<PrizeUpdate>, prizes: readonly Pick<AdminPrize, '_id' | 'weight'>[]): number {
  const weight = typeof values.weight === 'number' && values.weight > 0 ? values.weight : 0;
  const others = prizes.filter((p) => p._id !== values._id).reduce((sum, p) => sum + p.weight, 0);
  return weight + others === 0 ? 0 : weight / (weight + others);
}

/** A new prize: spec-2 §3 / §9 defaults (一等奖, 10 G, 0 days, weight 1, no coupon); a coupon, once switched on, starts at 0.9 for 7 days. */
export function newPrize(): PrizeUpdate {
  return { ...PRIZE_DEFAULTS, discountValue: 0.9, discountDuration: 7, photoUrl: '' };
}

export function prizeToForm(prize: AdminPrize): PrizeUpdate {
  const { _id, name, gainTraffic, gainVipTime, weight, desc, hasDiscountCoupon, discountValue, discountDuration } =
    prize;
  return {
    _id,
    name,
    gainTraffic,
    gainVipTime,
    weight,
    desc,
    hasDiscountCoupon,
    discountValue,
    discountDuration,
    photoUrl: prize.photoUrl,
  };
}

/** spec-2 §5: the discount 0–1 in steps of 0.1; a coupon's discount is above 0 (the BFF says the same). */
export function prizeRules(values: PrizeUpdate): Partial<Record<keyof PrizeUpdate, string>> {
  const tenths = values.discountValue * 10;
  if (Math.abs(tenths - Math.round(tenths)) > 1e-6) return { discountValue: prizeLabels.discountStep };
  if (values.hasDiscountCoupon && Math.round(tenths) === 0) return { discountValue: prizeLabels.discountZero };
  return {};
}
