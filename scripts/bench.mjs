// npm run bench — load test of the BFF's hot path against a bare Fastify route in the same run.
// Starts the compiled server (what `npm start` runs) on a temp PGlite data dir, then on PostgreSQL
// (BENCH_DATABASE_URL, else the throwaway cluster of scripts/with-postgres.sh that `npm run bench`
// starts) as one instance and as two behind a round-robin balancer of its own; runs autocannon (10 connections, a few seconds per target) against
// GET /bench/bare and the envelope call POST /api/user/userinfo (decode, one primary-key join,
// encode), GET /api/subscript/clash/… for a user with 200 lines (the whole subscription call:
// key check, line selection, Clash YAML) and the checkout's poll POST /api/shop/trade_status for
// a user with an open trade, prints req/s, p99 and the ratio, then the time to
// generate a 200-line subscription in process (bff/bench/generation.ts) and
// scripts/first-page-size.mjs if present.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBalancer } from './lib/balancer.mjs';
import { freePort, rssMb } from './lib/portal-server.mjs';
import { invariantProblems, MONEY_INVARIANTS, TRAFFIC_INVARIANTS } from '../bff/src/db/invariants.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const ADMIN = { email: 'bench@localhost', password: 'bench-password-not-secret' };

const children = new Set();
const tempDirs = new Set();
function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
// The whole run is bounded, whatever hangs.
setTimeout(() => {
  console.error('bench: timed out');
  process.exit(1);
}, 900_000).unref();

const encode = (payload) => JSON.stringify({ data: Buffer.from(JSON.stringify(payload)).toString('base64') });
const decode = (body) => JSON.parse(Buffer.from(body.data, 'base64').toString('utf8'));

async function startServer(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The flags scripts/start.sh runs the server with.
  const child = spawn(process.execPath, ['--max-semi-space-size=8', 'bff/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SERVE_STATIC: 'false',
      BENCH_ROUTES: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`${label}: server not ready after 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const startMs = Date.now() - started;
  return {
    base,
    startMs,
    rssMb: () => rssMb(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

/** Resident memory of a process in MB (Linux /proc), or NaN where it cannot be read. */
/** A paid user and one node with 200 lines, applied at start-up (SEED_FILE). */
const SUBSCRIBER = { email: 'subscriber@bench.localhost', password: 'bench-subscriber-password' };
const SUBSCRIPTION_LINES = 200;
function writeBenchSeed(dir) {
  const file = path.join(dir, 'bench-seed.json');
  const lines = Array.from({ length: SUBSCRIPTION_LINES }, (_, i) => ({
    id: `bench-line-${i + 1}`,
    name: `线路 ${i + 1}`,
    protocol: i % 2 === 0 ? 'vmesh_tcp' : 'vmesh_ws',
  }));
  const seed = {
    users: [{ ...SUBSCRIBER, paidUser: true, traffic: 1024 ** 4 }, BUYER],
    combos: [{ id: BENCH_COMBO, name: '基准套餐', price: 10, traffic: 1024 ** 3 }],
    agents: [
      {
        id: 'bench-node',
        name: '基准节点',
        country: { name: '日本', flag: '🇯🇵', code: 'JP' },
        type: 'v2ray',
        ip: '203.0.113.10',
        host: 'bench.example.com',
        port: 443,
        secret: 'bench-node-secret-not-secret',
        lines,
      },
    ],
  };
  writeFileSync(file, JSON.stringify(seed));
  return file;
}

async function loginCookie(base, account = ADMIN) {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: encode(account),
  });
  const result = decode(await response.json());
  if (result.code !== 0) throw new Error(`bench login failed: ${result.code} ${result.msg}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  const sid = cookie.split(';')[0];
  // Prove the measured call really succeeds (autocannon only sees HTTP statuses).
  const check = await fetch(`${base}/api/user/userinfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: sid },
    body: encode({}),
  });
  const info = decode(await check.json());
  if (info.code !== 0 || info.data.email !== account.email) throw new Error('bench: userinfo check failed');
  return sid;
}

/** The subscriber's link of one kind, checked to list every line (autocannon only sees statuses). */
async function subscriptionTarget(base, kind) {
  const cookie = await loginCookie(base, SUBSCRIBER);
  const info = decode(
    await (
      await fetch(`${base}/api/user/userinfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: encode({}),
      })
    ).json(),
  );
  const url = `${base}/api/subscript/${kind}/${info.data._id}/${info.data.userkey}`;
  const body = await (await fetch(url)).text();
  const listed = (body.match(/线路 \d+/g) ?? []).length;
  if (listed < SUBSCRIPTION_LINES)
    throw new Error(`bench: the subscription lists ${listed} of ${SUBSCRIPTION_LINES} lines`);
  return { url };
}

