import { GiB, type DailyStatistics } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { chartDays, hasData } from './chart-series';
import { quietDay } from './quiet-day';

const day = (date: string, fields: Partial<DailyStatistics> = {}): DailyStatistics => ({
  ...quietDay(date),
  ...fields,
});

describe('chartDays', () => {
  it('draws the newest-first list oldest first, traffic in GB and the axis as MM-DD', () => {
    const days = chartDays([
      day('2026-11-25', { income: 42.5, normalTraffic: 1.5 * GiB }),
      day('2026-11-24', { dayTrafficUse: 3 * GiB, payNum: 2 }),
    ]);
    expect(days.map((d) => d.label)).toEqual(['11-24', '11-25']);
    expect(days[0]).toMatchObject({ dayTrafficG: 3, payNum: 2 });
    expect(days[1]).toMatchObject({ income: 42.5, normalTrafficG: 1.5 });
  });
});

describe('hasData', () => {
  it('is false only when every day of the series is zero', () => {
    const quiet = chartDays([day('2026-11-25'), day('2026-11-24')]);
    expect(hasData(quiet, ['income', 'payNum'])).toBe(false);
    expect(hasData(chartDays([day('2026-11-25', { signUseNum: 1 })]), ['income', 'signUseNum'])).toBe(true);
  });
});
