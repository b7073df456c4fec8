// QUALITY 20: the database goes away mid-run (between calls, and in the middle of a write's
// transaction) and comes back. PostgreSQL is reached through a TCP
// relay of the test's own, which can refuse connections and cut the open ones, as a stopped
// server or a lost network does; the instance is never restarted.
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { Codes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, loginAsAdmin, signedInUser } from './api.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from './build-test-app.js';

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/** A relay to PostgreSQL that can go down (refuse and cut) and come back on the same port. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let listening = false;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (listening) return resolve();
      listening = true;
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    port: () => port,
    async down() {
      listening = false;
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    up: listen,
  };
}

describe.runIf(onPostgres)('PostgreSQL stops mid-run and comes back', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let relay: Awaited<ReturnType<typeof relayTo>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL((database.config as { url: string }).url);
    relay = await relayTo(direct);
    const viaRelay = new URL(direct);
    viaRelay.port = String(relay.port());
    app = await buildTestApp({ database: { ...database, config: { driver: 'postgres', url: viaRelay.toString() } } });
  });
  afterAll(async () => {
    await relay.up().catch(() => undefined);
    await app?.close();
    await database.dispose();
  });

  it('answers a clear 503 within two seconds, says not ready, writes nothing half, and serves again without a restart', async () => {
    const admin = await loginAsAdmin(app);
    const user = await signedInUser(app);
    await app.coupons.create({
      name: '体验券',
      type: 'freeUse',
      traffic: 1024 ** 3,
      useNumPerUser: 1,
      numberOfAuthorizations: 10,
      code: 'OUTAGE1',
    });
    expect((await call(app, '/api/user/userinfo', {}, { cookie: admin })).result.code).toBe(0);

    await relay.down();
    const started = Date.now();
    const during = await call(app, '/api/user/userinfo', {}, { cookie: admin });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(during.status).toBe(503);
    expect(during.result).toMatchObject({ code: Codes.UNAVAILABLE, msg: '服务暂时不可用，请稍后再试' });
    const write = await call(app, '/api/coupon/redeem_coupon', { code: 'OUTAGE1' }, { cookie: user.cookie });
    expect(write.status).toBe(503);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await relay.up();
    await vi.waitFor(async () => expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
    expect((await call(app, '/api/user/userinfo', {}, { cookie: admin })).result.code).toBe(0);
    // The refused redemption left nothing behind: no use, no counter, no traffic.
    const [coupon] = await database.query<{ auth_times: number }>(
      `SELECT auth_times FROM coupons WHERE code = 'OUTAGE1'`,
    );
    expect(coupon!.auth_times).toBe(0);
    expect(await database.query('SELECT 1 FROM traffic_records WHERE user_id = $1', [user.id])).toEqual([]);
    // And the same call now succeeds.
    expect(
      (await call(app, '/api/coupon/redeem_coupon', { code: 'OUTAGE1' }, { cookie: user.cookie })).result.code,
    ).toBe(0);
  }, 60_000);

  it('a write cut in the middle of its transaction by the connection going away leaves nothing half-written', async () => {
    const user = await signedInUser(app);
    await app.coupons.create({
      name: '体验券',
      type: 'freeUse',
      traffic: 1024 ** 3,
      useNumPerUser: 1,
      numberOfAuthorizations: 10,
      code: 'OUTAGE2',
    });
    // The redemption's traffic step (it locks the user's row together with their traffic records)
    // waits on a lock the test holds on traffic_records, so the transaction stands open with its
    // first writes made (the coupon's counter, the use record) when the connection is cut.
    const holder = new pg.Client({ connectionString: (database.config as { url: string }).url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE traffic_records IN EXCLUSIVE MODE');
      const redeeming = call(app, '/api/coupon/redeem_coupon', { code: 'OUTAGE2' }, { cookie: user.cookie });
      await vi.waitFor(
        async () => {
          const waiting = await holder.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          expect(waiting.rows[0].n).toBe(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      const [written] = await database.query<{ auth_times: number }>(
        `SELECT auth_times FROM coupons WHERE code = 'OUTAGE2'`,
      );
      expect(written!.auth_times, 'not committed yet').toBe(0);

      await relay.down();
      const cut = await redeeming;
      expect(cut.status).toBe(503);
      expect(cut.result.code).toBe(Codes.UNAVAILABLE);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }

    await relay.up();
    await vi.waitFor(async () => expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
    // Nothing of the cut transaction stayed: no counter, no use, no traffic, no record.
    const [coupon] = await database.query<{ auth_times: number; id: string }>(
      `SELECT id, auth_times FROM coupons WHERE code = 'OUTAGE2'`,
    );
    expect(coupon!.auth_times).toBe(0);
    expect(await database.query('SELECT 1 FROM coupon_uses WHERE coupon_id = $1', [coupon!.id])).toEqual([]);
    expect(await database.query('SELECT 1 FROM traffic_records WHERE user_id = $1', [user.id])).toEqual([]);
    const [row] = await database.query<{ traffic: string | number }>('SELECT traffic FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(Number(row!.traffic)).toBe(0);
    // The same redemption made again succeeds, once.
    expect(
      (await call(app, '/api/coupon/redeem_coupon', { code: 'OUTAGE2' }, { cookie: user.cookie })).result.code,
    ).toBe(0);
    const [after] = await database.query<{ traffic: string | number }>('SELECT traffic FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(Number(after!.traffic)).toBe(1024 ** 3);
  }, 60_000);
});
