// QUALITY 22: the compiled server killed (SIGKILL) in the middle of writes — coupon redemptions,
// purchases holding wallet money, node traffic pushes — then started again on the same data:
// every money, coupon and traffic invariant still holds, and the service answers.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeResponse, encodeRequest } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { BFF_ROOT } from '../src/config.js';
import { testConfig } from './build-test-app.js';
import { expectMoneyInvariants } from './money.js';

const work = mkdtempSync(path.join(tmpdir(), 'bff-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const USERS = 6;
const COMBO = 'c0ffee0000000000000000c1';
const NODE = { id: 'crash-node', secret: 'crash-node-secret-0123456789' };
const seed = {
  users: Array.from({ length: USERS }, (_, i) => ({ email: `crash${i}@example.com`, password: `crash-password-${i}`, walletMoney: 100 })),
  coupons: [{ code: 'CRASH-1G', name: '体验券', type: 'freeUse', traffic: 1024 ** 3, numberOfAuthorizations: 1000 }],
  combos: [{ id: COMBO, name: '崩溃测试包', price: 30, traffic: 5 * 1024 ** 3 }],
  agents: [{ id: NODE.id, name: '测试节点', country: { name: '日本', flag: '🇯🇵' }, type: 'v2ray', ip: '192.0.2.1', host: 'n.test', port: 443, secret: NODE.secret, lines: [{ id: 'crash-line', name: '线路', protocol: 'vmesh_tcp' }] }],
  settings: { notice_show: false },
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const databases = [
  { name: 'PGlite', env: (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: '' }) },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', env: () => ({ DATABASE_URL: process.env.TEST_DATABASE_URL! }) }] : []),
];

describe.each(databases)('SIGKILL during writes on $name', ({ name, env }) => {
  it('keeps every invariant after a restart', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: BFF_ROOT });
    const dataDir = path.join(work, name);
    const seedFile = path.join(work, `seed-${name}.json`);
    writeFileSync(seedFile, JSON.stringify(seed));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: BFF_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', SERVE_STATIC: 'false', PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'crash-admin-password', SEED_FILE: seedFile, SHUTDOWN_DRAIN_SECONDS: '0', ...env(dataDir) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const deadline = Date.now() + 100_000;
    while ((await fetch(`${base}/readyz`).then((r) => r.status, () => 0)) !== 200) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    const api = async (cookie: string, url: string, payload: object = {}) => {
      const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(encodeRequest(payload)) });
      return decodeResponse<Record<string, unknown>>(await response.json());
    };
    const cookies = await Promise.all(
      seed.users.map(async (u) => {
        const response = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(encodeRequest({ email: u.email, password: u.password })) });
        return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      }),
    );

    // The storm: every user redeems, buys with the wallet, cancels; the node pushes traffic. Killed mid-way.
    let stop = false;
    const storms = cookies.map(async (cookie, i) => {
      for (let round = 0; !stop; round += 1) {
        try {
          await api(cookie, '/api/coupon/redeem_coupon', { code: 'CRASH-1G' });
          const order = await api(cookie, '/api/shop/create_order', { combo_id: COMBO });
          const orderId = (order.data as { _id?: string })._id;
          if (orderId !== undefined) {
            await api(cookie, '/api/shop/wallet_check', { order_id: orderId });
            if (round % 2 === 0) await api(cookie, '/api/order/cancel_order', { order_id: orderId });
          }
          await fetch(`${base}/api/v1/server/UniProxy/push?node_id=${NODE.id}&token=${NODE.secret}&report_id=r-${i}-${round}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGKILL');
    stop = true;
    await exited;
    await Promise.allSettled(storms);

    // Started again on the same data: migrations, recovery, and the invariants.
    const database = name === 'PGlite' ? ({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const) : ({ driver: 'postgres', url: process.env.TEST_DATABASE_URL! } as const);
    const app: FastifyInstance = await buildApp({ ...testConfig(), database }, { logger: false });
    try {
      await app.ready();
      await expectMoneyInvariants(app);
      const traffic = await app.database.query<{ id: string }>(
        `SELECT u.id FROM users u WHERE u.email LIKE 'crash%'
           AND u.traffic <> coalesce((SELECT sum(traffic_change) FROM traffic_records r WHERE r.user_id = u.id), 0)`,
      );
      expect(traffic).toEqual([]);
      const redeemed = await app.database.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM coupon_uses WHERE coupon_id = (SELECT id FROM coupons WHERE code = 'CRASH-1G')`,
      );
      // The storm did write before the kill (else this would prove nothing), and never beyond the rules.
      expect(Number(redeemed[0]!.n)).toBeGreaterThan(0);
      expect(Number(redeemed[0]!.n)).toBeLessThanOrEqual(USERS);
      const orders = await app.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM orders`);
      expect(Number(orders[0]!.n)).toBeGreaterThan(0);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 180_000);
});
