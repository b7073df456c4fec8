import { describe, expect, it } from 'vitest';
import { GiB } from '@portal/contracts';
import { comboFigures, formatFigure } from './combo-figures.js';

const product = (overrides: Partial<Parameters<typeof comboFigures>[0]>) => ({
  traffic: 0,
  vipDuration: 0,
  limit: 0,
  additionPersend: 0,
  ...overrides,
});

describe('product cards', () => {
  it('gives a volume card only when the product has traffic, in GB of 1024^3 bytes', () => {
    const { volume, time } = comboFigures(product({ traffic: 100 * GiB }));
    expect(volume).toEqual({ baseGB: 100, bonusGB: 0, totalGB: 100 });
    expect(time).toBeNull();
    expect(comboFigures(product({ traffic: 0, vipDuration: 30 })).volume).toBeNull();
  });

  it('adds the bonus traffic: base x additionPersend / 100', () => {
    const { volume, bonusPercent } = comboFigures(product({ traffic: 200 * GiB, additionPersend: 15 }));
    expect(bonusPercent).toBe(15);
    expect(volume?.bonusGB).toBeCloseTo(30);
    expect(volume?.totalGB).toBeCloseTo(230);
  });

  it('gives a time card with the daily limit and total = limit x days x (1 + additionPersend / 100)', () => {
    const { time, volume } = comboFigures(product({ vipDuration: 30, limit: 80, additionPersend: 10 }));
    expect(volume).toBeNull();
    expect(time?.limitGB).toBe(80);
    expect(time?.days).toBe(30);
    expect(time?.bonusDays).toBeCloseTo(3);
    expect(time?.totalGB).toBeCloseTo(2640);
  });

  it('uses the default daily limit of 50 G when the product sets none', () => {
    expect(comboFigures(product({ vipDuration: 30 })).time).toEqual({
      days: 30,
      bonusDays: 0,
      limitGB: 50,
      totalGB: 1500,
    });
  });

  it('shows both cards for a product that carries both', () => {
    const figures = comboFigures(product({ traffic: 10 * GiB, vipDuration: 7, additionPersend: 20 }));
    expect(figures.volume?.totalGB).toBeCloseTo(12);
    expect(figures.time?.bonusDays).toBeCloseTo(1.4);
    expect(figures.time?.totalGB).toBeCloseTo(50 * 7 * 1.2);
  });

  it('treats missing or negative figures as none', () => {
    const figures = comboFigures(product({ traffic: -1, vipDuration: Number.NaN, additionPersend: -5 }));
    expect(figures).toEqual({ volume: null, time: null, bonusPercent: 0 });
  });

  it('prints figures with at most two decimals and no trailing zeros', () => {
    expect(formatFigure(100)).toBe('100');
    expect(formatFigure(1.5)).toBe('1.5');
    expect(formatFigure(1 / 3)).toBe('0.33');
    expect(formatFigure(1_000_000_000 / GiB)).toBe('0.93');
  });
});
