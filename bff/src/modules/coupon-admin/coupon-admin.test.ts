import {
  Codes,
  GiB,
  type AdminCoupon,
  type CouponRecord,
  type CouponUpdate,
  type CouponsDeleted,
} from '@portal/contracts';
import { COUPON_LIST_DEFAULT, COUPON_LIST_MAX } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, startAdminApp, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { CONCURRENCY } from '../../../test/concurrency.js';
import {
  authTimes,
  coupon as orderCoupon,
  deposit,
  expectMoneyInvariants,
  liveUses,
  newOrder,
  orderRow,
  product,
  shopApi,
  userTotals,
  walletCents,
} from '../../../test/money.js';
import { randomHex } from '../../lib/random.js';
import { couponAdminTexts as texts } from './texts.js';

let app: FastifyInstance;
let admin: Admin;
let yunying: Admin;

const BASE = '/api/yunying/coupon';

beforeAll(async () => {
  ({ app, admin } = await startAdminApp());
  const ops = await signedInUser(app, { type: 'yunying' });
  yunying = {
    ...ops,
    post: async <T>(path: string, payload: unknown = {}) =>
      (await call<T>(app, path, payload, { cookie: ops.cookie })).result,
  };
});
afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

/** A new coupon as the dialog's defaults make it (spec-2 §9: 8G, one use per user, 7 days). */
const couponInput = (overrides: Partial<CouponUpdate> = {}): CouponUpdate => ({
  name: '体验券',
  type: 'freeUse',
  code: `T${randomHex(4).toUpperCase()}`,
  taobao: false,
  traffic: 8 * GiB,
  traffixHaveLimitTime: false,
  traffixLimitTime: 0,
  vipDay: 7,
  forMoney: 0,
  discount: 1,
  useNumPerUser: 1,
  NumberOfAuthorizations: 100,
  expireTime: null,
  ...overrides,
});

async function created(input: Partial<CouponUpdate> = {}, by: Admin = admin): Promise<AdminCoupon> {
  const answer = await by.post<AdminCoupon[]>(`${BASE}/update_coupon`, couponInput(input));
  expect(answer.code, answer.msg).toBe(0);
  expect(answer.data).toHaveLength(1);
  return answer.data[0]!;
}

const couponRow = async (id: string) =>
  (await app.database.query<Record<string, unknown>>('SELECT * FROM coupons WHERE id = $1', [id]))[0];
const couponCount = async () =>
  Number(
    (await app.database.query<{ n: unknown }>('SELECT count(*) AS n FROM coupons WHERE deleted_at IS NULL'))[0]!.n,
  );
const redeem = (cookie: string, code: string) => call(app, '/api/coupon/redeem_coupon', { code }, { cookie });
const useOf = async (couponId: string, userId: string) =>
  (
    await app.database.query<{ id: string }>('SELECT id FROM coupon_uses WHERE coupon_id = $1 AND user_id = $2', [
      couponId,
      userId,
    ])
  )[0]!.id;
const restoreRecords = (userId: string) =>
  app.database.query<{ type: string; desc: string; change: string }>(
    `SELECT type, "desc", traffic_change::text AS change FROM traffic_records WHERE user_id = $1 AND type = 'coupon_restore' ORDER BY id`,
    [userId],
  );

