import { Codes, GiB, type AdminPermission, type Combo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, startAdminApp, type Admin } from '../../../test/admin.js';
import { signedInUser } from '../../../test/api.js';
import { expectMoneyInvariants, newOrder, shopApi, userTotals } from '../../../test/money.js';
import { comboFieldsOf } from './service.js';
import { shopTexts } from './texts.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => ({ app, admin } = await startAdminApp()));
afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

/** A new product as the admin screen's defaults make it (1 GB, 1 day, 0.01 yuan, 150Mbps). */
const comboInput = (overrides: Record<string, unknown> = {}) => ({
  name: '新商品',
  price: 0.01,
  trafficG: 1,
  vipDuration: 1,
  limit: 50,
  additionPersend: 0,
  deviceNum: 0,
  speed: '150Mbps',
  permissionsGain: [] as string[],
  permissionDuration: 0,
  permissionsDesc: '',
  orderID: 0,
  ...overrides,
});

const shopList = async () => (await shopApi(app, (await signedInUser(app)).cookie).list()).data;
const comboRow = async (id: string) =>
  (await app.database.query<Record<string, unknown>>('SELECT * FROM combos WHERE id = $1', [id]))[0];

describe('combo/update_combo', () => {
  it('creates a product that appears in /api/shop/list at once: GiB to bytes, yuan to cents', async () => {
    const created = await admin.post<Combo>(
      '/api/admin/combo/update_combo',
      comboInput({ name: '半价包', price: 19.99, trafficG: 1.5 }),
    );
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      name: '半价包',
      price: 19.99,
      traffic: Math.round(1.5 * GiB),
      vipDuration: 1,
      speed: '150Mbps',
    });
    const row = await comboRow(created.data._id);
    expect(Number(row!.price_cents)).toBe(1999);
    expect(Number(row!.traffic)).toBe(1_610_612_736);
    expect((await shopList()).find((c) => c._id === created.data._id)).toEqual(created.data);
  });

  it('edits a product by _id; orders already made keep what they copied', async () => {
    const { data: combo } = await admin.post<Combo>(
      '/api/admin/combo/update_combo',
      comboInput({ name: '旧名', trafficG: 10 }),
    );
    const user = await signedInUser(app);
    const order = await newOrder(app, user.cookie, combo._id);
    const edited = await admin.post<Combo>(
      '/api/admin/combo/update_combo',
      comboInput({ _id: combo._id, name: '新名', trafficG: 20, price: 30 }),
    );
    expect(edited.data).toMatchObject({ _id: combo._id, name: '新名', traffic: 20 * GiB, price: 30 });
    expect((await shopList()).find((c) => c._id === combo._id)?.name).toBe('新名');
    const [kept] = await app.database.query<{ desc: string; add_traffic: string }>(
      'SELECT "desc", add_traffic FROM orders WHERE id = $1',
      [order._id],
    );
    expect(kept).toMatchObject({ desc: '旧名' });
    expect(Number(kept!.add_traffic)).toBe(10 * GiB);
  });

  it('refuses traffic, type, wallet_money and any field the screen does not offer, applying nothing', async () => {
    const { data: combo } = await admin.post<Combo>('/api/admin/combo/update_combo', comboInput({ name: '白名单' }));
    const before = await comboRow(combo._id);
    for (const extra of [
      { traffic: 1 },
      { type: 'admin' },
      { wallet_money: 100 },
      { userkey: 'x' },
      { deletedAt: null },
    ]) {
      const answer = await admin.post('/api/admin/combo/update_combo', {
        ...comboInput({ _id: combo._id, name: '改了' }),
        ...extra,
      });
      expect(answer.code, JSON.stringify(extra)).toBe(Codes.INVALID_PAYLOAD);
    }
    expect(await comboRow(combo._id)).toEqual(before);
  });

  it('refuses prices that are not whole cents, negative amounts and unknown permissions', async () => {
    const count = async () => (await app.database.query('SELECT id FROM combos')).length;
    const before = await count();
    for (const bad of [{ price: 0.015 }, { price: -1 }, { trafficG: -1 }, { vipDuration: 1.5 }]) {
      expect((await admin.post('/api/admin/combo/update_combo', comboInput(bad))).code, JSON.stringify(bad)).toBe(
        Codes.INVALID_PAYLOAD,
      );
    }
    expect(
      await admin.post('/api/admin/combo/update_combo', comboInput({ permissionsGain: ['no_such', 'nor_this'] })),
    ).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: shopTexts.permissionsUnknown(['no_such', 'nor_this']),
    });
    expect(await count()).toBe(before);
    expect(
      await admin.post('/api/admin/combo/update_combo', comboInput({ _id: 'ffffffffffffffffffffffff' })),
    ).toMatchObject({
      code: Codes.NOT_FOUND,
      msg: shopTexts.comboMissing,
    });
  });

  it('converts like SEED_FILE: one conversion for both', () => {
    expect(comboFieldsOf(comboInput({ _id: '', trafficG: 0.5 }) as never)).toEqual({
      name: '新商品',
      price: 0.01,
      traffic: GiB / 2,
      vipDuration: 1,
      limit: 50,
      additionPersend: 0,
      deviceNum: 0,
      speed: '150Mbps',
      permissionsGain: [],
      permissionDuration: 0,
      permissionsDesc: '',
      orderID: 0,
    });
  });
});

