import { GiB, type Combo } from '@portal/contracts';

/** Daily allowance of a time package whose product sets none (spec-2 §1: 50 G). */
export const DEFAULT_TIME_PACKAGE_LIMIT_GB = 50;

export interface VolumeFigures {
  /** GB bought (bytes / 1024^3). */
  baseGB: number;
  /** base x additionPersend / 100. */
  bonusGB: number;
  totalGB: number;
}

export interface TimeFigures {
  days: number;
  /** days x additionPersend / 100. */
  bonusDays: number;
  /** Daily allowance in GB. */
  limitGB: number;
  /** limit x days x (1 + additionPersend / 100). */
  totalGB: number;
}

export interface ComboFigures {
  /** null: the product has no traffic, so no volume card. */
  volume: VolumeFigures | null;
  /** null: the product has no days, so no time card. */
  time: TimeFigures | null;
  bonusPercent: number;
}

const positive = (n: number | null | undefined): number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;

/** What a product's cards state (spec-2 §2 "Shop"). */
export function comboFigures(
  combo: Pick<Combo, 'traffic' | 'vipDuration' | 'limit' | 'additionPersend'>,
): ComboFigures {
  const bonusPercent = positive(combo.additionPersend);
  const rate = bonusPercent / 100;
  const traffic = positive(combo.traffic);
  const days = positive(combo.vipDuration);
  const volume =
    traffic > 0
      ? { baseGB: traffic / GiB, bonusGB: (traffic / GiB) * rate, totalGB: (traffic / GiB) * (1 + rate) }
      : null;
  const limitGB = positive(combo.limit) || DEFAULT_TIME_PACKAGE_LIMIT_GB;
  const time = days > 0 ? { days, bonusDays: days * rate, limitGB, totalGB: limitGB * days * (1 + rate) } : null;
  return { volume, time, bonusPercent };
}

/** A figure with at most two decimals and no trailing zeros ('100', '1.5', '0.33'). */
export function formatFigure(n: number): string {
  return String(Math.round(n * 100) / 100);
}
