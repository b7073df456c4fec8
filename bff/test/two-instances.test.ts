// Issue 17: two BFF processes on one PostgreSQL, started as an operator starts them (the compiled
// server with the flags of `npm start`), behind a round-robin balancer of the test's own. Limits
// hold across both, a raced coupon is used exactly as often as allowed, and one of them runs the jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Codes, decodeResponse, encodeRequest } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBalancer } from '../../scripts/lib/balancer.mjs';
import { freePort } from '../../scripts/lib/portal-server.mjs';
import { BFF_ROOT } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './build-test-app.js';

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const USERS = 12;

describe.runIf(onPostgres)('two instances behind a balancer on one PostgreSQL', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'bff-two-'));
  let database: TestDatabase;
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>>;

  beforeAll(async () => {
    // Empty: both instances migrate it as they start, one after the other (the advisory lock).
    database = await createTestDatabase({ migrated: false });
    const seedFile = path.join(work, 'seed.json');
    writeFileSync(
      seedFile,
      JSON.stringify({
        users: Array.from({ length: USERS }, (_, i) => ({
          email: `two${i}@example.com`,
          password: `two-password-${i}`,
        })),
        coupons: [{ code: 'TWO-5', name: '体验券', type: 'freeUse', traffic: 1024 ** 3, numberOfAuthorizations: 5 }],
      }),
    );
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server.js'], {
        cwd: BFF_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: (database.config as { url: string }).url,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SERVE_STATIC: 'false',
          ADMIN_PASSWORD: 'two-instances-admin',
          SEED_FILE: seedFile,
          LOGIN_RATE_MAX: '10',
          LOGIN_ACCOUNT_FREE_FAILURES: '1000',
          SHUTDOWN_DRAIN_SECONDS: '0',
        },
        stdio: 'ignore',
      });
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
    }
    for (const base of bases) {
      await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), {
        timeout: 100_000,
        interval: 200,
      });
    }
    balancer = await startBalancer(bases);
  }, 150_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) =>
            c.exitCode !== null ? resolve(null) : (c.once('exit', resolve), c.kill('SIGTERM')),
          ),
      ),
    );
    await database?.dispose();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  const post = async (url: string, payload: object, cookie = '') => {
    const response = await fetch(`${balancer.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(encodeRequest(payload)),
    });
    return {
      result: decodeResponse(await response.json()),
      cookie: response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
  };

  it('refuse the 11th failed login whichever instance gets it', async () => {
    const attempt = () => post('/api/user/login', { email: 'two0@example.com', password: 'wrong-password' });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).result.code).toBe(Codes.LOGIN_FAILED);
    expect((await attempt()).result.code).toBe(Codes.RATE_LIMITED);
    expect((await attempt()).result.code).toBe(Codes.RATE_LIMITED);
  });

  it('let a coupon with 5 uses be redeemed exactly 5 times by 11 users at once', async () => {
    const cookies = await Promise.all(
      Array.from(
        { length: USERS - 1 },
        async (_, i) =>
          (await post('/api/user/login', { email: `two${i + 1}@example.com`, password: `two-password-${i + 1}` }))
            .cookie,
      ),
    );
    const results = await Promise.all(
      cookies.map((cookie) => post('/api/coupon/redeem_coupon', { code: 'TWO-5' }, cookie)),
    );
    expect(results.filter((r) => r.result.code === 0)).toHaveLength(5);
    const [coupon] = await database.query<{ auth_times: number }>(
      `SELECT auth_times FROM coupons WHERE code = 'TWO-5'`,
    );
    expect(coupon!.auth_times).toBe(5);
  });

  it('run the background jobs on exactly one of them', async () => {
    await vi.waitFor(
      async () => {
        const leaders = await Promise.all(
          bases.map(
            async (base) =>
              ((await (await fetch(`${base}/readyz`)).json()) as { jobs: { leader: boolean } }).jobs.leader,
          ),
        );
        expect(leaders.filter(Boolean)).toHaveLength(1);
      },
      { timeout: 30_000, interval: 500 },
    );
  }, 40_000);
});
