// The lottery: the operators' prizes (/api/yunying/prize/*: admin and yunying, audited) and the
// paid users' draws (/api/prize/info, /api/prize/draw), on the real database (PGlite, and
// PostgreSQL with TEST_DATABASE_URL, where the concurrent draws really overlap).
import { randomInt } from 'node:crypto';
import {
  Codes,
  GiB,
  type AdminPrize,
  type ApiResult,
  type BasicStatistics,
  type PrizeDrawResult,
  type PrizeInfo,
} from '@portal/contracts';
import type { PrizeUpdate } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditOf, signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { CONCURRENCY } from '../../../test/concurrency.js';
import { images, uploadedImageUrl } from '../../../test/images.js';
import { newOrder, product, shopApi } from '../../../test/money.js';
import { prizesRepository } from './repository.js';
import { pickByWeight } from './service.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  // Every test starts with no prize in the lottery and a draw costing 1 G.
  await app.database.query('UPDATE prizes SET deleted_at = now() WHERE deleted_at IS NULL');
  await app.settings.set({ prizeBaseCost: 1 });
});

const num = (value: unknown) => Number(value);

function prizeInput(overrides: Partial<PrizeUpdate> = {}): PrizeUpdate {
  return {
    name: '一等奖',
    gainTraffic: 10,
    gainVipTime: 0,
    weight: 1,
    desc: '',
    hasDiscountCoupon: false,
    discountValue: 1,
    discountDuration: 1,
    photoUrl: '',
    ...overrides,
  };
}

async function savePrize(overrides: Partial<PrizeUpdate> = {}, by: Admin = admin): Promise<AdminPrize> {
  const { code, data, msg } = await by.post<AdminPrize>('/api/yunying/prize/update', prizeInput(overrides));
  if (code !== 0) throw new Error(`prize/update: ${code} ${msg}`);
  return data;
}

const prizeRow = async (id: string) =>
  (await app.database.query<Record<string, unknown>>('SELECT * FROM prizes WHERE id = $1', [id]))[0]!;

interface Player {
  id: string;
  cookie: string;
  info: () => Promise<ApiResult<PrizeInfo>>;
  draw: () => Promise<ApiResult<PrizeDrawResult>>;
}

/** A signed-in user (paid unless told otherwise) with `permanentBytes` of permanent traffic. */
async function player(permanentBytes = 0, paidUser = true): Promise<Player> {
  const { id, cookie } = await signedInUser(app, { paidUser });
  if (permanentBytes > 0) {
    await app.db.transaction((tx) =>
      app.traffic.credit(tx, { userId: id, bytes: permanentBytes, type: 'buy', desc: '测试购买' }),
    );
  }
  const post = async <T>(url: string) => (await call<T>(app, url, {}, { cookie })).result;
  return {
    id,
    cookie,
    info: () => post<PrizeInfo>('/api/prize/info'),
    draw: () => post<PrizeDrawResult>('/api/prize/draw'),
  };
}

async function totals(userId: string) {
  const [row] = await app.database.query<Record<string, unknown>>(
    'SELECT traffic, spend_traffic, vip_expire_time FROM users WHERE id = $1',
    [userId],
  );
  return {
    traffic: num(row!.traffic),
    spend: num(row!.spend_traffic),
    vip: row!.vip_expire_time === null ? null : new Date(row!.vip_expire_time as string),
  };
}

const ownedCoupons = async (userId: string) =>
  num(
    (await app.database.query<{ n: unknown }>('SELECT count(*) AS n FROM coupons WHERE owner_id = $1', [userId]))[0]!.n,
  );

