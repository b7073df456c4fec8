import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, buildTestApp } from '../../../test/build-test-app.js';
import { signedInUser } from '../../../test/api.js';
import { maskUrl } from '../../lib/log-redaction.js';
import { applyDemoNetwork } from '../network/index.js';
import { subscriptionKinds } from '@portal/contracts';

let app: FastifyInstance;
const logs = new LogCapture();
let user: { id: string; cookie: string; userkey: string };

async function keyOf(id: string): Promise<string> {
  const rows = await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [id]);
  return rows[0]!.userkey;
}

beforeAll(async () => {
  app = await buildTestApp({ logs });
  await applyDemoNetwork(app.network);
  const u = await signedInUser(app, { paidUser: true });
  await app.database.query(
    "UPDATE users SET traffic = 10737418240, spend_traffic = 1073741824, vip_expire_time = '2099-01-01T00:00:00Z' WHERE id = $1",
    [u.id],
  );
  user = { ...u, userkey: await keyOf(u.id) };
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /api/subscript/{kind}/{userId}/{userkey}', () => {
  it('answers every kind with the client headers', async () => {
    for (const kind of subscriptionKinds) {
      const res = await get(`/api/subscript/${kind}/${user.id}/${user.userkey}`);
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['subscription-userinfo']).toBe(
        'upload=0; download=1073741824; total=10737418240; expire=4070908800',
      );
      expect(res.headers['profile-update-interval']).toBe('24');
      expect(String(res.headers['content-disposition'])).toMatch(
        /^attachment; filename="[^"]+"; filename\*=UTF-8''%E4%BA%91/,
      );
      expect(String(res.headers['profile-title'])).toMatch(/^base64:/);
      expect(res.body.length).toBeGreaterThan(10);
    }
  });

  it('lists the demo lines in a Clash config, the name query names the file', async () => {
    const res = await get(`/api/subscript/mjclash/${user.id}/${user.userkey}?name=${encodeURIComponent('我的订阅')}`);
    const config = parse(res.body) as { proxies: Array<{ name: string }> };
    expect(config.proxies.map((p) => p.name)).toContain('🇺🇸 美国 洛杉矶');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('我的订阅.yaml')}`);
  });

  it('gives a wrong key, an empty key, an unknown user and an unknown kind the same answer', async () => {
    const answers = await Promise.all([
      get(`/api/subscript/clash/${user.id}/00000000000000000000000000000000`),
      get(`/api/subscript/clash/${user.id}/`),
      get(`/api/subscript/clash/ffffffffffffffffffffffff/${user.userkey}`),
      get(`/api/subscript/nope/${user.id}/${user.userkey}`),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(answers[0]!.statusCode);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.statusCode).toBe(404);
  });

  it('refuses the old key right after reset_userkey', async () => {
    const u = await signedInUser(app);
    const oldKey = await keyOf(u.id);
    expect((await get(`/api/subscript/clash/${u.id}/${oldKey}`)).statusCode).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset_userkey',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: { data: Buffer.from('{}').toString('base64') },
    });
    expect(reset.statusCode).toBe(200);
    expect((await get(`/api/subscript/clash/${u.id}/${oldKey}`)).statusCode).toBe(404);
    expect((await get(`/api/subscript/clash/${u.id}/${await keyOf(u.id)}`)).statusCode).toBe(200);
  });

  it('gives a user without traffic one informative entry', async () => {
    const u = await signedInUser(app);
    const res = await get(`/api/subscript/clash/${u.id}/${await keyOf(u.id)}`);
    const config = parse(res.body) as { proxies: Array<{ name: string; server: string }> };
    expect(config.proxies).toHaveLength(1);
    expect(config.proxies[0]!.server).toBe('127.0.0.1');
  });

  it('masks the key in logged addresses', async () => {
    expect(maskUrl(`/api/subscript/clash/${user.id}/${user.userkey}?name=x`)).toBe(
      `/api/subscript/clash/${user.id}/***?name=x`,
    );
    expect((await get(`/api/subscript/clash/${user.id}/${user.userkey}?name=x`)).statusCode).toBe(200);
    // The request line is logged, with the address masked, and the key is nowhere in the log.
    const urls = logs.lines.map((line) => (line.req as { url?: unknown } | undefined)?.url);
    expect(urls).toContain(`/api/subscript/clash/${user.id}/***?name=x`);
    expect(JSON.stringify(logs.lines)).not.toContain(user.userkey);
  });
});

describe('describe files and the all-links page', () => {
  it('serves the Quantumult filter and the QuantumultX rule sets', async () => {
    const filter = await get('/describe/q.filter');
    expect(filter.statusCode).toBe(200);
    expect(filter.body.trim().split('\n').at(-1)).toBe('FINAL,PROXY');
    for (const tag of ['Internal', 'Apple', 'GlobalMedia', 'Global']) {
      const res = await get(`/describe/qx/${tag}.list`);
      expect(res.statusCode).toBe(200);
      for (const line of res.body.trim().split('\n'))
        expect(line).toMatch(/^(host|host-suffix|host-keyword|ip-cidr|geoip), [^,]+, (direct|proxy)$/);
    }
    expect((await get('/describe/qx/Rewrite.conf')).body).toContain(' url 302 ');
    expect((await get('/describe/qx/Other.list')).statusCode).toBe(404);
  });

  it("/user/getUserAllURL?type=ssr lists the signed-in user's links", async () => {
    expect((await get('/user/getUserAllURL?type=ssr')).statusCode).toBe(401);
    const res = await get('/user/getUserAllURL?type=ssr', { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .split('\n')
        .filter(Boolean)
        .every((l) => /^(vmess|vless|ss):\/\//.test(l)),
    ).toBe(true);
  });
});
