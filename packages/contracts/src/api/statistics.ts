/**
 * The back office's statistics (spec-2 §2 item 10, §3 "Statistics per day", §7
 * /api/admin/users/basic_stastic {num}). Every figure is computed from the records themselves
 * (trades, orders, sign-ins, traffic records), per day of the service time zone.
 */

/** One service day. Money in yuan (2 decimals), traffic in bytes. */
export interface DailyStatistics {
  /** YYYY-MM-DD in the service time zone; `_id` repeats it (the admin tables key rows by `_id`). */
  _id: string;
  day: string;
  /** Daily sign-ins. */
  signUseNum: number;
  /** Orders paid that day, by any means (the wallet included). */
  payNum: number;
  /**
   * Money that arrived through a payment channel that day (paid trades other than the wallet,
   * including money that arrived for an order already closed). Wallet spends and invite rebates
   * are not income: they move money that was already counted.
   */
  income: number;
  /** Users charged from their volume traffic that day, the bytes and the average per user. */
  normalUserNum: number;
  normalTraffic: number;
  normalAvg: number;
  /** Users whose use was covered by a time package's daily allowance, the bytes, the average. */
  dayUserNum: number;
  dayTrafficUse: number;
  dayAvg: number;
  /** Lottery draws paid with traffic and prizes won (traffic records prize_spend / prize_reward). */
  lotterySpendNum: number;
  lotterySpendTraffic: number;
  lotteryRewardNum: number;
  lotteryRewardTraffic: number;
}

export interface BasicStatistics {
  /** The last `num` service days, newest first, today included; days without records are zeros. */
  stastic_list: DailyStatistics[];
  /** Bytes every user still has of volume traffic (traffic − spent, never below zero each). */
  totalRemainingTraffic: number;
  /** Users whose time package (VIP) has not expired. */
  activeVipCount: number;
}
