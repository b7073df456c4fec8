import { Codes, cookieNames } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, login, loginAsAdmin, sessionCookie } from '../../../test/api.js';
import { buildTestApp, TEST_ADMIN } from '../../../test/build-test-app.js';
import { sha256Hex } from '../../lib/random.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    env: { TRUST_PROXY: 'true' },
    configure: (a) => {
      a.post('/api/test/admin-only', {
        config: { access: { permission: 'settings.read' }, payload: EmptyRequest },
        handler: async (_request, reply) => reply.envelope({ secret: 'admin data' }),
      });
      a.post('/api/test/ops', {
        config: { access: { permission: 'coupons.read' }, payload: EmptyRequest },
        handler: async (_request, reply) => reply.envelope({}),
      });
    },
  });
});

afterAll(async () => {
  await app.close();
});

const loginResponse = async (headers: Record<string, string> = {}) =>
  (await call(app, '/api/user/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, { headers }))
    .response;

describe('session cookie', () => {
  it('is httpOnly, SameSite=Lax, path /, 400 days (the server ends idle sessions), and not Secure over plain http', async () => {
    const response = await loginResponse();
    const sid = response.cookies.find((c) => c.name === cookieNames.session)!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 400 * 24 * 3600 });
    expect(sid.secure).toBeFalsy();
  });

  it('is Secure when the request came over HTTPS (through a trusted proxy)', async () => {
    const response = await loginResponse({ 'x-forwarded-proto': 'https' });
    const sid = response.cookies.find((c) => c.name === cookieNames.session)!;
    expect(sid.secure).toBe(true);
  });

  it('carries at least 128 random bits, new at every login, and only its hash is stored', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const token = sessionCookie(await loginResponse()).slice('sid='.length);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      tokens.add(token);
    }
    expect(tokens.size).toBe(5);
    const ids = (await app.database.query<{ id: string }>('SELECT id FROM sessions')).map((r) => r.id);
    for (const token of tokens) {
      expect(ids).not.toContain(token);
      expect(ids).toContain(sha256Hex(token));
    }
  });
});

describe('logout', () => {
  it('ends the session on the server: the old cookie is refused with 1002', async () => {
    const cookie = await loginAsAdmin(app);
    expect((await call(app, '/api/user/userinfo', {}, { cookie })).result.code).toBe(0);
    const out = await call(app, '/api/user/logout', {}, { cookie });
    expect(out.result.code).toBe(0);
    const cleared = out.response.cookies.filter(
      (c) => c.value === '' || (c.maxAge ?? 1) <= 0 || (c.expires?.getTime() ?? Infinity) < Date.now(),
    );
    expect(cleared.map((c) => c.name).sort()).toEqual([cookieNames.session, cookieNames.token].sort());
    const after = await call(app, '/api/user/userinfo', {}, { cookie });
    expect(after.status).toBe(401);
    expect(after.result.code).toBe(Codes.SESSION_EXPIRED);
  });

  it('succeeds without a session too', async () => {
    expect((await call(app, '/api/user/logout')).result.code).toBe(0);
  });

  it('a new login replaces the session presented with it', async () => {
    const first = await loginAsAdmin(app);
    const second = sessionCookie(
      (
        await call(
          app,
          '/api/user/login',
          { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
          { cookie: first },
        )
      ).response,
    );
    expect((await call(app, '/api/user/userinfo', {}, { cookie: first })).result.code).toBe(Codes.SESSION_EXPIRED);
    expect((await call(app, '/api/user/userinfo', {}, { cookie: second })).result.code).toBe(0);
  });

  it('an expired session is refused and its cookies are cleared', async () => {
    const cookie = await loginAsAdmin(app);
    const id = sha256Hex(cookie.slice('sid='.length));
    await app.database.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    const { status, response } = await call(app, '/api/user/userinfo', {}, { cookie });
    expect(status).toBe(401);
    expect(response.cookies.map((c) => c.name).sort()).toEqual([cookieNames.session, cookieNames.token].sort());
  });

  it('destroyAllForUser ends every session of the user except the one kept', async () => {
    const keep = await loginAsAdmin(app);
    const other = await loginAsAdmin(app);
    const [admin] = await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      TEST_ADMIN.email,
    ]);
    await app.sessions.destroyAllForUser(admin!.id, keep.slice('sid='.length));
    expect((await call(app, '/api/user/userinfo', {}, { cookie: keep })).result.code).toBe(0);
    expect((await call(app, '/api/user/userinfo', {}, { cookie: other })).result.code).toBe(Codes.SESSION_EXPIRED);
  });
});

describe('roles', () => {
  it('are read from the database on every request: a demoted admin is refused at once', async () => {
    await createUser(app, { email: 'boss@example.com', password: 'boss-password', type: 'admin' });
    const cookie = await login(app, 'boss@example.com', 'boss-password');
    const before = await call(app, '/api/test/admin-only', {}, { cookie });
    expect(before.result).toMatchObject({ code: 0, data: { secret: 'admin data' } });

    await app.database.query(
      "DELETE FROM staff_members WHERE user_id = (SELECT id FROM users WHERE email = 'boss@example.com')",
    );
    const after = await call(app, '/api/test/admin-only', {}, { cookie });
    expect(after.status).toBe(403);
    expect(after.result.code).toBe(Codes.FORBIDDEN);
    expect(JSON.stringify(after.result)).not.toContain('admin data');
  });

  it('refuse users of other roles (403) and visitors (401)', async () => {
    await createUser(app, { email: 'ops@example.com', password: 'ops-password', type: 'yunying' });
    await createUser(app, { email: 'user@example.com', password: 'user-password', type: 'normal' });
    const ops = await login(app, 'ops@example.com', 'ops-password');
    const user = await login(app, 'user@example.com', 'user-password');
    expect((await call(app, '/api/test/ops', {}, { cookie: ops })).result.code).toBe(0);
    expect((await call(app, '/api/test/admin-only', {}, { cookie: ops })).result.code).toBe(Codes.FORBIDDEN);
    expect((await call(app, '/api/test/ops', {}, { cookie: user })).result.code).toBe(Codes.FORBIDDEN);
    const visitor = await call(app, '/api/test/admin-only');
    expect(visitor.status).toBe(401);
    expect(visitor.result.code).toBe(Codes.SESSION_EXPIRED);
  });

  it('a forged or garbage cookie is just "no session"', async () => {
    for (const cookie of ['sid=forged', `sid=${'A'.repeat(43)}`, `sid=${'x'.repeat(5000)}`]) {
      expect((await call(app, '/api/user/userinfo', {}, { cookie })).result.code).toBe(Codes.SESSION_EXPIRED);
    }
  });
});

describe('route inventory', () => {
  it('refuses to register an API route that does not say who may call it', async () => {
    await expect(
      buildTestApp({
        configure: (a) => {
          a.post('/api/test/unguarded', { config: { payload: EmptyRequest }, handler: async () => ({}) });
        },
      }),
    ).rejects.toThrow(/config\.access/);
  });
});