async function records(userId: string) {
  const rows = await app.database.query<{ type: string; change: unknown; all_traffic: unknown; desc: string }>(
    'SELECT type, traffic_change AS change, all_traffic, "desc" FROM traffic_records WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((r) => ({ type: r.type, change: num(r.change), allTraffic: num(r.all_traffic), desc: r.desc }));
}

async function draws(userId: string) {
  return app.database.query<Record<string, unknown>>('SELECT * FROM prize_draws WHERE user_id = $1', [userId]);
}

describe('pickByWeight', () => {
  it('gives every prize exactly its weight among all possible rolls; weight 0 never', () => {
    const prizes = [
      { name: 'a', weight: 3 },
      { name: 'never', weight: 0 },
      { name: 'b', weight: 1 },
      { name: 'c', weight: 6 },
    ];
    const won = new Map<string, number>();
    for (let roll = 0; roll < 10; roll++) {
      const { name } = pickByWeight(prizes, () => roll);
      won.set(name, (won.get(name) ?? 0) + 1);
    }
    expect(Object.fromEntries(won)).toEqual({ a: 3, b: 1, c: 6 });
  });

  it('with crypto randomness the shares follow the weights (20 000 picks, within 5 standard deviations)', () => {
    const prizes = [
      { name: 'small', weight: 1 },
      { name: 'zero', weight: 0 },
      { name: 'large', weight: 3 },
    ];
    const n = 20_000;
    let large = 0;
    for (let i = 0; i < n; i++) {
      const { name } = pickByWeight(prizes, (max) => randomInt(max));
      expect(name).not.toBe('zero');
      if (name === 'large') large += 1;
    }
    const sd = Math.sqrt(n * 0.75 * 0.25);
    expect(Math.abs(large - n * 0.75)).toBeLessThan(5 * sd);
  });
});

describe('/api/yunying/prize (operations)', () => {
  it('creates with the dialog’s fields (traffic G → bytes, decimals too), lists, updates; each write audited', async () => {
    expect((await admin.post<AdminPrize[]>('/api/yunying/prize/list')).data).toEqual([]);
    const created = await savePrize({ name: '二等奖', gainTraffic: 1.5, gainVipTime: 3, weight: 7, desc: '<b>x</b>' });
    expect(created).toMatchObject({
      name: '二等奖',
      gainTraffic: 1.5,
      gainVipTime: 3,
      weight: 7,
      desc: '<b>x</b>',
      hasDiscountCoupon: false,
      photoUrl: '',
    });
    expect(num((await prizeRow(created._id)).gain_traffic)).toBe(1.5 * GiB);
    // A figure that is no whole number of bytes reads back as typed.
    const odd = await savePrize({
      _id: created._id,
      name: '二等奖',
      gainTraffic: 1.3,
      weight: 7,
      desc: '<b>x</b>',
      gainVipTime: 3,
    });
    expect(odd.gainTraffic).toBe(1.3);
    expect(num((await prizeRow(created._id)).gain_traffic)).toBe(Math.round(1.3 * GiB));
    const updated = await savePrize({
      _id: created._id,
      name: '二等奖',
      gainTraffic: 20,
      weight: 2,
      hasDiscountCoupon: true,
      discountValue: 0.3 * 3, // 0.8999999999999999: stored as 0.9
      discountDuration: 7,
    });
    expect(updated).toMatchObject({
      gainTraffic: 20,
      weight: 2,
      hasDiscountCoupon: true,
      discountValue: 0.9,
      discountDuration: 7,
    });
    expect(num((await prizeRow(created._id)).gain_traffic)).toBe(20 * GiB);
    expect((await admin.post<AdminPrize[]>('/api/yunying/prize/list')).data).toEqual([updated]);

    const log = await auditOf(app, 'prize', created._id);
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(log[0]).toMatchObject({ operator_id: admin.id, after: { name: '二等奖', gainTraffic: 1.5 } });
    expect(log[2]!.before).toMatchObject({ gainTraffic: 1.3, weight: 7, hasDiscountCoupon: false });
    expect(log[2]!.after).toMatchObject({ gainTraffic: 20, weight: 2, hasDiscountCoupon: true });
  });

  it('lists prizes in the order they were made, deleted ones left out', async () => {
    const first = await savePrize({ name: '甲' });
    const second = await savePrize({ name: '乙' });
    const third = await savePrize({ name: '丙' });
    expect((await admin.post('/api/yunying/prize/delete', { id: second._id })).code).toBe(0);
    const listed = (await admin.post<AdminPrize[]>('/api/yunying/prize/list')).data;
    expect(listed.map((p) => p._id)).toEqual([first._id, third._id]);
  });

  it('refuses a discount off the 0.1 steps, a coupon of 0, out-of-range figures and unknown fields; nothing saved', async () => {
    const refusals: Array<[Partial<PrizeUpdate> & Record<string, unknown>, string?]> = [
      [{ discountValue: 0.35 }, '折扣须为 0–1 之间 0.1 的整数倍'],
      [{ hasDiscountCoupon: true, discountValue: 0 }, '发放折扣券时折扣不能为 0'],
      [{ discountValue: 1.1 }],
      [{ discountValue: -0.1 }],
      [{ discountDuration: 0 }],
      [{ weight: -1 }],
      [{ weight: 1.5 }],
      [{ gainTraffic: -1 }],
      [{ gainVipTime: 0.5 }],
      [{ name: '' }],
      [{ deletedAt: null }],
      [{ photoUrl: 'https://evil.example/x.png' }, '图片无效'],
    ];
    for (const [overrides, msg] of refusals) {
      const answer = await admin.post('/api/yunying/prize/update', prizeInput(overrides as Partial<PrizeUpdate>));
      expect(answer.code, JSON.stringify(overrides)).toBe(Codes.INVALID_PAYLOAD);
      if (msg !== undefined) expect(answer.msg).toBe(msg);
    }
    // Without a coupon a discount of 0 is only a stored figure.
    expect((await savePrize({ hasDiscountCoupon: false, discountValue: 0 })).discountValue).toBe(0);
    expect((await admin.post<AdminPrize[]>('/api/yunying/prize/list')).data).toHaveLength(1);
  });

  it('takes an image the operator uploaded for prizes; refuses another’s or an avatar; keeps an unchanged one on edit', async () => {
    const photo = await uploadedImageUrl(app, admin.cookie, 'prize', images.webp);
    const prize = await savePrize({ photoUrl: photo });
    expect(prize.photoUrl).toBe(photo);
    // A bare name is the same image.
    expect((await savePrize({ _id: prize._id, photoUrl: photo.split('/').pop()! })).photoUrl).toBe(photo);

    const other = await signedInAdmin(app);
    const othersPhoto = await uploadedImageUrl(app, other.cookie, 'prize');
    const avatar = await uploadedImageUrl(app, admin.cookie, 'avatar');
    for (const photoUrl of [othersPhoto, avatar, '/api/file/downloads/0123456789abcdef0123456789abcdef.png']) {
      const answer = await admin.post('/api/yunying/prize/update', prizeInput({ photoUrl }));
      expect(answer, photoUrl).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: '图片无效' });
    }
    // Another operator edits the prize without touching its image: kept.
    const edited = await savePrize({ _id: prize._id, name: '改名', photoUrl: photo }, other);
    expect(edited).toMatchObject({ name: '改名', photoUrl: photo });
    // And removes it.
    expect((await savePrize({ _id: prize._id, photoUrl: '' }, other)).photoUrl).toBe('');
  });

  it('deletes softly: the prize leaves the list and the lottery, its draws keep what they recorded; audited', async () => {
    const prize = await savePrize({ name: '将被删除', gainTraffic: 2 });
    const user = await player(5 * GiB);
    expect((await user.draw()).code).toBe(0);
    expect(await admin.post('/api/yunying/prize/delete', { id: prize._id })).toMatchObject({ code: 0 });
    expect((await prizeRow(prize._id)).deleted_at).not.toBeNull();
    const info = (await user.info()).data;
    expect(info.prizes).toEqual([]);
    expect(info.draws).toEqual([
      expect.objectContaining({ prizeName: '将被删除', gainTraffic: 2 * GiB, photoUrl: '' }),
    ]);
    expect((await user.draw()).code).toBe(Codes.PRIZE_UNAVAILABLE);
    const log = await auditOf(app, 'prize', prize._id);
    expect(log.at(-1)).toMatchObject({ action: 'delete', before: { name: '将被删除' }, after: null });
  });

  it('answers 4004 for an unknown or deleted prize (update and delete)', async () => {
    const prize = await savePrize();
    await admin.post('/api/yunying/prize/delete', { id: prize._id });
    expect((await admin.post('/api/yunying/prize/delete', { id: prize._id })).code).toBe(Codes.NOT_FOUND);
    expect((await admin.post('/api/yunying/prize/update', prizeInput({ _id: prize._id }))).code).toBe(Codes.NOT_FOUND);
    expect((await admin.post('/api/yunying/prize/delete', { id: 'f'.repeat(24) })).code).toBe(Codes.NOT_FOUND);
  });

  it('is open to yunying (audited with their name); normal, channel and anonymous callers are refused and change nothing', async () => {
    const ops = await signedInUser(app, { type: 'yunying' });
    const opsPost = async <T>(url: string, payload: object = {}) =>
      (await call<T>(app, url, payload, { cookie: ops.cookie })).result;
    const photo = await uploadedImageUrl(app, ops.cookie, 'prize');
    const created = await opsPost<AdminPrize>(
      '/api/yunying/prize/update',
      prizeInput({ name: '运营奖', photoUrl: photo }),
    );
    expect(created).toMatchObject({ code: 0, data: { name: '运营奖', photoUrl: photo } });
    expect((await opsPost<AdminPrize[]>('/api/yunying/prize/list')).data.map((p) => p.name)).toEqual(['运营奖']);
    expect((await auditOf(app, 'prize', created.data._id))[0]).toMatchObject({
      operator_id: ops.id,
      operator_email: ops.email,
      action: 'create',
    });
    // Operations staff stop at the operations calls.
    expect((await opsPost('/api/admin/users/userlist', { number: 100, filterStr: '' })).code).toBe(Codes.FORBIDDEN);

    const before = await app.database.query('SELECT * FROM prizes ORDER BY id');
    for (const type of ['normal', 'channel', undefined] as const) {
      const cookie = type === undefined ? undefined : (await signedInUser(app, { type })).cookie;
      for (const [url, payload] of [
        ['/api/yunying/prize/list', {}],
        ['/api/yunying/prize/update', prizeInput({ _id: created.data._id, name: '被拒绝' })],
        ['/api/yunying/prize/update', prizeInput({ name: '被拒绝' })],
        ['/api/yunying/prize/delete', { id: created.data._id }],
      ] as const) {
        const { status, result } = await call(app, url, payload, cookie === undefined ? {} : { cookie });
        expect(result.code, `${type ?? 'anonymous'} ${url}`).toBe(
          type === undefined ? Codes.SESSION_EXPIRED : Codes.FORBIDDEN,
        );
        expect(status).toBe(type === undefined ? 401 : 403);
      }
    }
    expect(await app.database.query('SELECT * FROM prizes ORDER BY id')).toEqual(before);
  });
});