describe('combo/delete_combo', () => {
  it('withdraws the product; orders made before still list, pay (granting its permission) and cancel', async () => {
    const { data: permission } = await admin.post<AdminPermission>('/api/admin/permissions/update', {
      name: 'combo_line',
      desc: '',
    });
    const { data: combo } = await admin.post<Combo>(
      '/api/admin/combo/update_combo',
      comboInput({
        name: '将下架',
        price: 12,
        trafficG: 5,
        vipDuration: 0,
        permissionsGain: ['combo_line'],
        permissionDuration: 30,
      }),
    );
    const user = await signedInUser(app);
    const api = shopApi(app, user.cookie);
    const toPay = await newOrder(app, user.cookie, combo._id);
    const toCancel = await newOrder(app, user.cookie, combo._id);

    expect((await admin.post('/api/admin/combo/delete_combo', { id: combo._id })).code).toBe(0);
    expect((await shopList()).some((c) => c._id === combo._id)).toBe(false);
    expect((await comboRow(combo._id))!.deleted_at).not.toBeNull();
    expect((await api.createOrder(combo._id)).code).toBe(Codes.COMBO_UNAVAILABLE);
    expect(await admin.post('/api/admin/combo/delete_combo', { id: combo._id })).toMatchObject({
      code: Codes.NOT_FOUND,
    });
    expect(await admin.post('/api/admin/combo/update_combo', comboInput({ _id: combo._id }))).toMatchObject({
      code: Codes.NOT_FOUND,
    });

    expect((await api.orders()).data.map((o) => o._id).sort()).toEqual([toPay._id, toCancel._id].sort());
    expect((await api.cancel(toCancel._id)).data.status).toBe('cancled');

    const trade = await api.dobuy(toPay._id);
    expect(trade.code).toBe(0);
    const submit = new URL(trade.data.payurl!);
    await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...Object.fromEntries(submit.searchParams), decision: 'approve' }).toString(),
    });
    expect((await api.tradeStatus(trade.data._id)).data.status).toBe('paied');
    expect((await userTotals(app, user.id)).traffic).toBe(5 * GiB);
    // useTimes counts the purchases that granted the permission.
    const listed = (await admin.post<AdminPermission[]>('/api/admin/permissions/list')).data.find(
      (p) => p._id === permission._id,
    );
    expect(listed?.useTimes).toBe(1);

    expect((await auditOf(app, 'combo', combo._id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });
});
