import type { DailyStatistics } from '@portal/contracts';

/** A service day without any record (what the call answers for a quiet day); tests and stories start from it. */
export const quietDay = (day: string): DailyStatistics => ({
  _id: day,
  day,
  signUseNum: 0,
  payNum: 0,
  income: 0,
  normalUserNum: 0,
  normalTraffic: 0,
  normalAvg: 0,
  dayUserNum: 0,
  dayTrafficUse: 0,
  dayAvg: 0,
  lotterySpendNum: 0,
  lotterySpendTraffic: 0,
  lotteryRewardNum: 0,
  lotteryRewardTraffic: 0,
});