/** A user with an open trade (sandbox pay method), for the checkout's trade_status poll. */
const BUYER = { email: 'buyer@bench.localhost', password: 'bench-buyer-password' };
const BENCH_COMBO = 'b0000000000000000000000b';
async function tradeStatusTarget(base) {
  const cookie = await loginCookie(base, BUYER);
  const post = async (url, payload) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: encode(payload),
    });
    const result = decode(await response.json());
    if (result.code !== 0) throw new Error(`bench: ${url} answered ${result.code} ${result.msg}`);
    return result.data;
  };
  const order = await post('/api/shop/create_order', { combo_id: BENCH_COMBO });
  const trade = await post('/api/shop/dobuy', { order_id: order._id, pay_mode: 'alipay', isMobile: false });
  const body = encode({ trade_id: trade._id });
  if ((await post('/api/shop/trade_status', { trade_id: trade._id })).status !== 'topay')
    throw new Error('bench: the trade is not open');
  return {
    url: `${base}/api/shop/trade_status`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body,
    // Every answer must be the open trade, not a refusal sent with HTTP 200.
    requests: [{ onResponse: (_status, response) => decode(JSON.parse(response)).code !== 0 && refusals.count++ }],
  };
}
const refusals = { count: 0 };

async function load(label, options) {
  // A short warm-up so JIT and connection pools are hot before measuring.
  await autocannon({ ...options, connections: CONNECTIONS, amount: 500 });
  refusals.count = 0;
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  return {
    label,
    reqPerSec: result.requests.average,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + refusals.count,
    total: result.requests.total,
  };
}

function envelopeTarget(base, cookie) {
  return {
    url: `${base}/api/user/userinfo`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: encode({}),
  };
}

const NODE = { id: 'bench-node', secret: 'bench-node-secret-not-secret' };

function shopTarget(base) {
  return {
    url: `${base}/api/shop/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: encode({}),
  };
}

/** A node's traffic push for the subscriber (1 byte each way), keyed by the user list's integer id. */
async function pushTarget(base) {
  const query = `node_id=${NODE.id}&token=${NODE.secret}`;
  const { users } = await (await fetch(`${base}/api/v1/server/UniProxy/user?${query}`)).json();
  if (!Array.isArray(users) || users.length === 0) throw new Error('bench: the node lists no user');
  return {
    url: `${base}/api/v1/server/UniProxy/push?${query}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [String(users[0].id)]: [1, 1] }),
  };
}

/** The hot calls against one base URL (an instance or the balancer). */
async function hotCalls(base, suffix, { kinds = ['clash', 'singbox'] } = {}) {
  const cookie = await loginCookie(base);
  rows.push(await load(`envelope userinfo (${suffix})`, envelopeTarget(base, cookie)));
  for (const kind of kinds) {
    rows.push(
      await load(`${kind} subscription, ${SUBSCRIPTION_LINES} lines (${suffix})`, await subscriptionTarget(base, kind)),
    );
  }
  // The same fetch from a client that sends a hardware id (issue 27): the device gate (a known
  // device: one UPDATE) and the batched fetch record on top of the subscription.
  const clash = await subscriptionTarget(base, 'clash');
  rows.push(
    await load(`clash subscription with x-hwid, ${SUBSCRIPTION_LINES} lines (${suffix})`, {
      ...clash,
      headers: { 'user-agent': 'FlClash/0.8.80', 'x-hwid': 'bench-device-1', 'x-device-model': 'bench' },
    }),
  );
  rows.push(await load(`shop list (${suffix})`, shopTarget(base)));
  rows.push(await load(`trade_status poll (${suffix})`, await tradeStatusTarget(base)));
  rows.push(await load(`node traffic push (${suffix})`, await pushTarget(base)));
}

/**
 * After the load: the suite's money and traffic invariants (bff/src/db/invariants.ts, one list for
 * the tests, the move to PostgreSQL and this), and that the pushes were recorded; `query` reads the
 * database the server used.
 */
async function checkInvariants(query) {
  const problems = await invariantProblems(query, [...MONEY_INVARIANTS, ...TRAFFIC_INVARIANTS]);
  const [pushes] = await query('SELECT count(*)::int AS n FROM node_traffic_reports');
  if (Number(pushes.n) === 0) problems.push('traffic pushes charged but not recorded');
  return problems;
}

/** The invariants of a PostgreSQL database. */
async function checkPostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await checkInvariants(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
}

/** The invariants of a PGlite data folder (the server that used it has stopped). */
async function checkPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir });
  try {
    return await checkInvariants(async (text, params) => (await db.query(text, params)).rows);
  } finally {
    await db.close();
  }
}

