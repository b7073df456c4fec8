// npm run bench — load test of the BFF's hot path against a bare Fastify route in the same run.
// Starts the real server (tsx) on a temp PGlite data dir (and on PostgreSQL when
// BENCH_DATABASE_URL is set), runs autocannon (10 connections, a few seconds per target) against
// GET /bench/bare and the envelope call POST /api/user/userinfo (decode, one primary-key join,
// encode), GET /api/subscript/clash/… for a user with 200 lines (the whole subscription call:
// key check, line selection, Clash YAML) and the checkout's poll POST /api/shop/trade_status for
// a user with an open trade, prints req/s, p99 and the ratio, then the time to
// generate a 200-line subscription in process (bff/bench/generation.ts) and
// scripts/first-page-size.mjs if present.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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
}, 180_000).unref();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const encode = (payload) => JSON.stringify({ data: Buffer.from(JSON.stringify(payload)).toString('base64') });
const decode = (body) => JSON.parse(Buffer.from(body.data, 'base64').toString('utf8'));

async function startServer(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
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
    async stop() {
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

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

const rows = [];
const tempDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
tempDirs.add(tempDir);

const benchEnv = { SEED_FILE: writeBenchSeed(tempDir), SUBSCRIPTION_RATE_MAX: '1000000' };
const pglite = await startServer('pglite', { DATA_DIR: tempDir, ...benchEnv });
try {
  const cookie = await loginCookie(pglite.base);
  rows.push(await load('bare Fastify GET /bench/bare', { url: `${pglite.base}/bench/bare` }));
  rows.push(await load('envelope userinfo (PGlite)', envelopeTarget(pglite.base, cookie)));
  for (const kind of ['clash', 'singbox']) {
    rows.push(await load(`${kind} subscription, ${SUBSCRIPTION_LINES} lines (PGlite)`, await subscriptionTarget(pglite.base, kind)));
  }
  rows.push(await load('trade_status poll (PGlite)', await tradeStatusTarget(pglite.base)));
} finally {
  await pglite.stop();
}

if (process.env.BENCH_DATABASE_URL) {
  const postgres = await startServer('postgres', {
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    DATA_DIR: tempDir,
    ...benchEnv,
  });
  try {
    const cookie = await loginCookie(postgres.base);
    rows.push(await load('envelope userinfo (PostgreSQL)', envelopeTarget(postgres.base, cookie)));
    for (const kind of ['clash', 'singbox']) {
      rows.push(
        await load(`${kind} subscription, ${SUBSCRIPTION_LINES} lines (PostgreSQL)`, await subscriptionTarget(postgres.base, kind)),
      );
    }
    rows.push(await load('trade_status poll (PostgreSQL)', await tradeStatusTarget(postgres.base)));
  } finally {
    await postgres.stop();
  }
}

const bare = rows[0];
console.log(`\nBFF bench: ${CONNECTIONS} connections, ${DURATION_S} s per target, load generator on the same machine`);
console.log(
  'target'.padEnd(42),
  'req/s'.padStart(9),
  'p99 ms'.padStart(8),
  'vs bare'.padStart(8),
  'errors'.padStart(7),
);
for (const row of rows) {
  console.log(
    row.label.padEnd(42),
    row.reqPerSec.toFixed(0).padStart(9),
    String(row.p99).padStart(8),
    `${((row.reqPerSec / bare.reqPerSec) * 100).toFixed(1)}%`.padStart(8),
    String(row.errors).padStart(7),
  );
}
const failed = rows.some((row) => row.errors > 0);
if (failed) console.error('bench: some requests failed');

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
