import { Codes, GiB, type RedeemCouponAnswer } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { randomHex } from '../../lib/random.js';
import type { NewCouponInput } from './service.js';
import { CONCURRENCY } from '../../../test/concurrency.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

async function coupon(input: Partial<NewCouponInput> = {}): Promise<{ id: string; code: string }> {
  const code = input.code ?? `C${randomHex(6).toUpperCase()}`;
  const { created, id } = await app.coupons.create({
    name: '体验券',
    type: 'freeUse',
    traffic: 8 * GiB,
    useNumPerUser: 1,
    numberOfAuthorizations: 100,
    ...input,
    code,
  });
  expect(created).toBe(true);
  return { id, code };
}

const redeem = (cookie: string, code: string) =>
  call<RedeemCouponAnswer>(app, '/api/coupon/redeem_coupon', { code }, { cookie });

const userRow = async (id: string) =>
  (
    await app.database.query<{ traffic: string | number; vip: string | null }>(
      'SELECT traffic, vip_expire_time::text AS vip FROM users WHERE id = $1',
      [id],
    )
  )[0]!;
const authTimes = async (id: string) =>
  Number((await app.database.query<{ n: number }>('SELECT auth_times AS n FROM coupons WHERE id = $1', [id]))[0]!.n);
const usesOf = async (couponId: string) =>
  app.database.query('SELECT user_id FROM coupon_uses WHERE coupon_id = $1', [couponId]);

describe('redeem_coupon', () => {
  it('freeUse adds its traffic and writes a coupon traffic record and a use record', async () => {
    const user = await signedInUser(app);
    const { id, code } = await coupon({ name: '新用户体验券', traffic: 8 * GiB });
    const { result } = await redeem(user.cookie, `  ${code} `);
    expect(result).toEqual({
      code: 0,
      msg: 'ok',
      data: { name: '新用户体验券', traffic: 8 * GiB, day: 0, type: 'freeUse' },
    });
    expect(Number((await userRow(user.id)).traffic)).toBe(8 * GiB);
    expect(await authTimes(id)).toBe(1);

    const records = await app.database.query<Record<string, unknown>>(
      'SELECT type, "desc", traffic_change::text AS change, all_traffic::text AS all_traffic, all_spend::text AS all_spend, day::text AS day FROM traffic_records WHERE user_id = $1',
      [user.id],
    );
    expect(records).toEqual([
      {
        type: 'coupon',
        desc: '兑换体验券「新用户体验券」',
        change: String(8 * GiB),
        all_traffic: String(8 * GiB),
        all_spend: '0',
        day: app.traffic.today(),
      },
    ]);
    const uses = await app.database.query<Record<string, unknown>>(
      'SELECT code, type, add_traffic::text AS add_traffic, add_day FROM coupon_uses WHERE user_id = $1',
      [user.id],
    );
    expect(uses).toEqual([{ code, type: 'freeUse', add_traffic: String(8 * GiB), add_day: 0 }]);
    // Not time-limited: nothing to take back later.
    expect(await app.database.query('SELECT id FROM traffic_grants WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('records time-limited traffic with its expiry so that it can be taken back', async () => {
    const user = await signedInUser(app);
    const { code } = await coupon({ traffic: GiB, traffixHaveLimitTime: true, traffixLimitTime: 48 });
    const before = Date.now();
    expect((await redeem(user.cookie, code)).result.code).toBe(0);
    const [grant] = await app.database.query<{ bytes: string | number; source: string; expires: string }>(
      'SELECT bytes, source, expires_at::text AS expires FROM traffic_grants WHERE user_id = $1',
      [user.id],
    );
    expect(Number(grant!.bytes)).toBe(GiB);
    expect(grant!.source).toBe('coupon');
    const expires = new Date(grant!.expires).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3600_000 + 1000);
  });

  it('freeTime adds VIP days from now, or from a later current expiry', async () => {
    const fresh = await signedInUser(app);
    const { code } = await coupon({ name: '七天体验', type: 'freeTime', traffic: 0, vipDay: 7, useNumPerUser: 5 });
    const before = Date.now();
    expect((await redeem(fresh.cookie, code)).result.data).toEqual({
      name: '七天体验',
      traffic: 0,
      day: 7,
      type: 'freeTime',
    });
    const first = new Date((await userRow(fresh.id)).vip!).getTime();
    expect(first).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);
    expect(first).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 1000);

    // A second one stacks on the current expiry.
    expect((await redeem(fresh.cookie, code)).result.code).toBe(0);
    expect(new Date((await userRow(fresh.id)).vip!).getTime()).toBe(first + 7 * 86_400_000);

    // An expiry in the past counts from now.
    const lapsed = await signedInUser(app);
    await app.database.query("UPDATE users SET vip_expire_time = now() - interval '30 days' WHERE id = $1", [
      lapsed.id,
    ]);
    const beforeLapsed = Date.now();
    await redeem(lapsed.cookie, code);
    expect(new Date((await userRow(lapsed.id)).vip!).getTime()).toBeGreaterThanOrEqual(
      beforeLapsed + 7 * 86_400_000 - 1000,
    );
    const [record] = await app.database.query<{ type: string; desc: string }>(
      'SELECT type, "desc" FROM traffic_records WHERE user_id = $1',
      [lapsed.id],
    );
    expect(record).toEqual({ type: 'coupon', desc: '兑换体验券「七天体验」，会员时长 +7 天' });
  });

  it('answers each refusal with its code and message, changing nothing', async () => {
    const user = await signedInUser(app);
    const cash = await coupon({ type: 'cash', traffic: 0, forMoneyCents: 500 });
    const discount = await coupon({ type: 'discount', traffic: 0, discount: 0.8 });
    const expired = await coupon({ expireTime: new Date(Date.now() - 1000) });
    const exhausted = await coupon({ numberOfAuthorizations: 0 });
    const once = await coupon();
    await redeem(user.cookie, once.code);

    const cases: Array<[string, number, string]> = [
      ['NO-SUCH-CODE', Codes.COUPON_NOT_FOUND, '体验券不存在'],
      // Cash and discount codes answer like unknown ones: redeem does not tell which codes are worth money.
      [cash.code, Codes.COUPON_NOT_FOUND, '体验券不存在'],
      [discount.code, Codes.COUPON_NOT_FOUND, '体验券不存在'],
      [expired.code, Codes.COUPON_EXPIRED, '体验券过期'],
      [exhausted.code, Codes.COUPON_EXHAUSTED, '抱歉，该体验券已抢兑完毕'],
      [once.code, Codes.COUPON_USED, '该体验券已经兑换过'],
    ];
    for (const [code, expected, msg] of cases) {
      const { status, result } = await redeem(user.cookie, code);
      expect(status, code).toBe(200);
      expect(result, code).toMatchObject({ code: expected, msg });
    }
    expect(Number((await userRow(user.id)).traffic)).toBe(8 * GiB);
    for (const c of [cash, discount, expired, exhausted]) expect(await authTimes(c.id)).toBe(0);
    expect(await authTimes(once.id)).toBe(1);
    expect(
      await app.database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'coupon'", [user.id]),
    ).toHaveLength(1);
  });

  it('validates the payload', async () => {
    const user = await signedInUser(app);
    expect((await call(app, '/api/coupon/redeem_coupon', {}, { cookie: user.cookie })).result.code).toBe(
      Codes.INVALID_PAYLOAD,
    );
    expect(
      (await call(app, '/api/coupon/redeem_coupon', { code: 'x'.repeat(65) }, { cookie: user.cookie })).result.code,
    ).toBe(Codes.INVALID_PAYLOAD);
  });
});

