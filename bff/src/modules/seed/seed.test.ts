import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Codes, GiB, type HostInfo, type Notice, type UserInfo } from '@portal/contracts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { call, login, signedInUser } from '../../../test/api.js';
import { buildTestApp, createTestDatabase, LogCapture, type TestDatabase } from '../../../test/build-test-app.js';
import { invariantProblems, TRAFFIC_INVARIANTS } from '../../db/invariants.js';
import { readSeedFile, SeedFileError } from './service.js';

const dir = mkdtempSync(path.join(tmpdir(), 'bff-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

const COUPON_LINE = /Trial coupon created .* Code: ([A-Z]{12})$/;

describe('demo data (DEMO_DATA=true)', () => {
  it('creates notices, an announcement and a trial coupon whose code is printed once; a second start adds nothing', async () => {
    database = await createTestDatabase();
    const firstLogs = new LogCapture();
    const first = await buildTestApp({ database, env: { DEMO_DATA: 'true' }, logs: firstLogs });
    const lines = firstLogs.messages().filter((m) => COUPON_LINE.test(m));
    expect(lines).toHaveLength(1);
    const code = COUPON_LINE.exec(lines[0]!)![1]!;

    const user = await signedInUser(first);
    const notices = (await call<Notice[]>(first, '/api/user_notive/list', {}, { cookie: user.cookie })).result.data;
    expect(notices.length).toBeGreaterThanOrEqual(3);
    const host = (await call<HostInfo>(first, '/api/host/get')).result.data;
    expect(host.notice).toMatchObject({ notice_show: true, notice_mark_red: true });
    expect(host.notice.notice_content).not.toBe('');
    const redeemed = await call(first, '/api/coupon/redeem_coupon', { code }, { cookie: user.cookie });
    expect(redeemed.result).toMatchObject({ code: 0, data: { traffic: 8 * GiB, type: 'freeUse' } });
    await first.close();

    const secondLogs = new LogCapture();
    const second = await buildTestApp({ database, env: { DEMO_DATA: 'true' }, logs: secondLogs });
    expect(secondLogs.messages().some((m) => COUPON_LINE.test(m) || m.includes(code))).toBe(false);
    expect(await second.database.query('SELECT id FROM notices')).toHaveLength(notices.length);
    expect(await second.database.query('SELECT id FROM coupons')).toHaveLength(1);
    await second.close();
  });
});

describe('DEMO_COUPON_CODE', () => {
  it('ensures a trial coupon with that code, without the rest of the demo data', async () => {
    const app = await buildTestApp({ env: { DEMO_COUPON_CODE: 'E2E-TRIAL-8G' } });
    try {
      const user = await signedInUser(app);
      expect(
        (await call(app, '/api/coupon/redeem_coupon', { code: 'E2E-TRIAL-8G' }, { cookie: user.cookie })).result.code,
      ).toBe(0);
      expect(
        (await call(app, '/api/coupon/redeem_coupon', { code: 'E2E-TRIAL-8G' }, { cookie: user.cookie })).result.code,
      ).toBe(Codes.COUPON_USED);
      expect(await app.database.query('SELECT id FROM notices')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('SEED_FILE', () => {
  it('creates users, coupons and notices and writes settings; users can log in with their password', async () => {
    const file = path.join(dir, 'seed.json');
    writeFileSync(
      file,
      JSON.stringify({
        users: [
          { email: 'Paid@e2e.test', password: 'paid-password', paidUser: true, traffic: GiB, vipDays: 30 },
          { email: 'free@e2e.test', password: 'free-password', type: null },
        ],
        coupons: [{ code: 'SEVEN-DAYS', name: '七天体验', type: 'freeTime', vipDay: 7, numberOfAuthorizations: 10 }],
        notices: [{ desc: '欢迎', href: '#/' }],
        settings: { notice_show: true, notice_title: 'E2E' },
      }),
    );
    database = await createTestDatabase();
    const app = await buildTestApp({ database, env: { SEED_FILE: file } });
    const cookie = await login(app, 'paid@e2e.test', 'paid-password');
    const info = (await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie })).result.data;
    expect(info).toMatchObject({ paidUser: true, traffic: GiB, type: 'normal' });
    // The seeded traffic is in the user's traffic records like any grant (the traffic invariants hold).
    expect(await invariantProblems(app.database.query, TRAFFIC_INVARIANTS)).toEqual([]);
    expect(new Date(info.vipExpireTime!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await call(app, '/api/user/sign_use', {}, { cookie })).result.code).toBe(0);
    const free = await login(app, 'free@e2e.test', 'free-password');
    expect((await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie: free })).result.data).not.toHaveProperty(
      'type',
    );
    expect((await call(app, '/api/coupon/redeem_coupon', { code: 'SEVEN-DAYS' }, { cookie: free })).result.code).toBe(
      0,
    );
    expect((await call<HostInfo>(app, '/api/host/get')).result.data.notice).toMatchObject({
      notice_show: true,
      notice_title: 'E2E',
    });
    await app.close();

    // Applied again at the next start without duplicates.
    const again = await buildTestApp({ database, env: { SEED_FILE: file } });
    expect(await again.database.query("SELECT id FROM users WHERE email LIKE '%@e2e.test'")).toHaveLength(2);
    expect(await again.database.query('SELECT id FROM notices')).toHaveLength(1);
    expect(await again.database.query('SELECT id FROM coupons')).toHaveLength(1);
    await again.close();
  });

  it('stops the start with a message naming the problem', async () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ users: [{ email: 'x@e2e.test', password: 'short' }] }));
    await expect(buildTestApp({ env: { SEED_FILE: file } })).rejects.toThrow(/SEED_FILE: \/users\/0\/password/);
    writeFileSync(file, '{ not json');
    await expect(readSeedFile(file)).rejects.toThrow(/could not be read as JSON/);
    await expect(readSeedFile(path.join(dir, 'missing.json'))).rejects.toBeInstanceOf(SeedFileError);
  });
});
