import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { qxRuleSets, remoteFolder, remoteNames } from '@portal/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_API_PREFIX } from '../src/modules/node-api/index.js';
import { createNode, type TestNode } from '../src/modules/node-api/testing/fixtures.js';
import { signedInUser } from './api.js';
import { buildTestApp } from './build-test-app.js';
import { newOrder, product, shopApi } from './money.js';

/**
 * QUALITY 12, "no GET changes state": every GET route of the server is called, as a visitor and
 * as a signed-in user, with the addresses a real client uses (so the handlers do their real
 * work), and the whole database is compared before and after. The only GETs that may change state
 * are these, each authorised by a secret the request itself carries, which a cross-site page
 * cannot know; they are walked too, with a wrong secret, and must then change nothing.
 */
const STATE_CHANGING_GETS: Record<string, string> = {
  '/api/account/signup_confirm':
    "confirms an account: the spec's confirm page calls it by GET; authorised by the mailed single-use 256-bit key",
  '/api/account/change_password':
    'applies a password change the owner asked for: the same page and the same kind of mailed single-use key',
  '/api/account/change_email':
    'applies the e-mail change the owner asked for on the profile: the same page and the same kind of mailed single-use key, sent to the new address',
  '/api/pay/notify/epay/:platform':
    "epay gateways send their notifies by GET from their servers; authorised by the platform's md5 signature, and a notify only ever pays an order once",
};

/**
 * Bookkeeping left out of the comparison: when a session and its user were last seen, refreshed
 * at most every 5 minutes by any call that looks the session up (/user/getUserAllURL does, by
 * GET), and the session's idle expiry, which moves with it (30 days after its last use). Nothing
 * a user or an attacker can act on; every other column is compared.
 */
const IGNORED_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at', 'expires_at'],
  users: ['last_active_at'],
};
/**
 * Tables that count requests rather than hold state: the shared rate-limit counters (on
 * PostgreSQL, rate-limited GETs like the subscriptions count themselves there), the jobs'
 * heartbeats (background runs, whatever the requests), and the record of subscription fetches
 * and the devices that made them (issue 27: who fetched a link is what it records; a client's
 * hardware id is counted against the owner's device limit, which only the key's holder reaches).
 */
const IGNORED_TABLES = new Set([
  'rate_limits',
  'job_runs',
  'subscription_fetches',
  'subscription_devices',
  // Alerts about what came in (issue 28): a refused payment notify is told to staff, once per
  // platform and reason in ten minutes. A record of the request, not state a caller acts on.
  'notification_events',
  'notification_deliveries',
]);

interface Context {
  user: { id: string; cookie: string; userkey: string };
  node: TestNode;
  payurl: string;
}

/** For each GET route, the requests that exercise it (the expected status of each, to show the handler ran). */
const WALK: Record<string, (ctx: Context) => Array<{ url: string; status: number; query?: Record<string, string> }>> = {
  '/portal-config.json': () => [{ url: '/portal-config.json', status: 200 }],
  '/healthz': () => [{ url: '/healthz', status: 200 }],
  '/readyz': () => [{ url: '/readyz', status: 200 }],
  '/bench/bare': () => [{ url: '/bench/bare', status: 200 }],
  '/': () => [{ url: '/', status: 200 }],
  '/index.html': () => [{ url: '/index.html', status: 200 }],
  '/*': () => [{ url: '/no-such-file.js', status: 404 }],
  ...Object.fromEntries(
    remoteNames.map((name) => [
      `/remotes/${remoteFolder(name)}/*`,
      () => [{ url: `/remotes/${remoteFolder(name)}/mf-manifest.json`, status: 200 }],
    ]),
  ),
  '/describe/q.filter': () => [{ url: '/describe/q.filter', status: 200 }],
  '/describe/qx/:file': () => [
    { url: '/describe/qx/Rewrite.conf', status: 200 },
    ...qxRuleSets.map((set) => ({ url: `/describe/qx/${set.tag}.list`, status: 200 })),
    { url: '/describe/qx/nothing.list', status: 404 },
  ],
  '/user/getUserAllURL': () => [{ url: '/user/getUserAllURL', status: 200 }],
  '/api/subscript/:kind/:userId/:userkey': ({ user }) => [
    ...['clash', 'singbox', 'ss', 'surge', 'qx'].map((kind) => ({
      url: `/api/subscript/${kind}/${user.id}/${user.userkey}`,
      status: 200,
    })),
    { url: `/api/subscript/clash/${user.id}/${'0'.repeat(32)}`, status: 404 },
  ],
  '/api/subscript/:kind/:userId/': ({ user }) => [{ url: `/api/subscript/clash/${user.id}/`, status: 404 }],
  '/api/subscript/auto/:userId/:userkey': ({ user }) => [
    { url: `/api/subscript/auto/${user.id}/${user.userkey}`, status: 200 },
    { url: `/api/subscript/auto/${user.id}/${'0'.repeat(32)}`, status: 404 },
  ],
  '/api/file/downloads/:filename': () => [{ url: `/api/file/downloads/${'0'.repeat(32)}.png`, status: 404 }],
  '/api/pay/sandbox/page.css': () => [{ url: '/api/pay/sandbox/page.css', status: 200 }],
  '/api/pay/sandbox/submit.php': ({ payurl }) => {
    const u = new URL(payurl);
    return [
      { url: `${u.pathname}${u.search}`, status: 200 },
      { url: u.pathname, status: 400 },
    ];
  },
  [`${NODE_API_PREFIX}/config`]: ({ node }) => [
    {
      url: `${NODE_API_PREFIX}/config`,
      query: { node_id: node.agentId, token: node.secret, node_type: 'vmess' },
      status: 200,
    },
    {
      url: `${NODE_API_PREFIX}/config`,
      query: { node_id: node.agentId, token: 'wrong-secret', node_type: 'vmess' },
      status: 401,
    },
  ],
  [`${NODE_API_PREFIX}/user`]: ({ node }) => [
    { url: `${NODE_API_PREFIX}/user`, query: { node_id: node.agentId, token: node.secret }, status: 200 },
  ],
  [`${NODE_API_PREFIX}/alivelist`]: ({ node }) => [
    { url: `${NODE_API_PREFIX}/alivelist`, query: { node_id: node.agentId, token: node.secret }, status: 200 },
  ],
  // The state-changing ones, without their secret.
  '/api/account/signup_confirm': ({ user }) => [
    { url: '/api/account/signup_confirm', query: { serial_id: user.id, key: 'a'.repeat(64) }, status: 200 },
    { url: '/api/account/signup_confirm', status: 400 },
  ],
  '/api/account/change_password': ({ user }) => [
    { url: '/api/account/change_password', query: { serial_id: user.id, key: 'a'.repeat(64) }, status: 200 },
  ],
  '/api/account/change_email': ({ user }) => [
    { url: '/api/account/change_email', query: { serial_id: user.id, key: 'a'.repeat(64) }, status: 200 },
  ],
  '/api/pay/notify/epay/:platform': ({ payurl }) => {
    const fields = Object.fromEntries(new URL(payurl).searchParams);
    return [
      {
        url: '/api/pay/notify/epay/sandbox',
        query: { ...fields, trade_no: 'T1', trade_status: 'TRADE_SUCCESS', sign: '0'.repeat(32) },
        status: 400,
      },
      { url: '/api/pay/notify/epay/nobody', status: 400 },
    ];
  },
};

