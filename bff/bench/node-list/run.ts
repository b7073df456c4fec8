// Throwaway measurement of the node user list pull (issue 23): a database of N users (default
// 100,000) on TEST_DATABASE_URL (`bash scripts/with-postgres.sh …`), the BFF from source on a
// port, sequential full pulls and 304s, then 10 nodes at once. Not part of the test suite.
//   bash scripts/with-postgres.sh bash -c 'cd bff && npx tsx bench/node-list/run.ts 100000'
import { request } from 'node:http';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { hashNodeSecret } from '../../src/modules/node-api/index.js';

const users = Number(process.argv[2] ?? 100_000);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set (run under scripts/with-postgres.sh)');
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS nodelist');
await admin.query('CREATE DATABASE nodelist');
await admin.end();
const url = new URL(serverUrl);
url.pathname = '/nodelist';

const config = {
  ...loadConfig({
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    ADMIN_EMAIL: 'a@b.local',
    ADMIN_PASSWORD: 'bench-password-123',
  }),
};
const app = await buildApp({ ...config, database: { driver: 'postgres', url: url.toString() } }, { logger: false });
await app.ready();
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const t = performance.now();
await db.query(`INSERT INTO permissions (id, name) VALUES ('perm-1', 'p1')`);
for (let n = 1; n <= 10; n++) {
  await db.query(
    `INSERT INTO agents (id, name, country, port, secret_hash) VALUES ($1, $1, '{"name":"日本","flag":"🇯🇵"}', 10086, $2)`,
    [`node-${n}`, hashNodeSecret(`secret-${n}`)],
  );
  await db.query(`INSERT INTO lines (id, name, agent_id, protocol) VALUES ($1, $1, $2, 'vmesh_tcp')`, [
    `line-${n}`,
    `node-${n}`,
  ]);
  await db.query(
    `INSERT INTO lines (id, name, agent_id, protocol, permission_require) VALUES ($1, $1, $2, 'ss', 'perm-1')`,
    [`pline-${n}`, `node-${n}`],
  );
}
await db.query(`
  INSERT INTO users (id, email, password_hash, type, userkey, traffic, spend_traffic, vip_expire_time, disabled, is_agency)
  SELECT lpad(to_hex(g), 24, '0'), 'u' || g || '@bench.example', 'x', 'normal', md5('k' || g),
         CASE WHEN g % 10 < 6 THEN 10737418240 ELSE 0 END, CASE WHEN g % 10 < 6 THEN (g % 1000) * 1048576 ELSE 0 END,
         CASE WHEN g % 10 IN (6, 7) THEN now() + (g % 30 + 1) * interval '1 day' WHEN g % 10 = 8 THEN now() - interval '1 day' END,
         g % 50 = 0, g % 20 = 0
    FROM generate_series(1, ${users}) g`);
await db.query(`INSERT INTO user_permissions (user_id, permission_id, expire_time)
  SELECT lpad(to_hex(g), 24, '0'), 'perm-1', now() + (g % 60 + 1) * interval '1 day' FROM generate_series(9, ${users}, 10) g`);
await db.query('ANALYZE');
console.log(`loaded ${users} users in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const address = await app.listen({ host: '127.0.0.1', port: 0 });
const port = Number(new URL(address).port);

function pull(node: number, etag?: string): Promise<{ status: number; bytes: number; etag: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/server/UniProxy/user?node_id=node-${node}&token=secret-${node}&node_type=vmess`,
        headers: { 'accept-encoding': 'gzip', ...(etag === undefined ? {} : { 'if-none-match': etag }) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          resolve({ status: res.statusCode!, bytes, etag: String(res.headers.etag), ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, p95 ${s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!.toFixed(1)} ms`;
};

const first = await pull(1);
console.log(`first pull: ${first.status} ${first.ms.toFixed(0)} ms, ${(first.bytes / 1e6).toFixed(1)} MB gzip`);
const full: number[] = [];
for (let i = 0; i < 10; i++) full.push((await pull(1 + (i % 10))).ms);
console.log(`full pulls (10 nodes in turn): ${stats(full)}`);
const etag = first.etag;
const notModified: number[] = [];
for (let i = 0; i < 20; i++) {
  const r = await pull(1, etag);
  if (r.status !== 304) throw new Error(`expected 304, got ${r.status}`);
  notModified.push(r.ms);
}
console.log(`304: ${stats(notModified)}`);
// A change every list sees: one user's key, then the rebuild.
await db.query(`UPDATE users SET userkey = md5(random()::text) WHERE id = lpad(to_hex(1), 24, '0')`);
const rebuilt = await pull(1, etag);
console.log(`after a key reset: ${rebuilt.status} ${rebuilt.ms.toFixed(0)} ms`);
const tens = await Promise.all(Array.from({ length: 10 }, (_, i) => pull(i + 1)));
console.log(`10 nodes at once (full): ${stats(tens.map((r) => r.ms))}`);
const tens304 = await Promise.all(Array.from({ length: 10 }, (_, i) => pull(i + 1, tens[i]!.etag)));
console.log(
  `10 nodes at once (304): ${stats(tens304.map((r) => r.ms))}, statuses ${[...new Set(tens304.map((r) => r.status))].join(',')}`,
);
await db.end();
await app.close();