describe('/api/prize/info', () => {
  it('lists the prizes that can be won with their chances (weight / Σ weight), the cost and the user’s traffic', async () => {
    const photo = await uploadedImageUrl(app, admin.cookie, 'prize');
    const big = await savePrize({ name: '大奖', gainTraffic: 100, weight: 1, photoUrl: photo, desc: '最高奖' });
    const small = await savePrize({
      name: '小奖',
      gainTraffic: 0.5,
      gainVipTime: 2,
      weight: 3,
      hasDiscountCoupon: true,
      discountValue: 0.8,
      discountDuration: 5,
    });
    await savePrize({ name: '不会中', weight: 0 });
    await app.settings.set({ prizeBaseCost: 2.5 });
    const user = await player(7 * GiB);
    const { code, data } = await user.info();
    expect(code).toBe(0);
    expect(data).toEqual({
      cost: 2.5 * GiB,
      permanentTraffic: 7 * GiB,
      paidUser: true,
      prizes: [
        {
          _id: big._id,
          name: '大奖',
          desc: '最高奖',
          photoUrl: photo,
          gainTraffic: 100 * GiB,
          gainVipTime: 0,
          hasDiscountCoupon: false,
          discountValue: 1,
          discountDuration: 1,
          probability: 0.25,
        },
        {
          _id: small._id,
          name: '小奖',
          desc: '',
          photoUrl: '',
          gainTraffic: 0.5 * GiB,
          gainVipTime: 2,
          hasDiscountCoupon: true,
          discountValue: 0.8,
          discountDuration: 5,
          probability: 0.75,
        },
      ],
      draws: [],
    });
  });

  it('answers an unpaid user too (paidUser false, so the page can say why it cannot draw); refuses anonymous callers', async () => {
    await savePrize();
    const user = await player(3 * GiB, false);
    expect((await user.info()).data).toMatchObject({ paidUser: false, permanentTraffic: 3 * GiB });
    for (const url of ['/api/prize/info', '/api/prize/draw']) {
      const { status, result } = await call(app, url, {});
      expect(result.code, url).toBe(Codes.SESSION_EXPIRED);
      expect(status).toBe(401);
    }
  });

  it('counts time-limited trial traffic out of the permanent traffic', async () => {
    const user = await player(2 * GiB);
    await app.db.transaction((tx) =>
      app.traffic.credit(tx, {
        userId: user.id,
        bytes: 5 * GiB,
        type: 'coupon',
        desc: '限时体验',
        grant: { expiresAt: new Date(Date.now() + 3_600_000), source: 'coupon', sourceId: 'trial' },
      }),
    );
    expect((await user.info()).data.permanentTraffic).toBe(2 * GiB);
  });
});

