import { Codes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { buildTestApp } from '../../test/build-test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { DEMO_COUPON_CODE: 'ANON-TRY' } });
  await app.notices.create({ desc: 'n' });
});

afterAll(async () => {
  await app.close();
});

/** The calls of spec-1 that act for a signed-in user, each with a payload that would pass validation. */
const USER_ROUTES: Array<[string, object]> = [
  ['/api/user/userinfo', {}],
  ['/api/permission/mypermissions', {}],
  ['/api/user_notive/list', {}],
  ['/api/user_notive/clicked', { noticeId: '0'.repeat(24) }],
  ['/api/coupon/redeem_coupon', { code: 'ANON-TRY' }],
  ['/api/user/reset_userkey', {}],
  ['/api/user/sign_use_info', {}],
  ['/api/user/sign_use', {}],
  ['/api/user/change_use_info', { inXinjiang: true }],
  ['/api/user/unbind', {}],
  ['/api/user/apple_ids', {}],
];

const TABLES = ['users', 'sessions', 'coupon_uses', 'traffic_records', 'sign_ins', 'notice_reads', 'mail_outbox'];

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    out[table] = Number((await app.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  }
  return out;
}

describe('user routes', () => {
  it('refuse visitors and forged cookies with 1002 (HTTP 401) and change nothing', async () => {
    const before = await counts();
    const keys = await app.database.query('SELECT id, userkey FROM users ORDER BY id');
    for (const [url, payload] of USER_ROUTES) {
      for (const cookie of [undefined, 'sid=forged-session-token']) {
        const { status, result } = await call(app, url, payload, cookie === undefined ? {} : { cookie });
        expect(status, url).toBe(401);
        expect(result.code, url).toBe(Codes.SESSION_EXPIRED);
      }
    }
    expect(await counts()).toEqual(before);
    expect(await app.database.query('SELECT id, userkey FROM users ORDER BY id')).toEqual(keys);
    const [coupon] = await app.database.query<{ n: number }>(
      "SELECT auth_times AS n FROM coupons WHERE code = 'ANON-TRY'",
    );
    expect(Number(coupon!.n)).toBe(0);
  });

  it('public calls of the same spec section answer without a session', async () => {
    for (const [url, payload] of [
      ['/api/host/get', {}],
      ['/api/user/get_email', { describUrl: 'https://nothing.example/x' }],
    ] as const) {
      const { status } = await call(app, url, payload);
      expect(status, url).toBe(200);
    }
  });
});
