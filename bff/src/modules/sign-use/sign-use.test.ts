import { Codes, MiB, type SignUseInfo, type SignUseResult, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { CONCURRENCY } from '../../../test/concurrency.js';

let app: FastifyInstance;
const TZ = 'Asia/Shanghai';

beforeAll(async () => {
  app = await buildTestApp({ env: { SERVICE_TIMEZONE: TZ } });
});

afterAll(async () => {
  await app.close();
});

const signUse = (cookie: string) => call<SignUseResult>(app, '/api/user/sign_use', {}, { cookie });
const userInfo = async (cookie: string) =>
  (await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie })).result.data;
const trafficOf = async (id: string) =>
  Number(
    (await app.database.query<{ t: string | number }>('SELECT traffic AS t FROM users WHERE id = $1', [id]))[0]!.t,
  );
const today = () => serviceDay(new Date(), TZ);

/** Sign-ins on the `days` days before today, with the streak values a real run would have left. */
async function pastStreak(userId: string, days: number, continueDay = 30) {
  for (let back = days; back >= 1; back -= 1) {
    const streak = (days - back + 1) % continueDay;
    await app.database.query('INSERT INTO sign_ins (user_id, day, streak, add_traffic) VALUES ($1, $2, $3, 0)', [
      userId,
      addDays(today(), -back),
      streak,
    ]);
  }
}