const rows = [];
const memory = [];
const tempDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
tempDirs.add(tempDir);
spawnSync(process.execPath, ['bff/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });

const benchEnv = { SEED_FILE: writeBenchSeed(tempDir), SUBSCRIPTION_RATE_MAX: '1000000' };
const pglite = await startServer('pglite', { DATA_DIR: tempDir, ...benchEnv });
try {
  const started = pglite.rssMb();
  rows.push(await load('bare Fastify GET /bench/bare', { url: `${pglite.base}/bench/bare` }));
  await hotCalls(pglite.base, 'PGlite');
  // Response compression (COMPRESS_RESPONSES): what the big answer costs when the client accepts
  // gzip (Go and .NET clients: Clash, sing-box, v2rayN) or brotli (browsers, iOS apps).
  const clash = await subscriptionTarget(pglite.base, 'clash');
  for (const encoding of ['gzip', 'br']) {
    rows.push(
      await load(`clash subscription, ${SUBSCRIPTION_LINES} lines, ${encoding} (PGlite)`, {
        ...clash,
        headers: { 'accept-encoding': encoding },
      }),
    );
  }
  memory.push({ label: 'PGlite, one instance', started, loaded: pglite.rssMb() });
} finally {
  await pglite.stop();
}
const brokenInvariants = (await checkPglite(path.join(tempDir, 'pglite'))).map((problem) => `PGlite: ${problem}`);

let postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl === undefined && process.env.TEST_DATABASE_URL) {
  // The throwaway cluster of scripts/with-postgres.sh: a database of the bench's own.
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = '/bench';
  postgresUrl = url.toString();
}
if (postgresUrl !== undefined) {
  const pgEnv = { DATABASE_URL: postgresUrl, DATA_DIR: tempDir, ...benchEnv };
  const first = await startServer('postgres-1', pgEnv);
  const second = { server: undefined };
  try {
    const started = first.rssMb();
    await hotCalls(first.base, 'PostgreSQL');
    memory.push({ label: 'PostgreSQL, one instance', started, loaded: first.rssMb() });
    second.server = await startServer('postgres-2', pgEnv);
    const balancer = await startBalancer([first.base, second.server.base]);
    try {
      const startedSecond = second.server.rssMb();
      await hotCalls(balancer.base, 'PostgreSQL, 2 instances', { kinds: ['clash'] });
      memory.push({ label: 'PostgreSQL, instance 1 of 2', started, loaded: first.rssMb() });
      memory.push({ label: 'PostgreSQL, instance 2 of 2', started: startedSecond, loaded: second.server.rssMb() });
    } finally {
      await balancer.close();
    }
  } finally {
    await first.stop();
    await second.server?.stop();
  }
  brokenInvariants.push(...(await checkPostgres(postgresUrl)).map((problem) => `PostgreSQL: ${problem}`));
}

const bare = rows[0];
console.log(`\nBFF bench: ${CONNECTIONS} connections, ${DURATION_S} s per target, load generator on the same machine`);
console.log(
  'target'.padEnd(58),
  'req/s'.padStart(9),
  'p99 ms'.padStart(8),
  'vs bare'.padStart(8),
  'errors'.padStart(7),
  'KB/resp'.padStart(8),
);
for (const row of rows) {
  console.log(
    row.label.padEnd(58),
    row.reqPerSec.toFixed(0).padStart(9),
    String(row.p99).padStart(8),
    `${((row.reqPerSec / bare.reqPerSec) * 100).toFixed(1)}%`.padStart(8),
    String(row.errors).padStart(7),
    (row.bytesPerResponse / 1000).toFixed(1).padStart(8),
  );
}
console.log('\nresident memory (MB) after start and after the load above:');
for (const m of memory)
  console.log(m.label.padEnd(58), m.started.toFixed(0).padStart(9), m.loaded.toFixed(0).padStart(9));
if (postgresUrl !== undefined) {
  console.log(
    brokenInvariants.length === 0
      ? '\ninvariants after the load: hold'
      : `\ninvariants after the load: BROKEN (${brokenInvariants.join('; ')})`,
  );
}
const tooBig = memory.filter((m) => m.label.startsWith('PostgreSQL') && m.loaded > 300);
if (tooBig.length > 0) console.error(`bench: over 300 MB on PostgreSQL: ${tooBig.map((m) => m.label).join(', ')}`);
const failed = rows.some((row) => row.errors > 0) || brokenInvariants.length > 0 || tooBig.length > 0;
if (failed) console.error('bench: some requests failed or an invariant or memory bound broke');

console.log('\nsubscription generation (in process; target < 5 ms for 200 lines):');
const generation = spawnSync(process.execPath, ['--import', 'tsx', 'bff/bench/generation.ts'], {
  cwd: root,
  stdio: 'inherit',
  timeout: 60_000,
});
if (generation.status !== 0) console.error(`generation bench exited with ${generation.status ?? generation.signal}`);

const sizeScript = path.join(root, 'scripts', 'first-page-size.mjs');
if (existsSync(sizeScript)) {
  console.log('\nfirst-page-size:');
  const size = spawnSync(process.execPath, [sizeScript], { cwd: root, stdio: 'inherit', timeout: 90_000 });
  if (size.status !== 0) console.error(`first-page-size exited with ${size.status ?? size.signal}`);
}

cleanUp();
process.exit(failed ? 1 : 0);
