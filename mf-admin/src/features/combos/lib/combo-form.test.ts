import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { GiB } from '@portal/contracts';
import { ComboUpdate } from '@portal/contracts/schemas';
import { comboToForm, newCombo, priceRefusal } from './combo-form';

describe('a product in the form', () => {
  it('edits traffic in GB: bytes / 1024³', () => {
    const { trafficG: _ignored, ...product } = newCombo();
    const form = comboToForm({ ...product, _id: '665f1c2ab7e4d90012a3b001', name: '流量包 100G', traffic: 100 * GiB });
    expect(form.trafficG).toBe(100);
    expect(form).not.toHaveProperty('traffic');
    expect(Value.Check(ComboUpdate, form)).toBe(true);
  });

  it('starts a new product at 1 GB, 1 day, 0.01 yuan and 150Mbps, valid as it is', () => {
    expect(newCombo()).toMatchObject({ trafficG: 1, vipDuration: 1, price: 0.01, speed: '150Mbps' });
    const { _id: _ignored, ...created } = { ...newCombo(), name: '体验包' };
    expect([...Value.Errors(ComboUpdate, created)]).toEqual([]);
  });
});

describe('prices', () => {
  it('take at most two decimals', () => {
    for (const price of [0.01, 19.99, 25, 88.88, 0.29, 1.1]) expect(priceRefusal(price)).toBeUndefined();
    expect(priceRefusal(0.015)).toBe('价格最多两位小数');
  });
});
