import { Codes, GiB } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comboUpdate, signedInAdmin, tableDigest, type Admin } from './admin.js';
import { call, signedInUser } from './api.js';
import { buildTestApp } from './build-test-app.js';

/**
 * QUALITY 3 over HTTP: every call that takes an amount of money (or traffic) refuses zero where
 * it is not allowed, negatives, fractions of a cent (or of a byte), NaN's JSON form (null),
 * strings, and figures beyond its range or 2^53, with INVALID_PAYLOAD (400), and changes nothing
 * in any table. Each call is also made with a good figure, to show the refusals are the amount's.
 */

/** Beyond 2^53: JSON carries them, a double cannot hold them exactly, and no cents column should. */
const HUGE = [2 ** 53, 2 ** 53 + 2, 1e16, 1e300];
/** Not numbers at all: a string, NaN as JSON sends it (null), a boolean. */
const NOT_NUMBERS = ['5', null, true];

let app: FastifyInstance;
let admin: Admin;
let withdrawer: { id: string; cookie: string };
let target: { id: string };
let comboId: string;
let cashCoupon: { _id: string; code: string };
let discountCoupon: { _id: string; code: string };
let prizeId: string;

const digest = () => tableDigest(app);

const comboPayload = (price: unknown, extra: Record<string, unknown> = {}) =>
  comboUpdate({ _id: comboId, name: '金额测试包', price, ...extra });

const couponPayload = (coupon: { _id: string; code: string }, type: 'cash' | 'discount', fields: object) => ({
  _id: coupon._id,
  name: '金额测试券',
  type,
  code: coupon.code,
  taobao: false,
  traffic: 0,
  traffixHaveLimitTime: false,
  traffixLimitTime: 0,
  vipDay: 0,
  forMoney: 3,
  discount: 0.9,
  useNumPerUser: 1,
  NumberOfAuthorizations: 100,
  expireTime: null,
  ...fields,
});

const prizePayload = (fields: object) => ({
  _id: prizeId,
  name: '金额测试奖品',
  gainTraffic: 1,
  gainVipTime: 0,
  weight: 1,
  desc: '',
  hasDiscountCoupon: true,
  discountValue: 0.9,
  discountDuration: 7,
  photoUrl: '',
  ...fields,
});

const userPayload = (fields: object) => ({
  _id: target.id,
  disable: false,
  scale: 1,
  paidUser: false,
  is_agency: false,
  traffic: 5 * GiB,
  vipExpireTime: null,
  specialDailyUnlimitTraffic: false,
  dailyUnlimitTraffic: 0,
  normalPermission: true,
  canChangePassword: true,
  canChangeDescribeKey: true,
  forceReward: false,
  ...fields,
});

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
  const must = async <T>(path: string, payload: unknown): Promise<T> => {
    const { code, data, msg } = await admin.post<T>(path, payload);
    if (code !== 0) throw new Error(`${path}: ${code} ${msg}`);
    return data;
  };
  comboId = '';
  comboId = (await must<{ _id: string }>('/api/admin/combo/update_combo', comboPayload(10)))._id;
  // update_coupon answers the coupons it saved (a Taobao batch is several).
  const saveCoupon = async (code: string, type: 'cash' | 'discount') => {
    const [saved] = await must<Array<{ _id: string }>>(
      '/api/yunying/coupon/update_coupon',
      couponPayload({ _id: '', code }, type, {}),
    );
    return { _id: saved!._id, code };
  };
  cashCoupon = await saveCoupon('AMOUNTCASH', 'cash');
  discountCoupon = await saveCoupon('AMOUNTDISC', 'discount');
  prizeId = '';
  prizeId = (await must<{ _id: string }>('/api/yunying/prize/update', prizePayload({})))._id;

  // A user with 1000 yuan of withdrawable money and a payout address (set long ago: no 24-hour hold).
  withdrawer = await signedInUser(app);
  await app.settings.set({ min_charge_money: 5 });
  await app.wallet.adjust(withdrawer.id, 100_000, 'amounts deposit', 100_000);
  await app.database.query(
    "UPDATE users SET wallet_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', wallet_address_type = 'USDT-TRC20' WHERE id = $1",
    [withdrawer.id],
  );
  target = await signedInUser(app);
  await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [5 * GiB, target.id]);
});

afterAll(async () => {
  await app.close();
});

/** Sends each payload; every one must be refused with INVALID_PAYLOAD and leave every table as it was. */
async function expectRefused(url: string, cookie: string, payloads: Array<[string, unknown]>) {
  const before = await digest();
  for (const [what, payload] of payloads) {
    const { status, result } = await call(app, url, payload, { cookie });
    expect(result.code, `${url} ${what}: ${result.msg}`).toBe(Codes.INVALID_PAYLOAD);
    expect(status, `${url} ${what}`).toBe(400);
    expect(result.msg, `${url} ${what}`).toBeTruthy();
  }
  expect(await digest(), url).toEqual(before);
}

const cases = (field: string, values: unknown[], make: (value: unknown) => unknown): Array<[string, unknown]> =>
  values.map((value) => [`${field} = ${JSON.stringify(value)}`, make(value)]);

