// Throwaway measurement of the node traffic push (issue 23), before and after the set-based
// accounting: a database of N users (default 100,000) with a year of spend records and daily
// usage on TEST_DATABASE_URL, reports of 2,000 users, sequential and 10 nodes at once. "Before" is
// the per-user implementation (usage/testing/per-user-reference.ts) with the spend-record unique
// index dropped, as the schema was; "after" is the service, then the HTTP route. Not a test.
//   bash scripts/with-postgres.sh bash -c 'cd bff && npx tsx bench/push/run.ts 100000'
// PUSH_BENCH_DAYS (38) days of history per user, PUSH_BENCH_BEFORE=0 skips "before",
// PUSH_BENCH_EXPLAIN=1 prints the plans of one more report.
import { request } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import * as schema from '../../src/db/schema.js';
import { serviceDay } from '../../src/lib/service-day.js';
import { hashNodeSecret } from '../../src/modules/node-api/index.js';
import { createUsageService, type TrafficReport } from '../../src/modules/usage/service.js';
import { createPerUserReference } from '../../src/modules/usage/testing/per-user-reference.js';

const users = Number(process.argv[2] ?? 100_000);
/** Days of history per user (38 makes the 3.8 M rows at 100 k users). */
const historyDays = Number(process.env.PUSH_BENCH_DAYS ?? 38);
const PUSH = 2000;
const NODES = 10;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set (run under scripts/with-postgres.sh)');
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS pushbench');
await admin.query('CREATE DATABASE pushbench');
await admin.end();
const url = new URL(serverUrl);
url.pathname = '/pushbench';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  SERVE_STATIC: 'false',
  ADMIN_EMAIL: 'a@b.local',
  ADMIN_PASSWORD: 'bench-password-123',
});
const app = await buildApp({ ...config, database: { driver: 'postgres', url: url.toString() } }, { logger: false });
await app.ready();
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const timeZone = config.serviceTimezone;
const today = serviceDay(new Date(), timeZone);

const started = performance.now();
const step = async (label: string, text: string) => {
  const t = performance.now();
  await db.query(text);
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
};
for (let n = 1; n <= NODES; n++) {
  await db.query(
    `INSERT INTO agents (id, name, country, port, secret_hash) VALUES ($1, $1, '{"name":"日本","flag":"🇯🇵"}', 10086, $2)`,
    [`node-${n}`, hashNodeSecret(`secret-${n}`)],
  );
  await db.query(`INSERT INTO lines (id, name, agent_id, protocol) VALUES ($1, $1, $2, 'vmesh_tcp')`, [
    `line-${n}`,
    `node-${n}`,
  ]);
}
// Half the users have a time package (with part of today's allowance used), 70 % permanent traffic.
await step(
  'users',
  `INSERT INTO users (id, email, password_hash, type, userkey, traffic, spend_traffic, vip_expire_time, daily_time_package_usage, time_package_day)
   SELECT lpad(to_hex(g), 24, '0'), 'u' || g || '@bench.example', 'x', 'normal', md5('k' || g),
          CASE WHEN g % 10 < 7 THEN 107374182400 ELSE 0 END, CASE WHEN g % 10 < 7 THEN (g % 1000) * 1048576 ELSE 0 END,
          CASE WHEN g % 10 >= 5 THEN now() + (g % 30 + 1) * interval '1 day' END,
          CASE WHEN g % 10 >= 5 THEN (g % 100) * 1048576 ELSE 0 END, CASE WHEN g % 10 >= 5 THEN '${today}'::date END
   FROM generate_series(1, ${users}) g`,
);
// 38 days a year per user (user g on days j * 9 + g % 9 back): a spend record and a daily-usage row
// each, about 10,000 a day, today's included. Indexes are built after the load.
const indexes = await db.query<{ indexdef: string; indexname: string }>(
  `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('traffic_records', 'user_daily_usage')
     AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = indexname)`,
);
for (const index of indexes.rows) await db.query(`DROP INDEX "${index.indexname}"`);
await db.query('ALTER TABLE user_daily_usage DROP CONSTRAINT user_daily_usage_user_id_day_pk');
const days = `FROM generate_series(1, ${users}) g, generate_series(0, ${historyDays - 1}) j, LATERAL (SELECT '${today}'::date - (j * 9 + g % 9) AS day) d`;
await step(
  'traffic_records',
  `INSERT INTO traffic_records (user_id, type, "desc", traffic_change, exemption_traffic, all_traffic, all_spend, day, created_at, updated_at)
   SELECT lpad(to_hex(g), 24, '0'), 'spend', '节点使用流量', -(g % 977) * 1048576, 0, 107374182400, (g % 1000) * 1048576, d.day,
          d.day + interval '1 hour', d.day + interval '23 hours' ${days}`,
);
await step(
  'user_daily_usage',
  `INSERT INTO user_daily_usage (user_id, day, upload, download, charged, updated_at)
   SELECT lpad(to_hex(g), 24, '0'), d.day, (g % 97) * 1048576, (g % 977) * 1048576, (g % 977 + g % 97) * 1048576, d.day + interval '23 hours' ${days}`,
);
await step(
  'user_daily_usage primary key',
  'ALTER TABLE user_daily_usage ADD CONSTRAINT user_daily_usage_user_id_day_pk PRIMARY KEY (user_id, day)',
);
for (const index of indexes.rows) await step(index.indexname, index.indexdef);
await step('analyze', 'ANALYZE');
console.log(`loaded ${users} users in ${((performance.now() - started) / 1000).toFixed(0)} s`);

