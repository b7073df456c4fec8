// Background jobs with one owner, and state shared by several instances on one database
// (issue 17). The PostgreSQL-only cases build two apps on one database, as two instances behind
// a balancer would be.
import { Codes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createUser, signedInUser } from '../../../test/api.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../../test/build-test-app.js';
import { expectMoneyInvariants, GiB, newOrder, product, shopApi, userTotals } from '../../../test/money.js';
import { withEpaySign } from '../payments/epay.js';
import { TRIAL_EXPIRED_DESC } from '../traffic/service.js';
import { STALL_AFTER_MS, watchForStalls } from './stalls.js';

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

async function grantTrial(app: FastifyInstance, userId: string, bytes: number, expiresAt: Date) {
  await app.db.transaction((tx) =>
    app.traffic.credit(tx, {
      userId,
      bytes,
      type: 'coupon',
      desc: 'trial',
      grant: { expiresAt, source: 'test', sourceId: `${userId}-${expiresAt.getTime()}` },
    }),
  );
}

const totals = async (app: FastifyInstance, userId: string) => {
  const [row] = await app.database.query<{ traffic: string; spend: string }>(
    'SELECT traffic, spend_traffic AS spend FROM users WHERE id = $1',
    [userId],
  );
  return { traffic: Number(row!.traffic), spend: Number(row!.spend) };
};
const expiryRecords = async (app: FastifyInstance, userId: string) =>
  (
    await app.database.query<{ change: string | number; desc: string }>(
      `SELECT traffic_change AS change, "desc" FROM traffic_records WHERE user_id = $1 AND type = 'tiyan_expire'`,
      [userId],
    )
  ).map((r) => ({ change: Number(r.change), desc: r.desc }));

describe('trial traffic expiry (traffic.grant-expiry)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.jobs.stop();
  });
  afterAll(() => app.close());

  it('takes back what is left of a lapsed grant once, with a tiyan_expire record; a running grant stays', async () => {
    const user = await signedInUser(app);
    await grantTrial(app, user.id, 8 * GiB, new Date(Date.now() - 1000));
    await grantTrial(app, user.id, 2 * GiB, new Date(Date.now() + 3_600_000));
    expect(await totals(app, user.id)).toEqual({ traffic: 10 * GiB, spend: 0 });

    await app.jobs.runNow('traffic.grant-expiry');
    await app.jobs.runNow('traffic.grant-expiry');
    expect(await totals(app, user.id)).toEqual({ traffic: 2 * GiB, spend: 0 });
    expect(await expiryRecords(app, user.id)).toEqual([{ change: -8 * GiB, desc: TRIAL_EXPIRED_DESC }]);
  });

  it('never takes more than the user has left, and runs racing each other take it once', async () => {
    const user = await signedInUser(app);
    await grantTrial(app, user.id, 8 * GiB, new Date(Date.now() - 1000));
    await app.database.query('UPDATE users SET spend_traffic = $2 WHERE id = $1', [user.id, 5 * GiB]);

    await Promise.all([
      app.traffic.expireDueGrants(app.db),
      app.traffic.expireDueGrants(app.db),
      app.jobs.runNow('traffic.grant-expiry'),
    ]);
    expect(await totals(app, user.id)).toEqual({ traffic: 5 * GiB, spend: 5 * GiB });
    expect(await expiryRecords(app, user.id)).toEqual([{ change: -3 * GiB, desc: TRIAL_EXPIRED_DESC }]);
  });

  it('never lets lapsed trial traffic the job has not reached yet be spent as permanent traffic', async () => {
    const user = await signedInUser(app);
    await grantTrial(app, user.id, 8 * GiB, new Date(Date.now() - 1000));
    await grantTrial(app, user.id, 2 * GiB, new Date(Date.now() + 3_600_000));
    await app.database.query('UPDATE users SET traffic = traffic + $2 WHERE id = $1', [user.id, 3 * GiB]);
    const spend = (bytes: number) =>
      app.db.transaction((tx) =>
        app.traffic.debitPermanent(
          tx,
          { userId: user.id, bytes, type: 'push_spend', desc: 'test' },
          () => new Error('short'),
        ),
      );
    await expect(spend(4 * GiB)).rejects.toThrow('short');
    await spend(3 * GiB);
    expect(await totals(app, user.id)).toEqual({ traffic: 10 * GiB, spend: 0 });
  });

  it('writes each run to job_runs (the heartbeat /readyz reports)', async () => {
    await app.jobs.runNow('orders.expire');
    const status = await app.jobs.status();
    expect(status.map((s) => s.name)).toEqual(expect.arrayContaining(['orders.expire', 'traffic.grant-expiry']));
    expect(status.find((s) => s.name === 'orders.expire')).toMatchObject({ lastOk: true });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({
      status: 'ready',
      // Stopped above (the test runs the jobs itself): no longer the owner on PostgreSQL; PGlite's one process always is.
      jobs: {
        leader: !onPostgres,
        runs: expect.arrayContaining([expect.objectContaining({ name: 'orders.expire', lastOk: true })]),
      },
    });
  });
});

