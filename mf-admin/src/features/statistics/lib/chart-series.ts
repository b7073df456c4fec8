import type { DailyStatistics } from '@portal/contracts';
import { bytesToGB } from '@portal/platform';

/** One day of the charts: money in yuan, traffic in GB (2 decimals), oldest day first. */
export interface ChartDay {
  day: string;
  /** MM-DD, the axis label. */
  label: string;
  income: number;
  payNum: number;
  normalTrafficG: number;
  dayTrafficG: number;
  normalUserNum: number;
  dayUserNum: number;
  signUseNum: number;
}

/** The list (newest first) as the charts draw it (oldest first, left to right). */
export function chartDays(rows: readonly DailyStatistics[]): ChartDay[] {
  return [...rows]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((row) => ({
      day: row.day,
      label: row.day.slice(5),
      income: row.income,
      payNum: row.payNum,
      normalTrafficG: Number(bytesToGB(row.normalTraffic)),
      dayTrafficG: Number(bytesToGB(row.dayTrafficUse)),
      normalUserNum: row.normalUserNum,
      dayUserNum: row.dayUserNum,
      signUseNum: row.signUseNum,
    }));
}

/** Whether any of these series has a value other than zero on some day. */
export function hasData(days: readonly ChartDay[], keys: readonly (keyof ChartDay)[]): boolean {
  return days.some((day) => keys.some((key) => typeof day[key] === 'number' && day[key] !== 0));
}