/** Node n's users: every 50th from n on (disjoint between nodes), the first PUSH of them. */
const nodeUsers = (n: number) => Array.from({ length: PUSH }, (_, i) => n + i * 50).filter((g) => g <= users);
console.log(`${nodeUsers(1).length} users per report`);
const hex = (g: number) => g.toString(16).padStart(24, '0');
let reportNo = 0;
const reportOf = (n: number): TrafficReport => ({
  agentId: `node-${n}`,
  reportId: `bench-${++reportNo}`,
  lineScale: 1,
  usages: nodeUsers(n).map((g) => ({
    userId: hex(g),
    upload: (g * 7919) % (50 * 1048576),
    download: (g * 104729) % (500 * 1048576),
  })),
});
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, p95 ${s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!.toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
};
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const deps = { db: app.db, settings: app.settings, timeZone };

async function measure(label: string, service: { recordReport(r: TrafficReport): Promise<unknown> }, calls: number) {
  const sequential: number[] = [];
  for (let i = 0; i < calls; i++) sequential.push(await timed(() => service.recordReport(reportOf(1 + (i % NODES)))));
  console.log(`${label}, one report at a time (${calls}): ${stats(sequential)}`);
  const together = await Promise.all(
    Array.from({ length: NODES }, (_, i) => timed(() => service.recordReport(reportOf(i + 1)))),
  );
  console.log(`${label}, ${NODES} nodes at once (disjoint users): ${stats(together)}`);
}

// Before: the schema had no unique index for the day's spend record.
if (process.env.PUSH_BENCH_BEFORE !== '0') {
  await db.query('DROP INDEX traffic_records_spend_user_day_uq');
  await db.query('ANALYZE traffic_records');
  await measure('before (per user)', createPerUserReference(deps), 10);
  await db.query(
    `CREATE UNIQUE INDEX traffic_records_spend_user_day_uq ON traffic_records (user_id, day) WHERE type = 'spend'`,
  );
  await db.query('ANALYZE traffic_records');
}
await measure('after (set-based)', createUsageService(deps), 20);

// The HTTP route (node authentication, body parsing, node uid resolution, the agent's last report).
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const port = Number(new URL(address).port);
function push(n: number, numeric: boolean): Promise<number> {
  const uids = numeric ? new Map((nodeUidRows.get(n) ?? []).map((r) => [r.id, r.uid])) : undefined;
  const body = JSON.stringify(
    Object.fromEntries(
      reportOf(n).usages.map((u) => [
        uids === undefined ? u.userId : String(uids.get(u.userId)),
        [u.upload, u.download],
      ]),
    ),
  );
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/server/UniProxy/push?node_id=node-${n}&token=secret-${n}&report_id=http-${++reportNo}`,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`push: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const nodeUidRows = new Map<number, Array<{ id: string; uid: number }>>();
for (let n = 1; n <= NODES; n++) {
  const rows = await db.query<{ id: string; node_uid: number }>(
    'SELECT id, node_uid FROM users WHERE id = ANY($1::text[])',
    [nodeUsers(n).map(hex)],
  );
  nodeUidRows.set(
    n,
    rows.rows.map((r) => ({ id: r.id, uid: r.node_uid })),
  );
}
for (const numeric of [false, true]) {
  const label = `after, HTTP push (${numeric ? 'integer ids' : '24-hex ids'})`;
  const sequential: number[] = [];
  for (let i = 0; i < 20; i++) sequential.push(await push(1 + (i % NODES), numeric));
  console.log(`${label}, one at a time (20): ${stats(sequential)}`);
  const together = await Promise.all(Array.from({ length: NODES }, (_, i) => push(i + 1, numeric)));
  console.log(`${label}, ${NODES} nodes at once: ${stats(together)}`);
}

// Where the time of one report goes: the service on a connection of its own with auto_explain
// (EXPLAIN ANALYZE, BUFFERS of every statement), read back from the server's log.
if (process.env.PUSH_BENCH_EXPLAIN === '1') {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  for (const setting of [
    "LOAD 'auto_explain'",
    'SET auto_explain.log_min_duration = 0',
    'SET auto_explain.log_analyze = on',
    'SET auto_explain.log_buffers = on',
    'SET auto_explain.log_nested_statements = on',
  ])
    await client.query(setting);
  const dir = (await db.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
  const log = `${dir.replace(/\/data$/, '')}/server.log`;
  const before = Number(
    (await db.query<{ size: string }>('SELECT (pg_stat_file($1)).size AS size', [log])).rows[0]!.size,
  );
  const explained = createUsageService({ ...deps, db: drizzle(client, { schema }) as never });
  const ms = await timed(() => explained.recordReport({ ...reportOf(11), agentId: 'node-1' }));
  const text = (await db.query<{ text: string }>('SELECT pg_read_file($1, $2, 1000000) AS text', [log, before]))
    .rows[0]!.text;
  console.log(`one report under auto_explain: ${ms.toFixed(0)} ms\n${text}`);
  await client.end();
}
await db.end();
await app.close();