describe(`redeem_coupon under concurrency ${CONCURRENCY}`, () => {
  it('a coupon with 5 uses redeemed by 20 users at once: exactly 5 succeed, authTimes = 5', async () => {
    const { id, code } = await coupon({ numberOfAuthorizations: 5, traffic: GiB });
    const users = await Promise.all(Array.from({ length: 20 }, () => signedInUser(app)));
    const results = await Promise.all(users.map((u) => redeem(u.cookie, code)));
    const codes = results.map((r) => r.result.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === Codes.COUPON_EXHAUSTED)).toHaveLength(15);
    expect(await authTimes(id)).toBe(5);
    expect(await usesOf(id)).toHaveLength(5);
    const credited = await app.database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM users WHERE id = ANY($1) AND traffic = ${GiB}`,
      [users.map((u) => u.id)],
    );
    expect(Number(credited[0]!.n)).toBe(5);
  });

  it('one user redeeming a coupon with a per-user limit of 2 ten times at once: exactly 2 succeed', async () => {
    const { id, code } = await coupon({ useNumPerUser: 2, numberOfAuthorizations: 100, traffic: GiB });
    const user = await signedInUser(app);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(user.cookie, code)));
    const codes = results.map((r) => r.result.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(2);
    expect(codes.filter((c) => c === Codes.COUPON_USED)).toHaveLength(8);
    expect(await authTimes(id)).toBe(2);
    expect(Number((await userRow(user.id)).traffic)).toBe(2 * GiB);
    expect(
      await app.database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'coupon'", [user.id]),
    ).toHaveLength(2);
  });

  it('both limits at once: 4 users × 4 attempts, per-user 2, total 5 → 5 uses, none above 2 per user', async () => {
    const { id, code } = await coupon({ useNumPerUser: 2, numberOfAuthorizations: 5, traffic: GiB });
    const users = await Promise.all(Array.from({ length: 4 }, () => signedInUser(app)));
    await Promise.all(users.flatMap((u) => Array.from({ length: 4 }, () => redeem(u.cookie, code))));
    expect(await authTimes(id)).toBe(5);
    const perUser = await app.database.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM coupon_uses WHERE coupon_id = $1 GROUP BY user_id',
      [id],
    );
    expect(perUser.reduce((sum, row) => sum + Number(row.n), 0)).toBe(5);
    for (const row of perUser) expect(Number(row.n)).toBeLessThanOrEqual(2);
  });
});
