import { DEFAULT_DAILY_LIMIT_BYTES, GiB, type Combo, type ComboUpdate } from '@portal/contracts';

export const comboRefusals = { price: '价格最多两位小数' } as const;

/** Bytes → GB (1024³) for the form, to three decimals. */
export const bytesToTrafficG = (bytes: number) => Math.round((bytes / GiB) * 1000) / 1000;

/** A product as the form edits it: traffic in GB (trafficG) instead of bytes. */
export function comboToForm({ traffic, ...combo }: Combo): ComboUpdate {
  return { ...combo, trafficG: bytesToTrafficG(traffic) };
}

/** spec-2 §9: a new product has 1 GB, 1 day, price 0.01 and 150Mbps. */
export function newCombo(): ComboUpdate {
  return {
    _id: '',
    name: '',
    price: 0.01,
    trafficG: 1,
    vipDuration: 1,
    limit: DEFAULT_DAILY_LIMIT_BYTES / GiB,
    additionPersend: 0,
    deviceNum: 0,
    speed: '150Mbps',
    permissionsGain: [],
    permissionDuration: 0,
    permissionsDesc: '',
    orderID: 0,
  };
}

/** Money is whole cents: a price with more than two decimals is refused (the BFF refuses it too). */
export function priceRefusal(price: number): string | undefined {
  return Math.abs(price * 100 - Math.round(price * 100)) > 1e-6 ? comboRefusals.price : undefined;
}