describe('stalled jobs', () => {
  it('writes a job with no run for STALL_AFTER_MS to the error log, once, from the owner of the jobs only', async () => {
    const app = await buildTestApp();
    try {
      await app.jobs.stop();
      await app.jobs.runNow('orders.expire');
      let clock = Date.now();
      // As the owner of the jobs would see it (stopped above, this app no longer owns them on PostgreSQL).
      const stalls = watchForStalls({
        jobs: { ...app.jobs, isLeader: () => true },
        errorLog: app.errorLog,
        log: app.log,
        now: () => clock,
      });
      const follower = watchForStalls({
        jobs: { ...app.jobs, isLeader: () => false },
        errorLog: app.errorLog,
        log: app.log,
        now: () => clock + STALL_AFTER_MS * 2,
      });
      expect(await follower.check()).toEqual([]);
      expect(await stalls.check()).toEqual([]);
      clock += STALL_AFTER_MS + 1000;
      const stalled = await stalls.check();
      expect(stalled).toContain('orders.expire');
      expect(await stalls.check()).toEqual([]);
      const logged = await app.database.query<{ name: string; msg: string }>(
        `SELECT name, msg FROM error_log WHERE name = 'JobStalled' AND url = 'orders.expire'`,
      );
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toContain('orders.expire');
    } finally {
      await app.close();
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const env = { LOGIN_RATE_MAX: '10', LOGIN_ACCOUNT_FREE_FAILURES: '1000' };

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildTestApp({ database, env });
    b = await buildTestApp({ database, env });
  });
  afterAll(async () => {
    await Promise.allSettled([a.close(), b.close()]);
    await database.dispose();
  });

  it('share login limits: the 11th failure is refused whichever instance gets it', async () => {
    await createUser(a, { email: 'shared-limit@example.com', password: 'right-password-1' });
    const attempt = (app: FastifyInstance) =>
      call(app, '/api/user/login', { email: 'shared-limit@example.com', password: 'wrong-password' });
    for (let i = 0; i < 10; i += 1) expect((await attempt(i % 2 === 0 ? a : b)).result.code).toBe(Codes.LOGIN_FAILED);
    expect((await attempt(a)).result.code).toBe(Codes.RATE_LIMITED);
    expect((await attempt(b)).result.code).toBe(Codes.RATE_LIMITED);
    const [row] = await database.query<{ n: string }>('SELECT count(*) AS n FROM rate_limits');
    expect(Number(row!.n)).toBeGreaterThan(0);
  });

  it('run the jobs on exactly one instance, and the other takes over when it stops', async () => {
    await vi.waitFor(() => expect([a.jobs.isLeader(), b.jobs.isLeader()].filter(Boolean)).toHaveLength(1), {
      timeout: 15_000,
      interval: 200,
    });
    const [leader, follower] = a.jobs.isLeader() ? [a, b] : [b, a];
    await leader.jobs.stop();
    await vi.waitFor(() => expect(follower.jobs.isLeader()).toBe(true), { timeout: 25_000, interval: 250 });
  }, 45_000);

  it('let a coupon with 5 uses be redeemed exactly 5 times by 20 users spread over both', async () => {
    const { id } = await a.coupons.create({
      name: '体验券',
      type: 'freeUse',
      traffic: GiB,
      useNumPerUser: 1,
      numberOfAuthorizations: 5,
      code: 'SHARED5',
    });
    const users = await Promise.all(Array.from({ length: 20 }, () => signedInUser(a)));
    const results = await Promise.all(
      users.map((u, i) =>
        call(i % 2 === 0 ? a : b, '/api/coupon/redeem_coupon', { code: 'SHARED5' }, { cookie: u.cookie }),
      ),
    );
    expect(results.filter((r) => r.result.code === 0)).toHaveLength(5);
    const [row] = await database.query<{ auth_times: number }>('SELECT auth_times FROM coupons WHERE id = $1', [id]);
    expect(row!.auth_times).toBe(5);
    const [credited] = await database.query<{ n: string }>(
      `SELECT count(*) AS n FROM users WHERE id = ANY($1) AND traffic = ${GiB}`,
      [users.map((u) => u.id)],
    );
    expect(Number(credited!.n)).toBe(5);
  });

  it('let one gift code raced by 20 users over both be received once', async () => {
    const sender = await signedInUser(a);
    await a.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [40 * GiB, sender.id]);
    const made = await call<{ code: string; receiveNumber: number }>(
      a,
      '/api/push/create',
      { pushNumber: 20 },
      { cookie: sender.cookie },
    );
    expect(made.result.code).toBe(0);
    const receivers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(b)));
    const results = await Promise.all(
      receivers.map((r, i) =>
        call(i % 2 === 0 ? a : b, '/api/push/receive', { code: made.result.data.code }, { cookie: r.cookie }),
      ),
    );
    expect(results.filter((r) => r.result.code === 0)).toHaveLength(1);
    const [gained] = await database.query<{ n: string }>(
      `SELECT count(*) AS n FROM users WHERE id = ANY($1) AND traffic > 0`,
      [receivers.map((r) => r.id)],
    );
    expect(Number(gained!.n)).toBe(1);
  });

  it('pay a trade once when its notify is replayed to both instances at once', async () => {
    const YI = { gateway: 'https://pay.yi.test/', pid: '1001', key: 'yi-secret-key' };
    await a.settings.set({ alipay: 'yi', epay_platforms: { yi: YI } });
    const buyer = await signedInUser(a);
    const combo = await product(a, { name: '双实例包', price: 12, traffic: 3 * GiB });
    const order = await newOrder(a, buyer.cookie, combo);
    const paid = await shopApi(b, buyer.cookie).dobuy(order._id, { pay_mode: 'alipay' });
    expect(paid.code).toBe(0);
    const tradeId = (paid.data as { _id: string })._id;
    const notify = withEpaySign(
      {
        pid: '1001',
        trade_no: 'YI-TWO',
        out_trade_no: tradeId,
        type: 'alipay',
        name: '双实例包',
        money: '12.00',
        trade_status: 'TRADE_SUCCESS',
      },
      YI.key,
    );
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'GET',
          url: `/api/pay/notify/epay/yi?${new URLSearchParams(notify).toString()}`,
        }),
      ),
    );
    expect(replies.map((r) => r.body)).toEqual(Array(20).fill('success'));
    expect((await userTotals(a, buyer.id)).traffic).toBe(3 * GiB);
    expect(
      await database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'buy'", [buyer.id]),
    ).toHaveLength(1);
    await expectMoneyInvariants(a);
  });

  it('expire a lapsed trial grant once when both run the expiry at the same moment', async () => {
    const user = await signedInUser(a);
    await grantTrial(a, user.id, 8 * GiB, new Date(Date.now() - 1000));
    await Promise.all([a.traffic.expireDueGrants(a.db), b.traffic.expireDueGrants(b.db)]);
    expect(await totals(a, user.id)).toEqual({ traffic: 0, spend: 0 });
    expect(await expiryRecords(a, user.id)).toHaveLength(1);
  });
});
