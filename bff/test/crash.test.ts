// QUALITY 22 and 21: the compiled server killed (SIGKILL), or told to stop (SIGTERM: it drains and
// exits), in the middle of writes — coupon redemptions,
// purchases holding wallet money, payments notified by the sandbox gateway, node traffic pushes,
// traffic gifts made and received, lottery draws (with a discount coupon won), withdrawal requests —
// then started again on the same data: every money, coupon, gift, draw and traffic invariant still
// holds, and the service answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeResponse, encodeRequest } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { BFF_ROOT } from '../src/config.js';
import { createTestDatabase, testConfig, type TestDatabase } from './build-test-app.js';
import { expectMoneyInvariants } from './money.js';

const work = mkdtempSync(path.join(tmpdir(), 'bff-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const USERS = 6;
const COMBO = 'c0ffee0000000000000000c1';
/** Dearer than the wallet holds: paid through the sandbox gateway, whose approval is a payment notify. */
const GATEWAY_COMBO = 'c0ffee0000000000000000c2';
const ADMIN = { email: 'crash-admin@example.com', password: 'crash-admin-password' };
const NODE = { id: 'crash-node', secret: 'crash-node-secret-0123456789' };
const seed = {
  // Paid users (they may draw), with 20 of their 100 yuan withdrawable.
  users: Array.from({ length: USERS }, (_, i) => ({
    email: `crash${i}@example.com`,
    password: `crash-password-${i}`,
    walletMoney: 100,
    withdrawableMoney: 20,
    paidUser: true,
  })),
  coupons: [{ code: 'CRASH-1G', name: '体验券', type: 'freeUse', traffic: 1024 ** 3, numberOfAuthorizations: 1000 }],
  combos: [
    { id: COMBO, name: '崩溃测试包', price: 30, traffic: 5 * 1024 ** 3 },
    { id: GATEWAY_COMBO, name: '网关支付包', price: 500, traffic: 5 * 1024 ** 3 },
  ],
  agents: [
    {
      id: NODE.id,
      name: '测试节点',
      country: { name: '日本', flag: '🇯🇵' },
      type: 'v2ray',
      ip: '192.0.2.1',
      host: 'n.test',
      port: 443,
      secret: NODE.secret,
      lines: [{ id: 'crash-line', name: '线路', protocol: 'vmesh_tcp' }],
    },
  ],
  settings: { notice_show: false, minPushNum: 1, min_charge_money: 1, prizeBaseCost: 1 },
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What the node reports for one user in each push: [upload, download] bytes. */
const USAGE = [1_000, 3_000] as const;

// Each pass tests its own database: PGlite in the first, PostgreSQL (a database of its own) in the second.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe(`SIGKILL and SIGTERM during writes on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it.each(['SIGKILL', 'SIGTERM'] as const)(
    '%s: keeps every invariant after a restart',
    async (signal) => {
      const dataDir = path.join(work, `data-${signal}`);
      const seedFile = path.join(work, `seed-${signal}.json`);
      writeFileSync(seedFile, JSON.stringify(seed));
      const postgres: TestDatabase | undefined = onPostgres ? await createTestDatabase() : undefined;
      const database = postgres?.config ?? ({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const);
      const env =
        postgres === undefined
          ? { DATA_DIR: dataDir, DATABASE_URL: '' }
          : { DATABASE_URL: (postgres.config as { url: string }).url };
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['dist/server.js'], {
        cwd: BFF_ROOT,
        env: {
          ...process.env,
          LOG_LEVEL: 'warn',
          SERVE_STATIC: 'false',
          PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SEED_FILE: seedFile,
          SHUTDOWN_DRAIN_SECONDS: '0',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const deadline = Date.now() + 100_000;
      while (
        (await fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) !== 200
      ) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }

      const api = async (cookie: string, url: string, payload: object = {}) => {
        const response = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(encodeRequest(payload)),
        });
        return decodeResponse<Record<string, unknown>>(await response.json());
      };
      const login = async (email: string, password: string) => {
        const response = await fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(encodeRequest({ email, password })),
        });
        return response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      };
      const users = await Promise.all(
        seed.users.map(async (u) => {
          const cookie = await login(u.email, u.password);
          // A payout address, so that the storm can request withdrawals.
          const address = await api(cookie, '/api/wallet/change_reward_adress', {
            addressType: 'USDT-TRC20',
            address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
            password: u.password,
          });
          expect(address.code, address.msg).toBe(0);
          return { cookie, id: ((await api(cookie, '/api/user/userinfo')).data as { _id: string })._id };
        }),
      );
      // The lottery: one prize, a 90% discount coupon for its winner.
      const admin = await login(ADMIN.email, ADMIN.password);
      const prize = await api(admin, '/api/yunying/prize/update', {
        name: '折扣奖',
        gainTraffic: 0,
        gainVipTime: 0,
        weight: 1,
        desc: '',
        hasDiscountCoupon: true,
        discountValue: 0.9,
        discountDuration: 1,
        photoUrl: '',
      });
      expect(prize.code, prize.msg).toBe(0);

      // The storm: every user redeems, buys with the wallet, cancels or pays; the node pushes the user's
      // traffic (a report per round, its id naming the user). Killed (or stopped) mid-way, once every
      // kind of write has happened; only what fails after the signal is the signal's doing.
      let killed = false;
      let pushes = 0;
      let giftsReceived = 0;
      let draws = 0;
      let withdrawals = 0;
      let notified = 0;
      /** Codes made and not yet taken: each user receives one someone else made. */
      const giftCodes: Array<{ code: string; sender: string }> = [];
      const storms = users.map(async ({ cookie, id }) => {
        for (let round = 0; !killed; round += 1) {
          try {
            await api(cookie, '/api/coupon/redeem_coupon', { code: 'CRASH-1G' });
            const order = await api(cookie, '/api/shop/create_order', { combo_id: COMBO });
            const orderId = (order.data as { _id?: string })._id;
            if (orderId !== undefined) {
              await api(cookie, '/api/shop/wallet_check', { order_id: orderId });
              if (round % 2 === 0) await api(cookie, '/api/order/cancel_order', { order_id: orderId });
              // Paid by the wallet alone while it covers the price: permanent traffic to give away.
              else await api(cookie, '/api/shop/dobuy', { order_id: orderId, pay_mode: 'alipay', isMobile: false });
            }
            // A purchase paid through the sandbox gateway: its approval is the gateway's notify.
            if (round % 3 === 1) {
              const big = await api(cookie, '/api/shop/create_order', { combo_id: GATEWAY_COMBO });
              const bigId = (big.data as { _id?: string })._id;
              const paying =
                bigId === undefined
                  ? undefined
                  : await api(cookie, '/api/shop/dobuy', { order_id: bigId, pay_mode: 'alipay', isMobile: false });
              const payurl = (paying?.data as { payurl?: string } | undefined)?.payurl;
              if (payurl !== undefined) {
                const decided = await fetch(`${base}/api/pay/sandbox/decide`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: new URLSearchParams({
                    ...Object.fromEntries(new URL(payurl, base).searchParams),
                    decision: 'approve',
                  }).toString(),
                });
                if (decided.status === 200) notified += 1;
              }
            }
            // A draw (1 G of permanent traffic; refused once it is gone) and a withdrawal request of
            // 1 yuan (refused while the user's previous one is open).
            if ((await api(cookie, '/api/prize/draw')).code === 0) draws += 1;
            if ((await api(cookie, '/api/wallet/make_charge', { money: 1 })).code === 0) withdrawals += 1;
            const push = await fetch(
              `${base}/api/v1/server/UniProxy/push?node_id=${NODE.id}&token=${NODE.secret}&report_id=${id}-${round}`,
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ [id]: USAGE }),
              },
            );
            if (push.status !== 200) throw new Error(`push answered ${push.status}: ${await push.text()}`);
            pushes += 1;
            // A gift of 1 G (refused with 1038 once the permanent traffic is gone), and one received.
            const made = await api(cookie, '/api/push/create', { pushNumber: 1 });
            if (made.code === 0) giftCodes.push({ code: (made.data as { code: string }).code, sender: id });
            const index = giftCodes.findIndex((g) => g.sender !== id);
            if (index >= 0) {
              const [gift] = giftCodes.splice(index, 1);
              if ((await api(cookie, '/api/push/receive', { code: gift!.code })).code === 0) giftsReceived += 1;
            }
          } catch (err) {
            if (killed) return; // the server is gone
            throw err;
          }
        }
      });
      try {
        // A storm that fails before the kill fails the test with its error.
        await Promise.race([
          vi.waitFor(
            () =>
              expect({
                pushes: pushes >= USERS,
                giftsReceived: giftsReceived >= 2,
                draws: draws >= 2,
                withdrawals: withdrawals >= 2,
                notified: notified >= 1,
              }).toEqual({
                pushes: true,
                giftsReceived: true,
                draws: true,
                withdrawals: true,
                notified: true,
              }),
            { timeout: 100_000, interval: 50 },
          ),
          ...storms,
        ]);
      } finally {
        child.kill(signal);
        killed = true;
      }
      const exitCode = await exited;
      // Told to stop, it finishes what is in flight, closes the database and exits cleanly.
      if (signal === 'SIGTERM') expect(exitCode).toBe(0);
      await Promise.all(storms);

      // Started again on the same data: migrations, recovery, and the invariants.
      const app: FastifyInstance = await buildApp({ ...testConfig(), database }, { logger: false });
      try {
        await app.ready();
        await expectMoneyInvariants(app);
        // Traffic: granted = what the grants recorded; spent = what the node reports took beyond the
        // allowance of a time package, never more than granted; and each report counted exactly once
        // (a report's row and its user's usage are written together, or not at all).
        const traffic = await app.database.query<Record<string, unknown>>(
          `SELECT u.id, u.traffic, u.spend_traffic AS spend,
                (SELECT coalesce(sum(traffic_change), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type <> 'spend') AS credited,
                (SELECT coalesce(sum(-traffic_change - exemption_traffic), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'spend') AS taken,
                (SELECT count(*) FROM node_traffic_reports n WHERE n.agent_id = $1 AND n.report_id LIKE u.id || '-%') AS reports,
                (SELECT coalesce(sum(upload), 0) FROM user_daily_usage d WHERE d.user_id = u.id) AS upload,
                (SELECT coalesce(sum(download), 0) FROM user_daily_usage d WHERE d.user_id = u.id) AS download
           FROM users u WHERE u.email LIKE 'crash%' ORDER BY u.email`,
          [NODE.id],
        );
        let spent = 0;
        for (const row of traffic) {
          const n = (key: string) => Number(row[key]);
          const who = String(row.id);
          expect(n('traffic'), who).toBe(n('credited'));
          expect(n('spend'), who).toBe(n('taken'));
          expect(n('spend'), who).toBeLessThanOrEqual(n('traffic'));
          expect([n('upload'), n('download')], who).toEqual([n('reports') * USAGE[0], n('reports') * USAGE[1]]);
          spent += n('spend');
        }
        // The storm did charge traffic before the kill (else this would prove nothing).
        expect(spent).toBeGreaterThan(0);
        const redeemed = await app.database.query<{ n: string | number }>(
          `SELECT count(*) AS n FROM coupon_uses WHERE coupon_id = (SELECT id FROM coupons WHERE code = 'CRASH-1G')`,
        );
        // The storm did write before the kill (else this would prove nothing), and never beyond the rules.
        expect(Number(redeemed[0]!.n)).toBeGreaterThan(0);
        expect(Number(redeemed[0]!.n)).toBeLessThanOrEqual(USERS);
        // Gifts: every gift made took its amount from its sender once, and every gift received gave
        // its receiver the amount less the fee once (a gift row and its records commit together).
        const gifts = await app.database.query<Record<string, unknown>>(
          `SELECT u.id,
                (SELECT coalesce(sum(-traffic_change), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'push_spend') AS gave,
                (SELECT count(*) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'push_spend') AS gave_records,
                (SELECT coalesce(sum(amount), 0) FROM gifts g WHERE g.sender_id = u.id) AS made,
                (SELECT count(*) FROM gifts g WHERE g.sender_id = u.id) AS made_rows,
                (SELECT coalesce(sum(traffic_change), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'push_receive') AS got,
                (SELECT coalesce(sum(received), 0) FROM gifts g WHERE g.receiver_id = u.id AND g.status = 'received') AS claimed
           FROM users u WHERE u.email LIKE 'crash%' ORDER BY u.email`,
        );
        let claimed = 0;
        for (const row of gifts) {
          const n = (key: string) => Number(row[key]);
          expect([n('gave'), n('gave_records')], String(row.id)).toEqual([n('made'), n('made_rows')]);
          expect(n('got'), String(row.id)).toBe(n('claimed'));
          claimed += n('claimed');
        }
        expect(claimed).toBeGreaterThan(0);
        const orders = await app.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM orders`);
        expect(Number(orders[0]!.n)).toBeGreaterThan(0);
        // Draws: each one took its cost once and issued its coupon with it (draw, spend, reward and
        // coupon commit together); no coupon won without its draw.
        const lottery = await app.database.query<Record<string, unknown>>(
          `SELECT u.id,
                (SELECT count(*) FROM prize_draws d WHERE d.user_id = u.id) AS draws,
                (SELECT coalesce(sum(cost), 0) FROM prize_draws d WHERE d.user_id = u.id) AS cost,
                (SELECT count(*) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'prize_spend') AS spends,
                (SELECT coalesce(sum(-traffic_change), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'prize_spend') AS spent,
                (SELECT count(*) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'prize_reward') AS rewards,
                (SELECT count(*) FROM coupons c WHERE c.owner_id = u.id) AS coupons,
                (SELECT count(*) FROM prize_draws d WHERE d.user_id = u.id AND d.coupon_id IS NOT NULL) AS won
           FROM users u WHERE u.email LIKE 'crash%' ORDER BY u.email`,
        );
        let drawn = 0;
        for (const row of lottery) {
          const n = (key: string) => Number(row[key]);
          expect([n('spends'), n('spent'), n('rewards'), n('coupons'), n('won')], String(row.id)).toEqual([
            n('draws'),
            n('cost'),
            n('draws'),
            n('draws'),
            n('draws'),
          ]);
          drawn += n('draws');
        }
        expect(drawn).toBeGreaterThan(0);
        // Withdrawals (also in the money invariants): written, one open per user at most.
        const requested = await app.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM withdrawals`);
        expect(Number(requested[0]!.n)).toBeGreaterThan(0);
        expect(Number(requested[0]!.n)).toBeLessThanOrEqual(USERS);
        // Payments notified by the gateway: paid trades whose orders are paid (the money invariants
        // check every paid order has its paid trade).
        const paidTrades = await app.database.query<{ n: string | number }>(
          `SELECT count(*) AS n FROM trades t JOIN orders o ON o.id = t.order_id WHERE t.status = 'paied' AND o.combo_id = $1`,
          [GATEWAY_COMBO],
        );
        expect(Number(paidTrades[0]!.n)).toBeGreaterThan(0);
        expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await postgres?.dispose();
      }
    },
    180_000,
  );
});