describe('/api/prize/draw', () => {
  it('spends the cost, grants the prize’s traffic and VIP days through the ledger, and records the draw', async () => {
    const prize = await savePrize({ name: '会员奖', gainTraffic: 10, gainVipTime: 3, weight: 1 });
    const user = await player(5 * GiB);
    const before = await totals(user.id);
    const started = Date.now();
    const { code, data } = await user.draw();
    expect(code).toBe(0);
    expect(data.draw).toMatchObject({
      prizeName: '会员奖',
      cost: GiB,
      gainTraffic: 10 * GiB,
      gainVipTime: 3,
      coupon: null,
    });
    expect(data.permanentTraffic).toBe(14 * GiB);
    const after = await totals(user.id);
    expect(after.traffic - before.traffic).toBe(9 * GiB);
    expect(after.vip!.getTime()).toBeGreaterThanOrEqual(started + 3 * 86_400_000 - 1000);
    expect(after.vip!.getTime()).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000 + 1000);
    expect((await records(user.id)).slice(1)).toEqual([
      { type: 'prize_spend', change: -GiB, allTraffic: 4 * GiB, desc: '抽奖消耗（抽中「会员奖」）' },
      { type: 'prize_reward', change: 10 * GiB, allTraffic: 14 * GiB, desc: '抽奖获得「会员奖」，会员时长 +3 天' },
    ]);
    const [row] = await draws(user.id);
    expect(row).toMatchObject({ prize_id: prize._id, prize_name: '会员奖', coupon_id: null, gain_vip_days: 3 });
    expect(num(row!.cost)).toBe(GiB);
    expect((await user.info()).data.draws).toEqual([data.draw]);
  });

  it('a prize with a discount coupon issues it to the winner only: 1 use, valid for its days; nobody else can use it', async () => {
    await savePrize({
      name: '折扣奖',
      gainTraffic: 0,
      hasDiscountCoupon: true,
      discountValue: 0.8,
      discountDuration: 7,
    });
    const winner = await player(GiB);
    const at = Date.now();
    const { code, data } = await winner.draw();
    expect(code).toBe(0);
    const coupon = data.draw.coupon!;
    expect(coupon.code).toMatch(/^[A-Z]{6}$/);
    expect(coupon.discount).toBe(0.8);
    expect(new Date(coupon.expireTime).getTime()).toBeGreaterThanOrEqual(at + 7 * 86_400_000 - 1000);
    expect(new Date(coupon.expireTime).getTime()).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 1000);
    const [row] = await app.database.query<Record<string, unknown>>('SELECT * FROM coupons WHERE code = $1', [
      coupon.code,
    ]);
    expect(row).toMatchObject({
      type: 'discount',
      owner_id: winner.id,
      use_num_per_user: 1,
      number_of_authorizations: 1,
      auth_times: 0,
      name: '抽奖奖品「折扣奖」折扣券',
    });
    expect((await records(winner.id)).at(-1)).toMatchObject({
      type: 'prize_reward',
      change: 0,
      desc: '抽奖获得「折扣奖」，80%折扣券',
    });

    // Someone else cannot use it (it does not exist for them), the winner can, once.
    const pack = await product(app, { name: '十元', price: 10 });
    const stranger = await signedInUser(app);
    const strangersOrder = await newOrder(app, stranger.cookie, pack);
    expect(await shopApi(app, stranger.cookie).useCoupon(strangersOrder._id, coupon.code)).toMatchObject({
      code: Codes.COUPON_NOT_FOUND,
      msg: '优惠券错误',
    });
    expect(
      num(
        (
          await app.database.query<{ n: unknown }>('SELECT auth_times AS n FROM coupons WHERE code = $1', [coupon.code])
        )[0]!.n,
      ),
    ).toBe(0);
    const order = await newOrder(app, winner.cookie, pack);
    expect(await shopApi(app, winner.cookie).useCoupon(order._id, coupon.code)).toMatchObject({
      code: 0,
      data: { coupon_discount: 2, pay_money: 8 },
    });
    const again = await newOrder(app, winner.cookie, pack);
    expect((await shopApi(app, winner.cookie).useCoupon(again._id, coupon.code)).code).toBe(Codes.COUPON_USED);
    // Nor can it be redeemed as a trial coupon by anyone else.
    expect(
      (await call(app, '/api/coupon/redeem_coupon', { code: coupon.code }, { cookie: stranger.cookie })).result.code,
    ).toBe(Codes.COUPON_NOT_FOUND);
  });

  it('a draw cut short after its coupon was issued leaves nothing behind: no spend, no reward, no coupon', async () => {
    await savePrize({
      name: '折扣奖',
      gainTraffic: 0,
      hasDiscountCoupon: true,
      discountValue: 0.8,
      discountDuration: 7,
    });
    const user = await player(GiB);
    const couponsBefore = await ownedCoupons(user.id);
    // The draw's last write fails (as a lost connection or a crash would cut it): the coupon was
    // issued by then, in the same transaction, so it goes with the rest.
    const failing = vi.spyOn(prizesRepository, 'insertDraw').mockRejectedValueOnce(new Error('cut short'));
    try {
      expect((await user.draw()).code).toBe(Codes.INTERNAL);
    } finally {
      failing.mockRestore();
    }
    expect(await ownedCoupons(user.id)).toBe(couponsBefore);
    expect(await totals(user.id)).toMatchObject({ traffic: GiB, spend: 0 });
    expect((await records(user.id)).map((r) => r.type)).toEqual(['buy']);
  });

  it('refuses an unpaid user (1109) and spends nothing', async () => {
    await savePrize();
    const user = await player(5 * GiB, false);
    const before = await records(user.id);
    expect(await user.draw()).toMatchObject({ code: Codes.PRIZE_PAID_ONLY, msg: '付费用户才能参与抽奖' });
    expect(await records(user.id)).toEqual(before);
    expect(await draws(user.id)).toEqual([]);
  });

  it('refuses when the permanent traffic is short of the cost (1110); trial traffic does not count; nothing spent', async () => {
    await savePrize();
    await app.settings.set({ prizeBaseCost: 2 });
    const user = await player(2 * GiB - 1);
    await app.db.transaction((tx) =>
      app.traffic.credit(tx, {
        userId: user.id,
        bytes: 10 * GiB,
        type: 'coupon',
        desc: '限时体验',
        grant: { expiresAt: new Date(Date.now() + 3_600_000), source: 'coupon', sourceId: 'trial-2' },
      }),
    );
    const before = await totals(user.id);
    expect(await user.draw()).toMatchObject({ code: Codes.PRIZE_NOT_ENOUGH_TRAFFIC, msg: '剩余永久流量不足' });
    expect(await totals(user.id)).toEqual(before);
    expect((await records(user.id)).map((r) => r.type)).toEqual(['buy', 'coupon']);
    expect(await draws(user.id)).toEqual([]);
  });

  it('refuses when no prize can be won (none, or every weight 0) with 1111, and spends nothing', async () => {
    const user = await player(5 * GiB);
    expect(await user.draw()).toMatchObject({ code: Codes.PRIZE_UNAVAILABLE, msg: '暂无可抽取的奖品' });
    await savePrize({ weight: 0 });
    await savePrize({ weight: 0 });
    expect((await user.draw()).code).toBe(Codes.PRIZE_UNAVAILABLE);
    expect((await records(user.id)).map((r) => r.type)).toEqual(['buy']);
    expect(await draws(user.id)).toEqual([]);
  });

  it('never draws a prize of weight 0 (40 draws)', async () => {
    await savePrize({ name: '零权重', weight: 0, gainTraffic: 1000 });
    await savePrize({ name: '谢谢参与', weight: 5, gainTraffic: 0 });
    await savePrize({ name: '小奖', weight: 1, gainTraffic: 0.1 });
    await app.settings.set({ prizeBaseCost: 0.01 });
    const user = await player(GiB);
    for (let i = 0; i < 40; i++) expect((await user.draw()).code).toBe(0);
    const names = (await draws(user.id)).map((d) => d.prize_name);
    expect(names).toHaveLength(40);
    expect(names).not.toContain('零权重');
  });

  it('a prize of nothing writes the spend only; with prizeBaseCost 0 (free, unlimited draws) the lottery is closed', async () => {
    await savePrize({ name: '谢谢参与', gainTraffic: 0 });
    const user = await player(GiB);
    expect((await user.draw()).code).toBe(0);
    await app.settings.set({ prizeBaseCost: 0 });
    expect((await user.draw()).code).toBe(Codes.PRIZE_UNAVAILABLE);
    expect((await records(user.id)).map((r) => [r.type, r.change])).toEqual([
      ['buy', GiB],
      ['prize_spend', -GiB],
    ]);
  });

  it(`20 concurrent draws by a user who can afford 7: exactly 7 succeed; the ledger adds up ${CONCURRENCY}`, async () => {
    await savePrize({ name: '一半', gainTraffic: 0.5, weight: 1 });
    await savePrize({ name: '什么都没有', gainTraffic: 0, weight: 1 });
    await app.settings.set({ prizeBaseCost: 2 });
    const user = await player(14 * GiB + 123);
    const before = await totals(user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => user.draw()));
    const codes = answers.map((a) => a.code);
    // Winnings are permanent traffic too: each half-G prize may pay for part of a later draw.
    const made = await draws(user.id);
    const won = made.reduce((sum, d) => sum + num(d.gain_traffic), 0);
    const affordable = Math.floor((14 * GiB + 123 + won) / (2 * GiB));
    expect(codes.filter((c) => c === 0)).toHaveLength(made.length);
    expect(codes.filter((c) => c !== 0).every((c) => c === Codes.PRIZE_NOT_ENOUGH_TRAFFIC)).toBe(true);
    expect(made.length).toBeGreaterThanOrEqual(7);
    expect(made.length).toBe(Math.min(20, affordable));
    const after = await totals(user.id);
    expect(after.traffic).toBe(before.traffic - made.length * 2 * GiB + won);
    expect(after.traffic - after.spend).toBeGreaterThanOrEqual(0);
    expect(after.traffic - after.spend).toBeLessThan(2 * GiB);
    const ledger = await records(user.id);
    expect(ledger.reduce((sum, r) => sum + r.change, 0)).toBe(after.traffic);
    expect(ledger.filter((r) => r.type === 'prize_spend')).toHaveLength(made.length);
    expect(ledger.at(-1)!.allTraffic).toBe(after.traffic);
  });

  it(`20 concurrent draws with nothing to win back: exactly the 7 affordable succeed ${CONCURRENCY}`, async () => {
    await savePrize({ name: '谢谢参与', gainTraffic: 0, gainVipTime: 1 });
    const user = await player(7 * GiB + 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => user.draw()));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(7);
    expect(answers.filter((a) => a.code === Codes.PRIZE_NOT_ENOUGH_TRAFFIC)).toHaveLength(13);
    expect((await totals(user.id)).traffic).toBe(5);
    expect(await draws(user.id)).toHaveLength(7);
    const ledger = await records(user.id);
    expect(ledger.reduce((sum, r) => sum + r.change, 0)).toBe(5);
  });

  it('feeds the statistics: lottery figures equal the sums recomputed from the draws', async () => {
    await savePrize({ name: '一G', gainTraffic: 1, weight: 1 });
    await savePrize({ name: '空', gainTraffic: 0, weight: 1 });
    await app.settings.set({ prizeBaseCost: 0.5 });
    const users = await Promise.all([player(3 * GiB), player(3 * GiB)]);
    for (const u of users) for (let i = 0; i < 4; i++) expect((await u.draw()).code).toBe(0);
    const today = app.traffic.today();
    const [sums] = await app.database.query<Record<string, unknown>>(
      `SELECT count(*) AS spend_num, coalesce(sum(cost), 0) AS spend,
              count(*) FILTER (WHERE gain_traffic > 0 OR gain_vip_days > 0 OR coupon_id IS NOT NULL) AS reward_num,
              coalesce(sum(gain_traffic), 0) AS reward
         FROM prize_draws WHERE day = $1`,
      [today],
    );
    const stats = await admin.post<BasicStatistics>('/api/admin/users/basic_stastic', { num: 1 });
    expect(stats.data.stastic_list[0]).toMatchObject({
      day: today,
      lotterySpendNum: num(sums!.spend_num),
      lotterySpendTraffic: num(sums!.spend),
      lotteryRewardNum: num(sums!.reward_num),
      lotteryRewardTraffic: num(sums!.reward),
    });
    expect(num(sums!.spend_num)).toBeGreaterThanOrEqual(8);
  });
});