let root: string;
let app: FastifyInstance;
let ctx: Context;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bff-gets-'));
  for (const folder of ['shell', ...remoteNames.map(remoteFolder)]) {
    mkdirSync(path.join(root, folder, 'dist'), { recursive: true });
    writeFileSync(path.join(root, folder, 'dist', 'index.html'), `<!doctype html><title>${folder}</title>`);
    writeFileSync(path.join(root, folder, 'dist', 'mf-manifest.json'), '{}');
  }
  app = await buildTestApp({ env: { SERVE_STATIC: 'true', STATIC_ROOT: root, BENCH_ROUTES: 'true' } });
  const user = await signedInUser(app, { paidUser: true });
  await app.database.query(
    "UPDATE users SET traffic = 1073741824, vip_expire_time = now() + interval '30 days' WHERE id = $1",
    [user.id],
  );
  const [{ userkey }] = (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [
    user.id,
  ])) as [{ userkey: string }];
  const node = await createNode(app, { lines: [{ protocol: 'vmesh_tcp' }] });
  const order = await newOrder(app, user.cookie, await product(app, { name: '包', price: 10 }));
  const paid = await shopApi(app, user.cookie).dobuy(order._id, { pay_mode: 'alipay' });
  if (paid.code !== 0 || paid.data.payurl === undefined) throw new Error(`dobuy: ${paid.code} ${paid.msg}`);
  // A session last seen long ago, so that a GET which looked it up would have to write.
  await app.database.query("UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE user_id = $1", [
    user.id,
  ]);
  ctx = { user: { ...user, userkey }, node, payurl: paid.data.payurl };
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every table's rows, hashed (per table, so a failure names it). */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await app.database.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (IGNORED_TABLES.has(name)) continue;
    const row = (IGNORED_COLUMNS[name] ?? []).reduce((expr, column) => `(${expr} - '${column}')`, 'to_jsonb(t)');
    const [hash] = await app.database.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(${row}::text, '|' ORDER BY ${row}::text), '')) AS h FROM "${name}" t`,
    );
    out[name] = hash!.h;
  }
  return out;
}

const getUrls = () => [...new Set(app.httpRoutes.filter((r) => r.methods.includes('GET')).map((r) => r.url))];

describe('QUALITY 12: no GET changes state', () => {
  it('every GET route is walked, and the state-changing ones are the listed ones, each with its reason', () => {
    expect(getUrls().filter((url) => WALK[url] === undefined)).toEqual([]);
    expect(Object.keys(WALK).filter((url) => !getUrls().includes(url))).toEqual([]);
    expect(Object.keys(STATE_CHANGING_GETS).every((url) => getUrls().includes(url))).toBe(true);
  });

  it.each(Object.keys(WALK))('GET %s changes nothing (as a visitor and signed in, GET and HEAD)', async (route) => {
    const before = await fingerprint();
    const statuses: Array<[string, number, number]> = [];
    for (const request of WALK[route]!(ctx)) {
      for (const cookie of [undefined, ctx.user.cookie]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const options: InjectOptions = {
            method,
            url: request.url,
            ...(request.query === undefined ? {} : { query: request.query }),
            ...(cookie === undefined ? {} : { headers: { cookie } }),
          };
          const response = await app.inject(options);
          expect(response.statusCode, `${method} ${request.url}`).toBeLessThan(500);
          if (cookie === ctx.user.cookie) statuses.push([request.url, request.status, response.statusCode]);
        }
      }
    }
    // Signed in, each request got the answer of a handler that did its work.
    for (const [url, expected, got] of statuses) expect(got, url).toBe(expected);
    expect(await fingerprint()).toEqual(before);
  });
});
