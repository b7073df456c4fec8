// npm run bench:scale — the calls of issue 23 measured on a production-sized PostgreSQL.
//
// 1. A throwaway PostgreSQL cluster of its own (settings for a bulk load; with --explain also
//    auto_explain, which logs EXPLAIN (ANALYZE, BUFFERS) of every statement slower than
//    BENCH_EXPLAIN_MS, 50 by default, into the file named by --explain=<file>).
// 2. The compiled BFF (bff/dist/server.js, built first; BENCH_SERVER=/path/to/dist/server.js
//    measures another build, which then makes the schema with its own migrations) started once
//    on the empty database: migrations and the first admin. Stopped.
// 3. bff/bench/scale/generate.mjs loads BENCH_USERS users (100000 by default) and everything
//    proportional to them by SQL.
// 4. The server again; each call of the issue's table in sequence (BENCH_CALLS, 20 by default,
//    fewer for a slow one: a call stops after BENCH_CALL_BUDGET_S seconds, 40 by default, with at
//    least 3 calls), then 10 connections at once for the node pull (10 nodes), its 304 and the
//    push (10 nodes pushing disjoint users) for BENCH_CONCURRENT_S seconds (15).
//
// Rows scanned: the growth of sum(seq_tup_read + idx_tup_fetch) over pg_stat_user_tables across a
// call's batch (the warm-up call included), divided by the calls (rows read by sequential scans
// plus rows fetched through indexes, every table, every statement the call made, the session check
// included). Read after the server has been idle for 10.5 s, so that its connections have flushed
// their counters (a backend that flushed less than a second before waits PostgreSQL's idle
// interval, 10 s); the BFF's background jobs (every 60 s) may add a few rows to a batch.
//
// The goals (p95) are the issue's; a missed goal makes the exit status 1 unless --no-goals.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { generate, nodeId, nodeSecret } from '../bff/bench/scale/generate.mjs';
import { cpuMeter } from './lib/cpu.mjs';
import { freePort, rssMb } from './lib/portal-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const checkGoals = !args.includes('--no-goals');
const explainArg = args.find((a) => a === '--explain' || a.startsWith('--explain='));
const explainFile =
  explainArg === undefined
    ? process.env.BENCH_EXPLAIN_FILE
    : explainArg.includes('=')
      ? path.resolve(explainArg.slice('--explain='.length))
      : path.resolve(process.env.BENCH_EXPLAIN_FILE ?? 'bench-scale-explain.txt');
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
// The largest list the user screen asks for (USER_LIST_MAX since issue 23; builds before it took
// 100000, which BENCH_USER_LIST_NUMBER=100000 measures on them).
const USER_LIST_NUMBER = Number(process.env.BENCH_USER_LIST_NUMBER ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const CALL_BUDGET_MS = Number(process.env.BENCH_CALL_BUDGET_S ?? 40) * 1000;
const CONCURRENT_MS = Number(process.env.BENCH_CONCURRENT_S ?? 15) * 1000;
const EXPLAIN_MS = Number(process.env.BENCH_EXPLAIN_MS ?? 50);
const server = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'bff/dist/server.js'));
const ADMIN = { email: 'bench@localhost', password: 'bench-password-not-secret' };
const PUSH_USERS = 2000;
const CONNECTIONS = 10;

const children = new Set();
const cleanups = [];
function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
}
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
setTimeout(() => {
  console.error('bench:scale: timed out after 60 minutes');
  process.exit(1);
}, 3_600_000).unref();

const log = (message) => console.error(`bench:scale: ${message}`);

// ---------------------------------------------------------------------------------------------
// The cluster

function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  for (const dir of ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin']) {
    if (spawnSync('test', ['-x', `${dir}/initdb`]).status === 0) return dir;
  }
  throw new Error('PostgreSQL server binaries not found (PG_BIN)');
}