describe('service day', () => {
  it('is the date in the service time zone, not in UTC', () => {
    expect(serviceDay(new Date('2024-01-01T15:59:59Z'), 'Asia/Shanghai')).toBe('2024-01-01');
    expect(serviceDay(new Date('2024-01-01T16:00:00Z'), 'Asia/Shanghai')).toBe('2024-01-02');
    expect(serviceDay(new Date('2024-01-01T16:00:00Z'), 'UTC')).toBe('2024-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });
});

describe('sign_use_info and sign_use', () => {
  it('refuse free users with a clear message, and give them nothing', async () => {
    const free = await signedInUser(app, { paidUser: false });
    for (const path of ['/api/user/sign_use_info', '/api/user/sign_use']) {
      const { status, result } = await call(app, path, {}, { cookie: free.cookie });
      expect(status).toBe(200);
      expect(result).toMatchObject({ code: Codes.SIGN_USE_PAID_ONLY, msg: '付费用户才能领取每日福利' });
    }
    expect(await trafficOf(free.id)).toBe(0);
    expect(await app.database.query('SELECT * FROM sign_ins WHERE user_id = $1', [free.id])).toEqual([]);
  });

  it('sign_use_info answers the reward settings', async () => {
    const paid = await signedInUser(app, { paidUser: true });
    const { result } = await call<SignUseInfo>(app, '/api/user/sign_use_info', {}, { cookie: paid.cookie });
    expect(result.data).toEqual({ continueSignUseDay: 30, signUseRewardTraffic: 200, continueSignReward: 1024 });
  });

  it('rewards a paid user once a day, records it, and shows it in user info', async () => {
    const paid = await signedInUser(app, { paidUser: true });
    const first = await signUse(paid.cookie);
    expect(first.result).toEqual({
      code: 0,
      msg: 'ok',
      data: { addTraffic: 200 * MiB, haveContinueSignUseData: 1, extraReward: false },
    });
    expect(await trafficOf(paid.id)).toBe(200 * MiB);
    const [record] = await app.database.query<{ type: string; change: string; day: string }>(
      'SELECT type, traffic_change::text AS change, day::text AS day FROM traffic_records WHERE user_id = $1',
      [paid.id],
    );
    expect(record).toEqual({ type: 'sign_use', change: String(200 * MiB), day: today() });

    const again = await signUse(paid.cookie);
    expect(again.result).toMatchObject({ code: Codes.SIGN_USE_DONE_TODAY, msg: '今天已经签到过了' });
    expect(await trafficOf(paid.id)).toBe(200 * MiB);

    expect(await userInfo(paid.cookie)).toMatchObject({
      signUseToday: true,
      haveContinueSignUseData: 1,
      signUseRewardInfo: { continueSignReward: 1024 },
    });
  });

  it(`gives exactly one reward to ten concurrent sign-ins ${CONCURRENCY}`, async () => {
    const paid = await signedInUser(app, { paidUser: true });
    const results = await Promise.all(Array.from({ length: 10 }, () => signUse(paid.cookie)));
    const codes = results.map((r) => r.result.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === Codes.SIGN_USE_DONE_TODAY)).toHaveLength(9);
    expect(await trafficOf(paid.id)).toBe(200 * MiB);
    expect(
      await app.database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'sign_use'", [paid.id]),
    ).toHaveLength(1);
  });

  it('continues a streak from yesterday, and restarts it after a missed day', async () => {
    const steady = await signedInUser(app, { paidUser: true });
    await pastStreak(steady.id, 5);
    expect(await userInfo(steady.cookie)).toMatchObject({ haveContinueSignUseData: 5, signUseToday: false });
    expect((await signUse(steady.cookie)).result.data).toEqual({
      addTraffic: 200 * MiB,
      haveContinueSignUseData: 6,
      extraReward: false,
    });

    const lapsed = await signedInUser(app, { paidUser: true });
    await app.database.query('INSERT INTO sign_ins (user_id, day, streak, add_traffic) VALUES ($1, $2, 9, 0)', [
      lapsed.id,
      addDays(today(), -2),
    ]);
    expect((await userInfo(lapsed.cookie)).haveContinueSignUseData).toBe(0);
    expect((await signUse(lapsed.cookie)).result.data.haveContinueSignUseData).toBe(1);
  });

  it('pays the streak bonus on the continueSignUseDay-th day and resets the streak to 0', async () => {
    const loyal = await signedInUser(app, { paidUser: true });
    await pastStreak(loyal.id, 29);
    const { result } = await signUse(loyal.cookie);
    expect(result.data).toEqual({ addTraffic: (200 + 1024) * MiB, haveContinueSignUseData: 0, extraReward: true });
    expect(await trafficOf(loyal.id)).toBe((200 + 1024) * MiB);
    expect(await userInfo(loyal.cookie)).toMatchObject({ haveContinueSignUseData: 0, signUseToday: true });
  });

  it('follows the configured rewards', async () => {
    await app.settings.set({ signUseRewardTraffic: 50, continueSignUseDay: 2, continueSignReward: 100 });
    try {
      const paid = await signedInUser(app, { paidUser: true });
      await pastStreak(paid.id, 1, 2);
      expect((await signUse(paid.cookie)).result.data).toEqual({
        addTraffic: 150 * MiB,
        haveContinueSignUseData: 0,
        extraReward: true,
      });
    } finally {
      await app.settings.set({ signUseRewardTraffic: 200, continueSignUseDay: 30, continueSignReward: 1024 });
    }
  });
});

describe('the service day decides', () => {
  it('records the sign-in on the date of SERVICE_TIMEZONE', async () => {
    // UTC+14 differs from UTC's date from 10:00 UTC on, UTC-11 before 11:00 UTC: one of them differs now.
    const utcDay = serviceDay(new Date(), 'UTC');
    const zone = serviceDay(new Date(), 'Pacific/Kiritimati') !== utcDay ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const other = await buildTestApp({ env: { SERVICE_TIMEZONE: zone } });
    try {
      const paid = await signedInUser(other, { paidUser: true });
      const expected = serviceDay(new Date(), zone);
      expect(expected).not.toBe(utcDay);
      await call(other, '/api/user/sign_use', {}, { cookie: paid.cookie });
      const rows = await other.database.query<{ day: string }>(
        'SELECT day::text AS day FROM sign_ins WHERE user_id = $1',
        [paid.id],
      );
      expect(rows).toEqual([{ day: expected }]);
    } finally {
      await other.close();
    }
  });
});