describe('who may call', () => {
  const routes = ['coupon_list', 'update_coupon', 'delete_coupon', 'coupon_record_list', 'restore_record'];

  it('normal, channel and anonymous callers are refused on every call and nothing changes', async () => {
    const target = await created();
    const user = await signedInUser(app);
    await redeem(user.cookie, target.code);
    const useId = await useOf(target._id, user.id);
    const payloads: Record<string, unknown> = {
      coupon_list: {},
      update_coupon: couponInput({ _id: target._id, name: '被拒绝', code: target.code }),
      delete_coupon: { id_list: [target._id] },
      coupon_record_list: { limit: 10 },
      restore_record: { id: useId },
    };
    const snapshot = async () => ({
      coupon: await couponRow(target._id),
      coupons: await couponCount(),
      uses: await app.database.query('SELECT * FROM coupon_uses ORDER BY id'),
      user: await userTotals(app, user.id),
      audit: await app.database.query('SELECT id FROM audit_log ORDER BY id'),
    });
    const before = await snapshot();
    const normal = await signedInUser(app);
    const channel = await signedInUser(app, { type: 'channel' });
    for (const route of routes) {
      for (const [who, cookie, code] of [
        ['anonymous', undefined, Codes.SESSION_EXPIRED],
        ['normal', normal.cookie, Codes.FORBIDDEN],
        ['channel', channel.cookie, Codes.FORBIDDEN],
      ] as const) {
        const { result } = await call(app, `${BASE}/${route}`, payloads[route], cookie ? { cookie } : {});
        expect(result.code, `${who} ${route}`).toBe(code);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('yunying (operations) may use every call', async () => {
    const own = await created({ name: '运营券' }, yunying);
    expect((await yunying.post<AdminCoupon[]>(`${BASE}/coupon_list`)).data.some((c) => c._id === own._id)).toBe(true);
    const user = await signedInUser(app);
    expect((await redeem(user.cookie, own.code)).result.code).toBe(0);
    const records = await yunying.post<CouponRecord[]>(`${BASE}/coupon_record_list`, {});
    const use = records.data.find((r) => r.code === own.code)!;
    expect((await yunying.post(`${BASE}/restore_record`, { id: use._id })).code).toBe(0);
    const spare = await created({}, yunying);
    expect((await yunying.post<CouponsDeleted>(`${BASE}/delete_coupon`, { id_list: [spare._id] })).data).toEqual({
      deletedCount: 1,
    });
    const [row] = await auditOf(app, 'coupon', own._id);
    expect(row).toMatchObject({ operator_id: yunying.id, action: 'create' });
  });
});

describe('coupon_list', () => {
  it('lists every coupon newest first, cash in yuan and traffic in bytes', async () => {
    const older = await created({ name: '旧券' });
    await app.database.query("UPDATE coupons SET create_time = now() - interval '1 hour' WHERE id = $1", [older._id]);
    const newer = await created({ name: '新券', type: 'cash', forMoney: 12.5 });
    const { data } = await admin.post<AdminCoupon[]>(`${BASE}/coupon_list`);
    const times = data.map((c) => Date.parse(c.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(data.findIndex((c) => c._id === newer._id)).toBeLessThan(data.findIndex((c) => c._id === older._id));
    expect(data.find((c) => c._id === newer._id)).toMatchObject({
      name: '新券',
      type: 'cash',
      forMoney: 12.5,
      traffic: 8 * GiB,
      authTimes: 0,
      NumberOfAuthorizations: 100,
      expireTime: null,
    });
  });
});

describe('coupon_list is bounded (issue 23)', () => {
  it('answers the newest `limit` (1000 without one) of the type and Taobao flag asked for, ties by id', async () => {
    const before = await couponCount();
    const made: AdminCoupon[] = [];
    for (const [type, taobao] of [
      ['freeUse', false],
      ['freeUse', true],
      ['cash', true],
      ['freeTime', false],
      ['freeUse', true],
      ['cash', false],
    ] as const) {
      made.push(await created({ name: `有界 ${type}`, type, taobao, ...(type === 'cash' ? { forMoney: 1 } : {}) }));
    }
    // One creation time for all six: the order falls back to the id, newest (highest) first.
    await app.database.query(`UPDATE coupons SET create_time = now() + interval '1 day' WHERE id = ANY($1)`, [
      made.map((c) => c._id),
    ]);
    const ids = async (payload: Record<string, unknown>) =>
      (await admin.post<AdminCoupon[]>(`${BASE}/coupon_list`, payload)).data.map((c) => c._id);
    const byIdDesc = (coupons: AdminCoupon[]) => coupons.map((c) => c._id).sort((a, b) => (a < b ? 1 : -1));

    expect(await ids({ limit: 6 })).toEqual(byIdDesc(made));
    expect(await ids({ limit: 2 })).toEqual(byIdDesc(made).slice(0, 2));
    expect((await ids({ limit: 6, type: 'freeUse' })).slice(0, 3)).toEqual(
      byIdDesc(made.filter((c) => c.type === 'freeUse')),
    );
    expect((await ids({ limit: 6, type: 'freeUse', taobao: true })).slice(0, 2)).toEqual(
      byIdDesc(made.filter((c) => c.type === 'freeUse' && c.taobao)),
    );
    expect((await ids({ limit: 6, taobao: false })).slice(0, 3)).toEqual(byIdDesc(made.filter((c) => !c.taobao)));
    expect(await ids({ limit: 6, type: '' })).toEqual(byIdDesc(made));
    // Without a limit: every coupon up to COUPON_LIST_DEFAULT, the spec's `{}` still valid.
    expect((await ids({})).length).toBe(Math.min(before + made.length, COUPON_LIST_DEFAULT));
    expect((await admin.post(`${BASE}/coupon_list`, { limit: COUPON_LIST_MAX + 1 })).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await admin.post(`${BASE}/coupon_list`, { limit: 0 })).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await admin.post(`${BASE}/coupon_list`, { type: 'other' })).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await admin.post(`${BASE}/coupon_list`, { page: 2 })).code).toBe(Codes.INVALID_PAYLOAD);
  });
});

describe('update_coupon', () => {
  it('creates a coupon (yuan to cents, the expiry kept), with its audit row', async () => {
    const expireTime = '2030-05-01T15:59:59.999Z';
    const coupon = await created({ name: '现金券', type: 'cash', forMoney: 19.99, expireTime, useNumPerUser: 2 });
    expect(coupon).toMatchObject({
      name: '现金券',
      type: 'cash',
      forMoney: 19.99,
      expireTime,
      useNumPerUser: 2,
      taobao: false,
    });
    const row = await couponRow(coupon._id);
    expect(Number(row!.for_money_cents)).toBe(1999);
    const [audit] = await auditOf(app, 'coupon', coupon._id);
    expect(audit).toMatchObject({ operator_id: admin.id, action: 'create', before: null });
    expect(audit!.after).toMatchObject({ code: coupon.code, forMoney: 19.99 });
  });

  it('edits by _id; the audit row holds only what changed', async () => {
    const coupon = await created({ name: '旧名' });
    const answer = await admin.post<AdminCoupon[]>(
      `${BASE}/update_coupon`,
      couponInput({
        _id: coupon._id,
        code: coupon.code,
        name: '新名',
        traffixHaveLimitTime: true,
        traffixLimitTime: 24,
      }),
    );
    expect(answer.data[0]).toMatchObject({
      _id: coupon._id,
      name: '新名',
      traffixHaveLimitTime: true,
      traffixLimitTime: 24,
    });
    const [, audit] = await auditOf(app, 'coupon', coupon._id);
    expect(audit).toMatchObject({
      action: 'update',
      before: { name: '旧名', traffixHaveLimitTime: false, traffixLimitTime: 0 },
      after: { name: '新名', traffixHaveLimitTime: true, traffixLimitTime: 24 },
    });
  });

  it('refuses fields the dialog does not offer (authTimes, createTime…) and writes nothing', async () => {
    const coupon = await created();
    const before = await couponRow(coupon._id);
    const count = await couponCount();
    for (const extra of [
      { authTimes: 0 },
      { createTime: '2020-01-01T00:00:00.000Z' },
      { forMoneyCents: 1 },
      { id: 'x' },
      { numberOfAuthorizations: 5 },
    ]) {
      for (const id of [coupon._id, undefined]) {
        const payload = { ...couponInput({ code: coupon.code, name: '改了' }), ...(id ? { _id: id } : {}), ...extra };
        expect((await admin.post(`${BASE}/update_coupon`, payload)).code, JSON.stringify(extra)).toBe(
          Codes.INVALID_PAYLOAD,
        );
      }
    }
    expect(await couponRow(coupon._id)).toEqual(before);
    expect(await couponCount()).toBe(count);
  });

  it('refuses a taken code, an empty one, fractions of a cent, a discount outside 0.1–1 and a total below the uses made', async () => {
    const coupon = await created();
    const other = await created();
    const count = await couponCount();
    expect(await admin.post(`${BASE}/update_coupon`, couponInput({ code: coupon.code }))).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: texts.codeTaken(coupon.code),
    });
    expect(await admin.post(`${BASE}/update_coupon`, couponInput({ _id: other._id, code: coupon.code }))).toMatchObject(
      { code: Codes.INVALID_PAYLOAD, msg: texts.codeTaken(coupon.code) },
    );
    expect(await admin.post(`${BASE}/update_coupon`, couponInput({ code: '' }))).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: texts.codeRequired,
    });
    for (const bad of [
      { forMoney: 0.015 },
      { discount: 0.05 },
      { discount: 1.1 },
      { useNumPerUser: 0 },
      { code: 'A B' },
    ]) {
      expect((await admin.post(`${BASE}/update_coupon`, couponInput(bad))).code, JSON.stringify(bad)).toBe(
        Codes.INVALID_PAYLOAD,
      );
    }
    const user = await signedInUser(app);
    await redeem(user.cookie, coupon.code);
    expect(
      await admin.post(
        `${BASE}/update_coupon`,
        couponInput({ _id: coupon._id, code: coupon.code, NumberOfAuthorizations: 0 }),
      ),
    ).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: texts.belowUsed(1) });
    expect(await admin.post(`${BASE}/update_coupon`, couponInput({ _id: 'ffffffffffffffffffffffff' }))).toMatchObject({
      code: Codes.NOT_FOUND,
      msg: texts.couponMissing,
    });
    expect(await couponCount()).toBe(count);
    expect((await couponRow(other._id))!.code).toBe(other.code);
  });

  it('a Taobao batch of 200 creates 200 coupons with fresh unique 6-letter codes in one call, each audited', async () => {
    const before = await couponCount();
    const answer = await admin.post<AdminCoupon[]>(
      `${BASE}/update_coupon`,
      couponInput({ name: '淘宝券', taobao: true, code: 'IGNORED', batchCount: 200, type: 'freeTime', vipDay: 30 }),
    );
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toHaveLength(200);
    const codes = answer.data.map((c) => c.code);
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{6}$/);
    expect(codes).not.toContain('IGNORED');
    expect(answer.data.every((c) => c.taobao && c.type === 'freeTime' && c.vipDay === 30 && c.name === '淘宝券')).toBe(
      true,
    );
    expect(await couponCount()).toBe(before + 200);
    const [{ n }] = (await app.database.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM audit_log WHERE record_type = 'coupon' AND action = 'create' AND record_id = ANY($1)`,
      [answer.data.map((c) => c._id)],
    )) as [{ n: unknown }];
    expect(Number(n)).toBe(200);
    // Every code is unique among all coupons, and redeemable.
    const [{ d }] = (await app.database.query<{ d: unknown }>(
      'SELECT count(*) - count(DISTINCT code) AS d FROM coupons',
    )) as [{ d: unknown }];
    expect(Number(d)).toBe(0);
    const user = await signedInUser(app);
    expect((await redeem(user.cookie, codes[17]!)).result.code).toBe(0);
  });

  it('a Taobao batch is all or nothing: a refused one leaves no coupon behind', async () => {
    const before = await couponCount();
    const answer = await admin.post(
      `${BASE}/update_coupon`,
      couponInput({ taobao: true, batchCount: 5, forMoney: 1.001 }),
    );
    expect(answer.code).toBe(Codes.INVALID_PAYLOAD);
    expect(await couponCount()).toBe(before);
  });
});

describe('delete_coupon', () => {
  it('deletes several coupons at once, each with its audit row; they leave the list', async () => {
    const a = await created();
    const b = await created({ taobao: true, batchCount: 1 });
    const answer = await admin.post<CouponsDeleted>(`${BASE}/delete_coupon`, { id_list: [a._id, b._id] });
    expect(answer).toMatchObject({ code: 0, data: { deletedCount: 2 } });
    expect(await couponRow(a._id)).toMatchObject({ deleted_at: expect.anything() });
    expect(await couponRow(b._id)).toMatchObject({ deleted_at: expect.anything() });
    const listed = await admin.post<AdminCoupon[]>(`${BASE}/coupon_list`, {});
    expect(listed.data.map((c) => c._id)).not.toContain(a._id);
    expect(listed.data.map((c) => c._id)).not.toContain(b._id);
    const [, deleted] = await auditOf(app, 'coupon', a._id);
    expect(deleted).toMatchObject({ action: 'delete', before: { code: a.code }, after: null });
    // Deleted once: a second delete names a coupon that is not there, and refuses the list.
    expect((await admin.post(`${BASE}/delete_coupon`, { id_list: [a._id] })).code).toBe(Codes.NOT_FOUND);
    // Nor can it be edited.
    expect(
      (await admin.post(`${BASE}/update_coupon`, couponInput({ _id: a._id, code: a.code, name: '改名' }))).code,
    ).toBe(Codes.NOT_FOUND);
  });

  it('deletes used coupons too: they can no longer be redeemed, their records stay, their code is free again', async () => {
    const unused = await created();
    const used = await created({ name: '已使用', NumberOfAuthorizations: 5 });
    const user = await signedInUser(app);
    expect((await redeem(user.cookie, used.code)).result.code).toBe(0);
    const useId = await useOf(used._id, user.id);

    const answer = await admin.post<CouponsDeleted>(`${BASE}/delete_coupon`, { id_list: [unused._id, used._id] });
    expect(answer).toMatchObject({ code: 0, data: { deletedCount: 2 } });
    // The code names nothing any more, for a user who has not used it either.
    const other = await signedInUser(app);
    expect((await redeem(other.cookie, used.code)).result.code).toBe(Codes.COUPON_NOT_FOUND);
    // The record of the use is still listed with its code, and can still be restored.
    const records = await admin.post<CouponRecord[]>(`${BASE}/coupon_record_list`, {});
    expect(records.data.find((r) => r._id === useId)).toMatchObject({ code: used.code, is_delete: false });
    expect((await admin.post(`${BASE}/restore_record`, { id: useId })).code).toBe(0);
    // A new coupon may take the deleted one's code, and that one is redeemable.
    const again = await created({ code: used.code, name: '新券' });
    expect(again.code).toBe(used.code);
    expect((await redeem(other.cookie, used.code)).result.code).toBe(0);
    expect(await useOf(again._id, other.id)).toBeDefined();
  });

  it('an unknown id refuses the whole list', async () => {
    const a = await created();
    expect(await admin.post(`${BASE}/delete_coupon`, { id_list: [a._id, 'ffffffffffffffffffffffff'] })).toMatchObject({
      code: Codes.NOT_FOUND,
      msg: texts.couponMissing,
    });
    expect(await couponRow(a._id)).toBeDefined();
  });
});

describe('coupon_record_list', () => {
  it('lists the most recent uses (default 100), with the user, the effect and the status', async () => {
    const user = await signedInUser(app, { email: `rec-${randomHex(3)}@example.com` });
    const trial = await created({ traffic: 3 * GiB });
    await redeem(user.cookie, trial.code);
    const { data } = await admin.post<CouponRecord[]>(`${BASE}/coupon_record_list`, {});
    expect(data.length).toBeLessThanOrEqual(100);
    const times = data.map((r) => Date.parse(r.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(data[0]).toMatchObject({
      email: user.email,
      code: trial.code,
      type: 'freeUse',
      add_traffic: 3 * GiB,
      add_day: 0,
      add_money: 0,
      discount: null,
      is_delete: false,
      restorable: true,
    });
    expect((await admin.post<CouponRecord[]>(`${BASE}/coupon_record_list`, { limit: 1 })).data).toHaveLength(1);
    expect((await admin.post(`${BASE}/coupon_record_list`, { limit: 0 })).code).toBe(Codes.INVALID_PAYLOAD);
  });
});

describe('restore_record', () => {
  it('freeUse: takes back the traffic through the ledger (coupon_restore) and gives the use back', async () => {
    const coupon = await created({ name: '八G券', traffic: 8 * GiB });
    const user = await signedInUser(app);
    await redeem(user.cookie, coupon.code);
    const useId = await useOf(coupon._id, user.id);
    const answer = await admin.post<CouponRecord>(`${BASE}/restore_record`, { id: useId });
    expect(answer.data).toMatchObject({ _id: useId, is_delete: true, restorable: false });
    expect((await userTotals(app, user.id)).traffic).toBe(0);
    expect(await restoreRecords(user.id)).toEqual([
      { type: 'coupon_restore', desc: texts.trafficTakenBack('八G券'), change: String(-8 * GiB) },
    ]);
    expect(await authTimes(app, coupon._id)).toBe(0);
    const [audit] = await auditOf(app, 'coupon_use', useId);
    expect(audit).toMatchObject({
      operator_id: admin.id,
      action: 'action',
      detail: 'restore',
      before: { is_delete: false },
      after: { is_delete: true, takenBack: { traffic: 8 * GiB, days: 0 } },
    });
    // Restored: the user may redeem it again.
    expect((await redeem(user.cookie, coupon.code)).result.code).toBe(0);
  });

  it('never takes traffic below zero: only what is left of the grant goes', async () => {
    const coupon = await created({ traffic: 8 * GiB, traffixHaveLimitTime: true, traffixLimitTime: 24 });
    const user = await signedInUser(app);
    await redeem(user.cookie, coupon.code);
    await app.database.query('UPDATE users SET spend_traffic = $2 WHERE id = $1', [user.id, 6 * GiB]);
    const useId = await useOf(coupon._id, user.id);
    expect((await admin.post(`${BASE}/restore_record`, { id: useId })).code).toBe(0);
    const [row] = await app.database.query<{ traffic: unknown; spend: unknown }>(
      'SELECT traffic, spend_traffic AS spend FROM users WHERE id = $1',
      [user.id],
    );
    expect(Number(row!.traffic)).toBe(6 * GiB);
    expect(Number(row!.spend)).toBe(6 * GiB);
    expect((await restoreRecords(user.id)).map((r) => r.change)).toEqual([String(-2 * GiB)]);
    // The time-limited grant is closed: its expiry will not take it back a second time.
    const [grant] = await app.database.query<{ settled: unknown }>(
      `SELECT settled_at AS settled FROM traffic_grants WHERE source = 'coupon' AND source_id = $1`,
      [useId],
    );
    expect(grant!.settled).not.toBeNull();
  });

  it('freeTime: takes back the VIP days', async () => {
    const coupon = await created({ name: '七天券', type: 'freeTime', vipDay: 7 });
    const user = await signedInUser(app);
    await app.database.query("UPDATE users SET vip_expire_time = now() + interval '10 days' WHERE id = $1", [user.id]);
    await redeem(user.cookie, coupon.code);
    const useId = await useOf(coupon._id, user.id);
    expect((await admin.post(`${BASE}/restore_record`, { id: useId })).code).toBe(0);
    const left = (await userTotals(app, user.id)).vipExpireTime!.getTime() - Date.now();
    expect(left).toBeGreaterThan(9.9 * 86_400_000);
    expect(left).toBeLessThan(10.1 * 86_400_000);
    expect(await restoreRecords(user.id)).toEqual([
      { type: 'coupon_restore', desc: texts.vipTakenBack('七天券', 7), change: '0' },
    ]);
  });

  it('a cash coupon on an unpaid order is released as cancelling it does (order, wallet, use); a paid order refuses', async () => {
    const combo = await product(app, { price: 10 });
    const { id: couponId, code } = await orderCoupon(app, { forMoneyCents: 500, numberOfAuthorizations: 10 });
    const user = await signedInUser(app);
    await deposit(app, user.id, 200);
    const api = shopApi(app, user.cookie);
    const order = await newOrder(app, user.cookie, combo);
    expect((await api.useCoupon(order._id, code)).code).toBe(0);
    expect((await api.walletCheck(order._id)).code).toBe(0);
    expect((await orderRow(app, order._id)).walletSpend).toBeGreaterThan(0);
    const useId = await useOf(couponId, user.id);
    expect((await admin.post(`${BASE}/restore_record`, { id: useId })).code).toBe(0);
    expect(await orderRow(app, order._id)).toMatchObject({
      status: 'topay',
      couponDiscount: 0,
      couponId: null,
      walletSpend: 0,
    });
    expect(await walletCents(app, user.id)).toBe(200);
    expect(await authTimes(app, couponId)).toBe(0);
    expect(await liveUses(app, couponId)).toBe(0);

    const payer = await signedInUser(app);
    await deposit(app, payer.id, 5000);
    const payerApi = shopApi(app, payer.cookie);
    const paid = await newOrder(app, payer.cookie, combo);
    await payerApi.useCoupon(paid._id, code);
    await payerApi.walletCheck(paid._id);
    expect((await payerApi.dobuy(paid._id)).data.status).toBe('paied');
    const paidUse = await useOf(couponId, payer.id);
    const records = await admin.post<CouponRecord[]>(`${BASE}/coupon_record_list`, {});
    expect(records.data.find((r) => r._id === paidUse)).toMatchObject({
      add_money: 5,
      restorable: false,
      is_delete: false,
    });
    expect(await admin.post(`${BASE}/restore_record`, { id: paidUse })).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: texts.paidOrder,
    });
    expect(await orderRow(app, paid._id)).toMatchObject({ status: 'paied', couponId });
    expect(await liveUses(app, couponId)).toBe(1);
  });

  it(`20 concurrent restores of one use take it back exactly once ${CONCURRENCY}`, async () => {
    const coupon = await created({ traffic: 4 * GiB });
    const user = await signedInUser(app);
    await app.database.query('UPDATE users SET traffic = $2 WHERE id = $1', [user.id, 10 * GiB]);
    await redeem(user.cookie, coupon.code);
    const useId = await useOf(coupon._id, user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post(`${BASE}/restore_record`, { id: useId })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) {
      expect(a).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: texts.alreadyRestored });
    }
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);
    expect(await restoreRecords(user.id)).toHaveLength(1);
    expect(await authTimes(app, coupon._id)).toBe(0);
    expect(await auditOf(app, 'coupon_use', useId)).toHaveLength(1);
  });

  it(`20 concurrent restores of a cash use on an unpaid order release it once ${CONCURRENCY}`, async () => {
    const combo = await product(app, { price: 10 });
    const { id: couponId, code } = await orderCoupon(app, { forMoneyCents: 300, numberOfAuthorizations: 10 });
    const user = await signedInUser(app);
    await deposit(app, user.id, 1000);
    const api = shopApi(app, user.cookie);
    const order = await newOrder(app, user.cookie, combo);
    expect((await api.useCoupon(order._id, code)).code).toBe(0);
    expect((await api.walletCheck(order._id)).code).toBe(0);
    const useId = await useOf(couponId, user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post(`${BASE}/restore_record`, { id: useId })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) {
      expect(a).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: texts.alreadyRestored });
    }
    expect(await orderRow(app, order._id)).toMatchObject({ status: 'topay', couponId: null, walletSpend: 0 });
    expect(await walletCents(app, user.id)).toBe(1000);
    expect(await authTimes(app, couponId)).toBe(0);
    expect(await liveUses(app, couponId)).toBe(0);
    expect(await auditOf(app, 'coupon_use', useId)).toHaveLength(1);
  });

  it('an unknown record is 4004', async () => {
    expect(await admin.post(`${BASE}/restore_record`, { id: 'ffffffffffffffffffffffff' })).toMatchObject({
      code: Codes.NOT_FOUND,
      msg: texts.recordMissing,
    });
  });
});