async function startCluster() {
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd, cmdArgs) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...cmdArgs]] : [cmd, cmdArgs]);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-pg-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  const sh = (cmd, cmdArgs) => {
    const [c, a] = runAs(cmd, cmdArgs);
    const result = spawnSync(c, a, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  sh(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const settings = [
    `listen_addresses=127.0.0.1`,
    `port=${port}`,
    `unix_socket_directories=${dir}`,
    'max_connections=200',
    // A throwaway cluster: durability off, room for the bulk load.
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'shared_buffers=1GB',
    'max_wal_size=8GB',
    'checkpoint_timeout=30min',
    'maintenance_work_mem=512MB',
    'autovacuum=on',
  ];
  if (explainFile !== undefined) {
    settings.push(
      'session_preload_libraries=auto_explain',
      `auto_explain.log_min_duration=${EXPLAIN_MS}`,
      'auto_explain.log_analyze=on',
      'auto_explain.log_buffers=on',
      'auto_explain.log_nested_statements=on',
      'auto_explain.log_verbose=off',
      'auto_explain.log_format=text',
    );
  }
  sh(`${bin}/pg_ctl`, [
    '-D',
    data,
    '-l',
    logFile,
    '-w',
    '-t',
    '60',
    '-o',
    settings.map((s) => `-c ${s}`).join(' '),
    'start',
  ]);
  cleanups.push(() => {
    const [c, a] = runAs(`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(c, a);
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, logFile };
}

function userIds(name) {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (line === undefined) throw new Error(`no user ${name}`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

// ---------------------------------------------------------------------------------------------
// The server

async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--max-semi-space-size=8', server], {
    cwd: path.dirname(path.dirname(path.dirname(server))),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SERVE_STATIC: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SUBSCRIPTION_RATE_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('server not ready after 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP: the whole answer received, its bytes on the wire counted (compressed as sent)

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const encode = (payload) => JSON.stringify({ data: Buffer.from(JSON.stringify(payload)).toString('base64') });

function request(base, { method = 'GET', url, headers = {}, body, agent: own }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${base}${url}`, { method, headers, agent: own ?? agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode,
          headers: res.headers,
          raw,
          bytes: raw.length,
          ms: performance.now() - started,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function decoded(response) {
  const enc = response.headers['content-encoding'];
  if (enc === 'gzip') return gunzipSync(response.raw);
  if (enc === 'br') return brotliDecompressSync(response.raw);
  return response.raw;
}

function envelopeResult(response) {
  const outer = JSON.parse(decoded(response).toString('utf8'));
  return JSON.parse(Buffer.from(outer.data, 'base64').toString('utf8'));
}

// ---------------------------------------------------------------------------------------------
// Measuring

let db;
async function rowsRead() {
  await db.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await db.query(
    'SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::bigint AS n FROM pg_stat_user_tables',
  );
  return Number(rows[0].n);
}
// A backend flushes its counters when it goes idle, but at most once a second: one that flushed
// less than a second before waits for PostgreSQL's idle interval (10 s) instead.
const idle = () => new Promise((r) => setTimeout(r, 10_500));

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function mark(label) {
  if (explainFile !== undefined)
    await db.query(`DO $$ BEGIN RAISE LOG 'bench-scale call: %', ${pgLiteral(label)}; END $$`);
}
const pgLiteral = (s) => `'${s.replaceAll("'", "''")}'`;

const results = [];

/**
 * One call of the table, `calls` times in sequence after a warm-up; `call()` resolves to the
 * response, `check(response)` throws when the answer is not what it must be.
 */
async function measure(label, goalMs, call, { check, calls = CALLS, warmUp = true } = {}) {
  log(`measuring ${label}`);
  await mark(label);
  const before = await rowsRead();
  if (warmUp) check?.(await call(-1));
  const times = [];
  let bytes = 0;
  let jsonBytes = 0;
  const batchStarted = performance.now();
  for (let i = 0; i < calls; i++) {
    const response = await call(i);
    times.push(response.ms);
    if (i === 0) {
      check?.(response);
      bytes = response.bytes;
      jsonBytes = decoded(response).length;
    }
    if (i >= 2 && performance.now() - batchStarted > CALL_BUDGET_MS) break;
  }
  await idle();
  const scanned = ((await rowsRead()) - before) / (times.length + (warmUp ? 1 : 0));
  times.sort((a, b) => a - b);
  const row = {
    label,
    calls: times.length,
    scanned,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    bytes,
    jsonBytes,
    goalMs,
  };
  results.push(row);
  log(`  ${row.calls} calls, median ${row.median.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms`);
  return row;
}

const concurrent = [];
/** `CONNECTIONS` workers, each calling `call(worker, i)` in a loop for CONCURRENT_MS (at least once). */
async function measureConcurrent(label, goalMs, call) {
  log(`measuring ${label} with ${CONNECTIONS} connections`);
  await mark(`${label} (${CONNECTIONS} connections)`);
  const times = [];
  let failures = 0;
  const started = performance.now();
  const cpu = cpuMeter(app.pid);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i === 0 || performance.now() - started < CONCURRENT_MS; i++) {
        const response = await call(worker, i, own);
        if (response.status >= 400) failures++;
        times.push(response.ms);
      }
      own.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = cpu();
  times.sort((a, b) => a - b);
  const row = {
    label,
    cpu: used,
    calls: times.length,
    perSecond: times.length / seconds,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1),
    failures,
    goalMs,
  };
  concurrent.push(row);
  log(`  ${row.calls} calls, ${row.perSecond.toFixed(1)}/s, p95 ${row.p95.toFixed(0)} ms`);
}

// ---------------------------------------------------------------------------------------------
// The run

if (process.env.BENCH_SERVER === undefined) {
  const build = spawnSync(process.execPath, ['bff/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('bench:scale: the BFF did not build');
}
log(`server ${server}, ${USERS} users${explainFile ? `, auto_explain over ${EXPLAIN_MS} ms into ${explainFile}` : ''}`);
const cluster = await startCluster();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-scale-data-'));
cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
const serverEnv = { DATABASE_URL: cluster.url, DATA_DIR: dataDir };

// The schema: the server's own migrations (and the first admin).
const first = await startServer(serverEnv);
await first.stop();

db = new pg.Client({ connectionString: cluster.url });
await db.connect();
// The load's own statements are not what --explain is for.
if (explainFile !== undefined) await db.query('SET auto_explain.log_min_duration = -1');
const loadStarted = performance.now();
const { counts } = await generate(async (text) => (await db.query(text)).rows, { users: USERS, log });
const loadSeconds = (performance.now() - loadStarted) / 1000;
const { rows: sizeRows } = await db.query('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
log(`loaded in ${loadSeconds.toFixed(0)} s (${sizeRows[0].size})`);

// A user who may use every line kind: a session of its own (the sessions table keeps sha256 of the token).
const {
  rows: [subscriber],
} = await db.query(`
  SELECT id, userkey FROM users
  WHERE email LIKE '%@bench.example' AND NOT disabled AND NOT is_agency AND traffic > spend_traffic AND normal_permission
  ORDER BY node_uid OFFSET 10 LIMIT 1`);
const userToken = randomBytes(32).toString('base64url');
await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
  createHash('sha256').update(userToken).digest('hex'),
  subscriber.id,
]);
// The users the nodes push: those every node's first line admits (open to all with the normal
// permission), as a node only charges users its lines admit.
const { rows: uidRows } = await db.query(
  `SELECT node_uid FROM users WHERE email LIKE '%@bench.example' AND normal_permission ORDER BY node_uid`,
);
const nodeUids = uidRows.map((r) => r.node_uid);
const { rows: searchRows } = await db.query(
  `SELECT email FROM users WHERE email LIKE '%@bench.example' ORDER BY node_uid OFFSET 4321 % $1 LIMIT 1`,
  [USERS],
);
const searchText = searchRows[0].email.split('@')[0];

const app = await startServer(serverEnv);
const rssStarted = rssMb(app.pid);

const login = await request(app.base, {
  method: 'POST',
  url: '/api/user/login',
  headers: { 'content-type': 'application/json' },
  body: encode(ADMIN),
});
if (envelopeResult(login).code !== 0) throw new Error('bench:scale: admin login failed');
const adminCookie = login.headers['set-cookie'].find((c) => c.startsWith('sid=')).split(';')[0];
const userCookie = `sid=${userToken}`;
const BROWSER = 'gzip, deflate, br';

const envelopeCall = (url, payload, cookie) => () =>
  request(app.base, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie, 'accept-encoding': BROWSER },
    body: encode(payload),
  });
const envelopeOk = (response) => {
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const result = envelopeResult(response);
  if (result.code !== 0) throw new Error(`code ${result.code} ${result.msg}`);
};
const nodeQuery = (n) =>
  `node_id=${encodeURIComponent(nodeId(n))}&node_type=vmess&token=${encodeURIComponent(nodeSecret(n))}`;
const pull = (n, etag, own) =>
  request(app.base, {
    url: `/api/v1/server/UniProxy/user?${nodeQuery(n)}`,
    headers: { 'accept-encoding': 'gzip', ...(etag ? { 'if-none-match': etag } : {}) },
    agent: own,
  });
let reportSerial = 0;
const runId = randomBytes(4).toString('hex');
const push = (n, uids, own) =>
  request(app.base, {
    method: 'POST',
    url: `/api/v1/server/UniProxy/push?${nodeQuery(n)}&report_id=bench-${runId}-${++reportSerial}`,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify(Object.fromEntries(uids.map((u) => [String(u), [1_000_000, 10_000_000]]))),
    agent: own,
  });

try {
  await idle();
  // The node's pull, full and unchanged.
  const full = await pull(1);
  if (full.status !== 200) throw new Error(`pull answered ${full.status}`);
  const listed = JSON.parse(decoded(full).toString('utf8')).users.length;
  const etag = full.headers.etag;
  log(
    `node 1 lists ${listed} of ${USERS} users (${((listed / USERS) * 100).toFixed(1)} %), ETag ${etag ? 'yes' : 'none'}`,
  );
  await measure(`node pulls its user list (${listed} users)`, 300, () => pull(1), {
    check: (r) => {
      if (r.status !== 200) throw new Error(`pull ${r.status}`);
    },
  });
  await measure('the same pull answered 304', 20, () => pull(1, etag), {
    check: (r) => {
      if (r.status !== 304) throw new Error(`If-None-Match answered ${r.status}`);
    },
  });

  const stats = (num) => envelopeCall('/api/admin/users/basic_stastic', { num }, adminCookie);
  for (const num of [7, 30, 365])
    await measure(`statistics, ${num} days`, num === 365 ? 500 : 300, stats(num), { check: envelopeOk });
  await measure(
    'trade list, newest',
    300,
    envelopeCall('/api/admin/trades/tradelist', { requestNumber: 100, filterStr: '' }, adminCookie),
    {
      check: envelopeOk,
    },
  );
  await measure(
    `trade list, search "${searchText}"`,
    300,
    envelopeCall('/api/admin/trades/tradelist', { requestNumber: 100, filterStr: searchText }, adminCookie),
    { check: envelopeOk },
  );
  await measure(
    'all traffic records, 31 days',
    300,
    envelopeCall('/api/admin/traffic_spend/traffic_records', { day_num: 31 }, adminCookie),
    {
      check: envelopeOk,
    },
  );
  await measure('coupon list', 300, envelopeCall('/api/yunying/coupon/coupon_list', {}, adminCookie), {
    check: envelopeOk,
  });
  await measure('coupon records', 300, envelopeCall('/api/yunying/coupon/coupon_record_list', {}, adminCookie), {
    check: envelopeOk,
  });
  await measure(
    `user list, number ${USER_LIST_NUMBER}`,
    2000,
    envelopeCall('/api/admin/users/userlist', { number: USER_LIST_NUMBER }, adminCookie),
    {
      check: envelopeOk,
      calls: Math.min(CALLS, 5),
      warmUp: false,
    },
  );
  const rssAfterUserList = rssMb(app.pid);
  await measure('userinfo', undefined, envelopeCall('/api/user/userinfo', {}, userCookie), { check: envelopeOk });
  await measure('own traffic records', undefined, envelopeCall('/api/traffic/my_traffic_records', {}, userCookie), {
    check: envelopeOk,
  });
  await measure(
    'a subscription (Clash)',
    undefined,
    () =>
      request(app.base, {
        url: `/api/subscript/clash/${subscriber.id}/${subscriber.userkey}`,
        headers: { 'accept-encoding': 'gzip' },
      }),
    {
      check: (r) => {
        if (r.status !== 200) throw new Error(`subscription ${r.status}`);
      },
    },
  );
  const pushUids = nodeUids.slice(0, PUSH_USERS);
  await measure(`node pushes ${pushUids.length} users' traffic`, 300, () => push(1, pushUids), {
    check: (r) => {
      if (r.status !== 200) throw new Error(`push ${r.status}: ${decoded(r)}`);
      const body = JSON.parse(decoded(r).toString('utf8'));
      if (body.duplicate || body.users !== pushUids.length) throw new Error(`push answered ${JSON.stringify(body)}`);
    },
  });

  // Ten nodes at once.
  const etags = [];
  for (let w = 0; w < CONNECTIONS; w++) etags.push((await pull(w + 1)).headers.etag);
  await measureConcurrent('node pull, full', 300, (w, _i, own) => pull(w + 1, undefined, own));
  for (let w = 0; w < CONNECTIONS; w++) etags[w] = (await pull(w + 1)).headers.etag;
  await measureConcurrent('node pull, 304', 20, (w, _i, own) => pull(w + 1, etags[w], own));
  const slice = Math.min(PUSH_USERS, Math.floor(nodeUids.length / CONNECTIONS));
  await measureConcurrent(`node push, ${slice} users each (disjoint)`, 300, (w, _i, own) =>
    push(w + 1, nodeUids.slice(w * slice, (w + 1) * slice), own),
  );

  // ---------------------------------------------------------------------------------------------
  const { rows: loadRows } = await db.query(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM traffic_records) AS records,
            (SELECT count(*) FROM user_daily_usage) AS usage`,
  );
  const misses = [];
  const fmt = (ms) => (Number.isFinite(ms) ? (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)) : '—');
  const kb = (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 1e3).toFixed(1)} KB`);
  const lines = [];
  const out = (s = '') => lines.push(s);
  out(
    `bench:scale, ${new Date().toISOString().slice(0, 16)}Z: ${USERS} users (${loadRows[0].users} rows), ${counts.agents} nodes, ` +
      `${counts.lines} lines, ${counts.orders} orders, ${loadRows[0].records} traffic records, ${loadRows[0].usage} daily-usage rows; ` +
      `loaded in ${loadSeconds.toFixed(0)} s; server ${path.relative(process.cwd(), server) || server}`,
  );
  out(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  out();
  out('| call | calls | rows scanned / call | median ms | p95 ms | bytes (wire) | JSON | goal p95 | |');
  out('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const ok = r.goalMs === undefined ? '' : r.p95 <= r.goalMs ? 'ok' : 'MISSED';
    if (ok === 'MISSED') misses.push(r.label);
    out(
      `| ${r.label} | ${r.calls} | ${Math.round(r.scanned).toLocaleString('en')} | ${fmt(r.median)} | ${fmt(r.p95)} | ${kb(r.bytes)} | ${kb(r.jsonBytes)} | ${r.goalMs === undefined ? '—' : `≤ ${r.goalMs} ms`} | ${ok} |`,
    );
  }
  out();
  out(`${CONNECTIONS} connections at once (${CONNECTIONS} nodes), ${CONCURRENT_MS / 1000} s:`);
  out();
  out(
    '| call | calls | calls/s | median ms | p95 ms | max ms | failures | goal p95 | | cores busy | CPU ms a call: server / database / client |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of concurrent) {
    const ok = r.failures === 0 && r.p95 <= r.goalMs ? 'ok' : 'MISSED';
    if (ok === 'MISSED') misses.push(`${r.label} (${CONNECTIONS} connections)`);
    out(
      `| ${r.label} | ${r.calls} | ${r.perSecond.toFixed(1)} | ${fmt(r.median)} | ${fmt(r.p95)} | ${fmt(r.max)} | ${r.failures} | ≤ ${r.goalMs} ms | ${ok} | ${(r.cpu.busy * 100).toFixed(0)} % of ${r.cpu.cores} | ${[r.cpu.serverSeconds, r.cpu.databaseSeconds, r.cpu.clientSeconds].map((s) => fmt((s * 1000) / r.calls)).join(' / ')} |`,
    );
  }
  out();
  out(
    `server resident memory: ${rssStarted.toFixed(0)} MB after start, ${rssAfterUserList.toFixed(0)} MB after the user list, ${rssMb(app.pid).toFixed(0)} MB at the end`,
  );
  console.log(`\n${lines.join('\n')}`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${lines.join('\n')}\n`);

  await app.stop();
  await db.end();
  if (explainFile !== undefined) {
    writeFileSync(explainFile, explainBlocks(readFileSync(cluster.logFile, 'utf8')));
    log(`EXPLAIN (ANALYZE, BUFFERS) of the statements over ${EXPLAIN_MS} ms: ${explainFile}`);
  }
  if (misses.length > 0) {
    console.error(`bench:scale: goals missed: ${misses.join('; ')}`);
    if (checkGoals) process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
cleanUp();
process.exit(process.exitCode ?? 0);

/** The call markers and the auto_explain entries of the server log, each with its plan. */
function explainBlocks(text) {
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
  const marker = 'LOG:  bench-scale call: ';
  return `${entries
    .filter((e) => e.includes(marker) || e.includes('  plan:'))
    .map((e) => (e.includes(marker) ? `\n=== ${e.slice(e.indexOf(marker) + marker.length).split('\n')[0]} ===` : e))
    .join('\n')}\n`;
}
