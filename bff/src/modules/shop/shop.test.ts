import { Codes, type Combo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { GiB, product, shopApi } from '../../../test/money.js';

let app: FastifyInstance;
const AGENCY = 'agency.portal.test';

beforeAll(async () => {
  app = await buildTestApp({ env: { AGENCY_DOMAIN: `https://${AGENCY}` } });
  await app.database.query('DELETE FROM combos');
});

afterAll(async () => {
  await app.close();
});

const listAs = async (cookie?: string, host?: string) =>
  (
    await call<Combo[]>(
      app,
      '/api/shop/list',
      {},
      { ...(cookie === undefined ? {} : { cookie }), ...(host === undefined ? {} : { headers: { host } }) },
    )
  ).result;
const names = (combos: Combo[]) => combos.map((c) => c.name);

async function channelUser(code: string) {
  const user = await signedInUser(app);
  await app.database.query('UPDATE users SET channel_code = $1 WHERE id = $2', [code, user.id]);
  return user;
}

const BOTH = {
  name: '双享包',
  price: 25.5,
  traffic: 50 * GiB,
  vipDuration: 30,
  limit: 80,
  additionPersend: 10,
  deviceNum: 3,
  speed: '150Mbps',
  permissionsGain: ['line_exclusive_1'],
  permissionDuration: 30,
  permissionsDesc: '专线',
  orderID: 1,
};

describe('shop list', () => {
  let both: string;
  beforeAll(async () => {
    await product(app, { name: '十元包', price: 10, orderID: 3 });
    await product(app, { name: '二十元包', price: 20, orderID: 2 });
    both = await product(app, BOTH);
    const gone = await product(app, { name: '下架包', price: 99, orderID: 0 });
    expect(await app.shop.combos.remove(gone)).toBe(true);
  });

  it('answers visitors the products on sale by orderID, in the wire shape with yuan prices', async () => {
    const { code, data } = await listAs();
    expect(code).toBe(0);
    expect(names(data)).toEqual(['双享包', '二十元包', '十元包']);
    // The wire names are the operator's (ComboFields), plus the id.
    expect(data[0]).toEqual({ _id: both, ...BOTH });
  });

  it('gives agency users nothing, by account flag or by the agency host', async () => {
    const agencyUser = await signedInUser(app);
    await app.database.query('UPDATE users SET is_agency = true WHERE id = $1', [agencyUser.id]);
    expect((await listAs(agencyUser.cookie)).data).toEqual([]);
    expect((await listAs(undefined, AGENCY)).data).toEqual([]);
    expect((await listAs(undefined, AGENCY.toUpperCase())).data).toEqual([]);
    expect(names((await listAs(undefined, 'portal.test')).data)).toHaveLength(3);
  });

  it('shows users of the high-price channel only products above 20 yuan, once the setting names it', async () => {
    const user = await channelUser('VIPCH');
    expect(names((await listAs(user.cookie)).data)).toHaveLength(3);
    await app.settings.set({ shop_high_price_channel_code: 'VIPCH' });
    try {
      expect(names((await listAs(user.cookie)).data)).toEqual(['双享包']);
      const other = await channelUser('OTHER');
      expect(names((await listAs(other.cookie)).data)).toHaveLength(3);
      expect(names((await listAs()).data)).toHaveLength(3);
    } finally {
      await app.settings.set({ shop_high_price_channel_code: '' });
    }
  });

  it('create_order follows the same rules: withdrawn, hidden by channel, agency and unknown products are 1106', async () => {
    const user = await channelUser('VIPCH2');
    const api = shopApi(app, user.cookie);
    const [cheap] = (await listAs()).data.filter((c) => c.name === '十元包');
    await app.settings.set({ shop_high_price_channel_code: 'VIPCH2' });
    try {
      expect(await api.createOrder(cheap!._id)).toMatchObject({
        code: Codes.COMBO_UNAVAILABLE,
        msg: '商品不存在或已下架',
      });
      expect((await api.createOrder(both)).code).toBe(0);
    } finally {
      await app.settings.set({ shop_high_price_channel_code: '' });
    }
    expect((await api.createOrder('f'.repeat(24))).code).toBe(Codes.COMBO_UNAVAILABLE);
    const removed = await product(app, { name: '将下架', price: 5 });
    await app.shop.combos.remove(removed);
    expect((await api.createOrder(removed)).code).toBe(Codes.COMBO_UNAVAILABLE);
    const onAgencyHost = await call(
      app,
      '/api/shop/create_order',
      { combo_id: both },
      { cookie: user.cookie, headers: { host: AGENCY } },
    );
    expect(onAgencyHost.result.code).toBe(Codes.COMBO_UNAVAILABLE);
    expect(await app.database.query('SELECT id FROM orders WHERE user_id = $1', [user.id])).toHaveLength(1);
  });
});

describe('combos service (admin screens later)', () => {
  it('creates with an explicit id once, updates and soft-deletes products on sale only', async () => {
    const id = 'a'.repeat(24);
    expect(await app.shop.combos.create({ name: '固定', price: 1.99 }, id)).toEqual({ created: true, id });
    expect(await app.shop.combos.create({ name: '再来', price: 2 }, id)).toEqual({ created: false, id });
    expect(await app.shop.combos.update(id, { name: '改名', price: 3.5, vipDuration: 7 })).toBe(true);
    const [row] = await app.database.query<{
      name: string;
      price_cents: unknown;
      vip_duration: number;
      daily_limit_gb: number;
    }>('SELECT name, price_cents, vip_duration, daily_limit_gb FROM combos WHERE id = $1', [id]);
    expect({ ...row, price_cents: Number(row!.price_cents) }).toEqual({
      name: '改名',
      price_cents: 350,
      vip_duration: 7,
      daily_limit_gb: 50,
    });
    expect(await app.shop.combos.remove(id)).toBe(true);
    expect(await app.shop.combos.remove(id)).toBe(false);
    expect(await app.shop.combos.update(id, { name: 'x', price: 1 })).toBe(false);
  });

  it('refuses prices that are not whole cents, negative or not numbers', async () => {
    for (const price of [0.001, 1.005, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      await expect(app.shop.combos.create({ name: 'bad', price })).rejects.toMatchObject({
        code: Codes.INVALID_PAYLOAD,
      });
    }
    expect((await app.shop.combos.create({ name: 'free', price: 0 })).created).toBe(true);
  });
});