describe('QUALITY 3: amounts over HTTP', () => {
  it('/api/wallet/make_charge refuses 0, negatives, fractions of a cent, strings and huge amounts; nothing moves', async () => {
    await expectRefused(
      '/api/wallet/make_charge',
      withdrawer.cookie,
      cases('money', [0, -1, -0.01, 0.001, 5.005, 999.999, 1e9, ...HUGE, ...NOT_NUMBERS], (money) => ({ money })),
    );
    // The same user, a good amount: made.
    const made = await call<{ money: number }>(
      app,
      '/api/wallet/make_charge',
      { money: 5.5 },
      { cookie: withdrawer.cookie },
    );
    expect(made.result.code, made.result.msg).toBe(0);
    expect(made.result.data.money).toBe(5.5);
  });

  it('/api/admin/combo/update_combo refuses negative, fractional-cent and huge prices and counts; the product is unchanged', async () => {
    await expectRefused('/api/admin/combo/update_combo', admin.cookie, [
      ...cases('price', [-1, -0.01, 0.001, 19.999, 1e7, ...HUGE, ...NOT_NUMBERS], (price) => comboPayload(price)),
      ...cases('trafficG', [-1, 1e7, ...HUGE, '10'], (trafficG) => comboPayload(10, { trafficG })),
      ...cases('additionPersend', [-1, 0.5, 2 ** 53], (additionPersend) => comboPayload(10, { additionPersend })),
    ]);
    const saved = await admin.post<{ price: number }>('/api/admin/combo/update_combo', comboPayload(19.99));
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.price).toBe(19.99);
  });

  it('/api/yunying/coupon/update_coupon refuses such forMoney and discount figures; the coupons are unchanged', async () => {
    await expectRefused('/api/yunying/coupon/update_coupon', admin.cookie, [
      ...cases('forMoney', [-1, -0.01, 0.001, 1.005, 1e7, ...HUGE, ...NOT_NUMBERS], (forMoney) =>
        couponPayload(cashCoupon, 'cash', { forMoney }),
      ),
      ...cases('discount', [0, -0.5, 0.05, 1.5, ...HUGE, ...NOT_NUMBERS], (discount) =>
        couponPayload(discountCoupon, 'discount', { discount }),
      ),
      ...cases('traffic', [-1, 0.5, ...HUGE], (traffic) => couponPayload(cashCoupon, 'cash', { traffic })),
    ]);
    const saved = await admin.post(
      '/api/yunying/coupon/update_coupon',
      couponPayload(cashCoupon, 'cash', { forMoney: 3.5 }),
    );
    expect(saved.code, saved.msg).toBe(0);
  });

  it('/api/yunying/prize/update refuses negative, fractional and huge figures; the prize is unchanged', async () => {
    await expectRefused('/api/yunying/prize/update', admin.cookie, [
      ...cases('gainTraffic', [-1, 1e7, ...HUGE, ...NOT_NUMBERS], (gainTraffic) => prizePayload({ gainTraffic })),
      ...cases('gainVipTime', [-1, 1.5, ...HUGE], (gainVipTime) => prizePayload({ gainVipTime })),
      ...cases('weight', [-1, 0.5, ...HUGE], (weight) => prizePayload({ weight })),
      ...cases('discountValue', [0, -0.1, 0.15, 1.1, ...HUGE, ...NOT_NUMBERS], (discountValue) =>
        prizePayload({ discountValue }),
      ),
      ...cases('discountDuration', [0, -1, 1.5, ...HUGE], (discountDuration) => prizePayload({ discountDuration })),
    ]);
    const saved = await admin.post('/api/yunying/prize/update', prizePayload({ discountValue: 0.8 }));
    expect(saved.code, saved.msg).toBe(0);
  });

  it("/api/admin/users/update_user refuses negative, fractional and oversized traffic; the user's traffic is unchanged", async () => {
    await expectRefused('/api/admin/users/update_user', admin.cookie, [
      ...cases('traffic', [-1, -GiB, 0.5, GiB + 0.5, ...HUGE, ...NOT_NUMBERS], (traffic) => userPayload({ traffic })),
      ...cases('loadedTraffic', [-1, 0.5, ...HUGE], (loadedTraffic) =>
        userPayload({ traffic: 6 * GiB, loadedTraffic }),
      ),
      ...cases('dailyUnlimitTraffic', [-1, 1e7, ...HUGE], (dailyUnlimitTraffic) =>
        userPayload({ dailyUnlimitTraffic }),
      ),
      ...cases('scale', [0, -1, 1e3, ...HUGE], (scale) => userPayload({ scale })),
    ]);
    const [row] = await app.database.query<{ traffic: string }>('SELECT traffic::text FROM users WHERE id = $1', [
      target.id,
    ]);
    expect(Number(row!.traffic)).toBe(5 * GiB);
    const saved = await admin.post('/api/admin/users/update_user', userPayload({ traffic: 6 * GiB }));
    expect(saved.code, saved.msg).toBe(0);
    const [after] = await app.database.query<{ traffic: string }>('SELECT traffic::text FROM users WHERE id = $1', [
      target.id,
    ]);
    expect(Number(after!.traffic)).toBe(6 * GiB);
  });
});
