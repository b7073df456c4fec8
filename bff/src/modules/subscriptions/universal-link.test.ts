// Issue 27, one link for every client: /api/subscript/auto/{userId}/{userkey} answers each client
// in its own format by the operator's rule table (the defaults for the tutorials' clients), a
// browser with the subscription page, and refuses what a rule refuses.
import { Codes, type ClientRule, type ClientRuleMatch } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type Admin } from '../../../test/admin.js';
import { signedInUser } from '../../../test/api.js';
import { applyDemoNetwork } from '../network/index.js';
import { DEFAULT_CLIENT_RULES } from './client-rules.js';

let app: FastifyInstance;
let admin: Admin;
let user: { id: string; userkey: string };

beforeAll(async () => {
  ({ app, admin } = await startAdminApp());
  await applyDemoNetwork(app.network);
  const u = await signedInUser(app, { paidUser: true });
  await app.database.query(
    "UPDATE users SET traffic = 10737418240, spend_traffic = 1073741824, vip_expire_time = '2099-01-01T00:00:00Z' WHERE id = $1",
    [u.id],
  );
  const rows = await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [u.id]);
  user = { id: u.id, userkey: rows[0]!.userkey };
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const auto = (userAgent: string, key = user.userkey) =>
  get(`/api/subscript/auto/${user.id}/${key}`, { 'user-agent': userAgent });

/** The User-Agents of the tutorials' clients (what each sends when it updates a subscription). */
const CLIENTS: [client: string, userAgent: string, kind: string][] = [
  ['FLClash (Windows, Android)', 'FlClash/v0.8.80 Platform/android', 'flclash'],
  ['Clash for Windows', 'ClashforWindows/0.20.39', 'clash'],
  ['Clash for Android', 'ClashForAndroid/2.5.12', 'clash'],
  ['ClashX (macOS)', 'ClashX/1.118.0', 'clash'],
  ['Clash Meta for Android', 'ClashMetaForAndroid/2.10.1.Meta', 'mjclash'],
  ['Clash Verge', 'clash-verge/v1.7.7', 'mjclash'],
  ['v2rayN (Windows)', 'v2rayN/6.55', 'v2box'],
  ['v2rayNG (Android)', 'v2rayNG/1.8.19', 'v2box'],
  ['SingBox for Android (SFA)', 'SFA/1.9.3 (Android 14; sing-box 1.9.3)', 'singbox'],
  ['SingBox for iOS and Mac (SFI, SFM)', 'SFI/1.9.3 (iOS 17.5; sing-box 1.9.3)', 'singbox'],
  ['SingBox for Windows', 'sing-box 1.9.3', 'singbox'],
  ['Shadowrocket', 'Shadowrocket/2070 CFNetwork/1410.0.3 Darwin/22.6.0', 'ssr'],
  ['QuantumultX', 'Quantumult%20X/1.4.1 (iPhone15,2; iOS 17.5)', 'qx'],
  ['Quantumult', 'Quantumult/1.0.8 (iPhone; iOS 16.0)', 'q'],
  ['Streisand', 'Streisand/1.5.6', 'v2box'],
  ['V2Box', 'V2Box/8.14', 'v2box'],
  ['Happ', 'Happ/1.6.3', 'v2box'],
  ['Surge', 'Surge iOS/2725', 'surge'],
];

describe('the universal link', () => {
  it.each(CLIENTS)('%s gets the same configuration as its own link (%s → %s)', async (_client, userAgent, kind) => {
    const universal = await auto(userAgent);
    const own = await get(`/api/subscript/${kind}/${user.id}/${user.userkey}`, { 'user-agent': userAgent });
    expect(universal.statusCode).toBe(200);
    expect(universal.headers['content-type']).toBe(own.headers['content-type']);
    expect(universal.headers['subscription-userinfo']).toBe(own.headers['subscription-userinfo']);
    // The per-kind answers are read by the real parsers in subscriptions.test.ts and formats.test.ts.
    expect(universal.body.replaceAll('/auto/', `/${kind}/`)).toBe(own.body);
  });

  it('a Clash client’s answer is a Clash configuration with the lines', async () => {
    const config = parse((await auto('clash-verge/v1.7.7')).body) as { proxies: { name: string }[] };
    expect(config.proxies.map((p) => p.name)).toContain('🇺🇸 美国 洛杉矶');
  });

  it('an unknown client gets share links; a browser gets the subscription page, never cached', async () => {
    const unknown = await auto('SomeNewClient/0.1');
    expect(unknown.body).toBe((await get(`/api/subscript/v2box/${user.id}/${user.userkey}`)).body);

    const page = await auto(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<b data-testid="traffic-left">9.00 G</b>');
    expect(page.body).toContain('clashmeta://install-config?url=');
    expect(page.body).toContain(encodeURIComponent(`/api/subscript/mjclash/${user.id}/${user.userkey}`));
    expect(page.body.match(/<svg/g)?.length).toBeGreaterThanOrEqual(10);
    expect(page.body).not.toContain('<script');
  });

  it('gives a wrong key the same answer as the per-kind link, for a client and for a browser', async () => {
    const wrong = '0'.repeat(32);
    const own = await get(`/api/subscript/clash/${user.id}/${wrong}`);
    for (const res of [
      await auto('ClashforWindows/0.20.39', wrong),
      await auto('Mozilla/5.0 (X11; Linux x86_64)', wrong),
    ]) {
      expect(res.statusCode).toBe(own.statusCode);
      expect(res.body).toBe(own.body);
    }
    expect(own.statusCode).toBe(404);
  });
});

describe('the operator’s rule table', () => {
  const setRules = (rules: ClientRule[]) =>
    admin.post('/api/admin/config/set_config', { subscription_client_rules: rules });

  it('a new rule takes effect at once, a refusal answers 403, and the defaults come back', async () => {
    const mine: ClientRule = {
      name: '自家客户端',
      header: 'user-agent',
      pattern: '^MyVPN/',
      answer: 'singbox',
      enabled: true,
    };
    const refuse: ClientRule = {
      name: '拒绝爬虫',
      header: 'user-agent',
      pattern: 'curl|wget',
      answer: 'refuse',
      enabled: true,
    };
    try {
      expect((await setRules([mine, refuse, ...DEFAULT_CLIENT_RULES])).code).toBe(0);
      const answer = await auto('MyVPN/2.0');
      expect(JSON.parse(answer.body)).toHaveProperty('outbounds');
      const refused = await auto('curl/8.5.0');
      expect(refused.statusCode).toBe(403);
      // A rule on another header than the User-Agent.
      expect(
        (await setRules([{ name: '按请求头', header: 'x-client', pattern: '^box$', answer: 'singbox', enabled: true }]))
          .code,
      ).toBe(0);
      const byHeader = await get(`/api/subscript/auto/${user.id}/${user.userkey}`, {
        'user-agent': 'x',
        'x-client': 'box',
      });
      expect(JSON.parse(byHeader.body)).toHaveProperty('outbounds');
    } finally {
      expect((await setRules(DEFAULT_CLIENT_RULES)).code).toBe(0);
    }
    expect((await auto('MyVPN/2.0')).body).toBe((await get(`/api/subscript/v2box/${user.id}/${user.userkey}`)).body);
  });

  it('refuses a pattern that is not a regular expression, saying which rule', async () => {
    const bad: ClientRule = {
      name: '坏规则',
      header: 'user-agent',
      pattern: '(unclosed',
      answer: 'clash',
      enabled: true,
    };
    const saved = await setRules([...DEFAULT_CLIENT_RULES, bad]);
    expect(saved.code).toBe(Codes.INVALID_PAYLOAD);
    expect(saved.msg).toContain('坏规则');
  });

  it('the tester says which rule a client meets, on the rules being edited or the saved ones', async () => {
    const test = (payload: object) => admin.post<ClientRuleMatch>('/api/admin/config/test_client_rule', payload);
    const qx = await test({ userAgent: 'Quantumult%20X/1.4.1' });
    expect(qx.data).toMatchObject({ name: 'Quantumult X', answer: 'qx' });
    expect(qx.data.index).toBe(DEFAULT_CLIENT_RULES.findIndex((r) => r.answer === 'qx'));
    expect((await test({ userAgent: 'Unknown/1' })).data).toMatchObject({ index: -1, answer: 'v2box' });
    const edited = await test({
      userAgent: 'Unknown/1',
      rules: [{ name: '全部', header: 'user-agent', pattern: '.', answer: 'page', enabled: true }],
    });
    expect(edited.data).toMatchObject({ index: 0, answer: 'page' });
    const broken = await test({
      userAgent: 'x',
      rules: [{ name: '坏', header: 'user-agent', pattern: '[', answer: 'page', enabled: true }],
    });
    expect(broken.data.problem).toContain('坏');
  });
});
