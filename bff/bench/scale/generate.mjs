// The production-sized data set of issue 23, loaded by SQL into a database whose schema the BFF's
// migrations made (and nothing else in it but what a first start writes: the first admin, the
// settings). Every row is made by set-based INSERT … SELECT over generate_series, in one
// transaction, on the server: nothing crosses the wire but the statements.
//
// At scale 1 (users = 100,000) it holds what the issue measured: 300 nodes, 1,000 lines, 500,000
// orders and as many trades over a year, 5.1 M traffic records, 3.8 M daily-usage rows, 20,000
// coupons with 200,000 uses, 30,000 tickets, 50,000 audit rows, plus what the calls need
// (permissions, sign-ins, a wallet ledger that sums to every balance, node traffic reports, channels
// and rebates). Every count is proportional to `users` (with small floors), so the bench can show
// the cost of a call at 10 k and at 100 k.
//
// Realism that the calls depend on: about 78 % of the users are allowed on a node (not disabled,
// and permanent traffic left or a running time package whose daily allowance is not used up),
// every node's first line is public and open to everyone, the other lines may need a permission or
// refuse agency users; orders are paid or cancelled (none open, so the expiry and payment jobs
// find nothing to do during a bench); coupons count exactly their live uses.
//
// Speed: the indexes, foreign keys and the big tables' primary and unique keys are read from the
// catalogue, dropped before the load and made again after it, in one transaction (an index is then
// built by one sort instead of a random insert per row, a foreign key checked once by one join
// instead of by a trigger per row, and a duplicate still fails the load), then the tables are
// analysed. Reading the catalogue rather than a list keeps this working when migrations add indexes
// or keys. Columns the generator does not name take their defaults, so a new NOT NULL column with a
// default needs nothing here; a new table that the calls need filled needs a step below. Triggers
// stay on (those of the node list versions and stored credentials fire during the load).
//
// Used by scripts/bench-scale.mjs (`npm run bench:scale`) and by bff/test/scale-generator.test.ts,
// which runs it at a tiny scale on every change of the schema.

/** Rows per table at scale 1 (100,000 users); floors keep a tiny scale meaningful. */
const AT_SCALE_1 = {
  agents: [300, 10],
  lines: [1_000, 20],
  permissions: [20, 4],
  entries: [50, 2],
  combos: [20, 4],
  coupons: [20_000, 40],
  couponUses: [200_000, 100],
  channels: [2_000, 4],
  orders: [500_000, 200],
  signIns: [600_000, 100],
  dailyUsage: [3_800_000, 200],
  otherTrafficRecords: [1_300_000, 100],
  nodeReportMinutes: [1_440, 24],
  tickets: [30_000, 20],
  audit: [50_000, 20],
  prizeDraws: [50_000, 20],
  gifts: [5_000, 10],
  notices: [100, 5],
  errors: [200, 5],
};

/**
 * The big tables, whose primary and unique keys are dropped during the load too. Only these: the
 * keys of other tables stay, since triggers may upsert into them (ON CONFLICT needs the key).
 */
const BULK_TABLES = [
  'orders',
  'trades',
  'coupon_uses',
  'channel_rewards',
  'wallet_ledger',
  'user_daily_usage',
  'traffic_records',
  'sign_ins',
  'node_traffic_reports',
  'tickets',
  'ticket_comments',
  'audit_log',
  'prize_draws',
];

/** How many rows of each kind for `users` users. */
export function scaleCounts(users) {
  if (!Number.isInteger(users) || users < 50)
    throw new Error(`generate: users must be an integer >= 50 (got ${users})`);
  const factor = users / 100_000;
  const counts = { users };
  for (const [key, [full, floor]] of Object.entries(AT_SCALE_1))
    counts[key] = Math.max(floor, Math.round(full * factor));
  // One report per node and minute of the last day (nodes push every minute).
  counts.nodeReports = counts.agents * counts.nodeReportMinutes;
  counts.trafficRecords = counts.dailyUsage + counts.otherTrafficRecords;
  counts.tradeRows = counts.orders;
  return counts;
}

/** The first node's secret (`bench-node-secret-<n>` for node `bench-agent-<n>`, n from 1). */
export const nodeSecret = (n) => `bench-node-secret-${n}`;
export const nodeId = (n) => `bench-agent-${n}`;

/**
 * Loads the data set. `query(text)` runs one statement and resolves to its rows (a pg client's or
 * PGlite's query, wrapped). `log(message)` reports progress. Resolves to the seconds each step took.
 */
export async function generate(query, { users = 100_000, log = () => {}, timeZone = 'Asia/Shanghai' } = {}) {
  const n = scaleCounts(users);
  const steps = [];
  const run = async (label, text) => {
    const started = performance.now();
    await query(text);
    const seconds = (performance.now() - started) / 1000;
    steps.push({ label, seconds });
    log(`${label}: ${seconds.toFixed(1)} s`);
  };
  const rowsOf = async (text) => query(text);

  const existing = await rowsOf(`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@bench.example'`);
  if (existing[0].n > 0) throw new Error('generate: the database already holds a generated data set');

  // Deterministic figures (random() follows setseed within the session).
  await query('BEGIN');
  try {
    await query(`SELECT setseed(0.23)`);
    await query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await query(`SET LOCAL work_mem = '64MB'`);

    // What the catalogue says now, to drop and make again.
    const indexes = await rowsOf(`
      SELECT quote_ident(ns.nspname) || '.' || quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
      FROM pg_index i
      JOIN pg_class ic ON ic.oid = i.indexrelid
      JOIN pg_class tc ON tc.oid = i.indrelid
      JOIN pg_namespace ns ON ns.oid = tc.relnamespace
      WHERE ns.nspname = 'public' AND tc.relkind = 'r'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY ic.relname`);
    const foreignKeys = await rowsOf(`
      SELECT conrelid::regclass::text AS tbl, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace
      ORDER BY conrelid::regclass::text, conname`);
    const keys = await rowsOf(`
      SELECT conrelid::regclass::text AS tbl, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE contype IN ('p', 'u') AND connamespace = 'public'::regnamespace
        AND conrelid::regclass::text = ANY ('{${BULK_TABLES.join(',')}}'::text[])
      ORDER BY conrelid::regclass::text, conname`);
    for (const fk of foreignKeys) await query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${fk.name}`);
    for (const key of keys) await query(`ALTER TABLE ${key.tbl} DROP CONSTRAINT ${key.name}`);
    for (const index of indexes) await query(`DROP INDEX ${index.name}`);
    log(
      `dropped ${keys.length} primary and unique keys, ${indexes.length} other indexes and ${foreignKeys.length} foreign keys`,
    );

    // Shared expressions. User number g (1..users) → id; the service day of a timestamp.
    const uid = (g) => `substr(md5('bench-user-' || (${g})), 1, 24)`;
    const today = `(now() AT TIME ZONE '${timeZone}')::date`;
    const dayStart = (day) => `((${day})::timestamp AT TIME ZONE '${timeZone}')`;
    const GiB = 1024 ** 3;
    // Never used to sign in: the shape of an argon2id hash of an unknown password.
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtc2NhbGUtc2FsdA$0sOvGLDIJEjEF9NVBPZHXkzYfOWTGbsFfHYNLBbz2Ng';

    await run(
      'permissions',
      `INSERT INTO permissions (id, name, "desc", use_times, created_at)
       SELECT 'bench-perm-' || g, '权限 ' || g, '基准权限 ' || g, 0, now() - interval '400 days'
       FROM generate_series(1, ${n.permissions}) g`,
    );
    await run(
      'entries',
      `INSERT INTO entries (id, "index", name, ip, host, "desc", created_at)
       SELECT 'bench-entry-' || g, g, '入口 ' || g, '198.51.100.' || (g % 250 + 1), 'entry' || g || '.bench.example', '', now() - interval '400 days'
       FROM generate_series(1, ${n.entries}) g`,
    );
    await run(
      'agents',
      `INSERT INTO agents (id, "index", name, name_en, country, type, server_type, ip, host, port, status, agent_version,
                           secret_hash, last_report_at, load, latency_ms, online_users, order_id, created_at)
       SELECT 'bench-agent-' || g, g, '节点 ' || g, 'Node ' || g,
              (ARRAY['{"name":"日本","flag":"🇯🇵","code":"JP"}', '{"name":"美国","flag":"🇺🇸","code":"US"}',
                     '{"name":"新加坡","flag":"🇸🇬","code":"SG"}', '{"name":"香港","flag":"🇭🇰","code":"HK"}'])[g % 4 + 1]::jsonb,
              (ARRAY['v2ray', 'v2ray', 'h2', 'reality'])[g % 4 + 1]::agent_type,
              (ARRAY['ubuntu_x86', 'ubuntu_arm', 'apine', 'ubuntu_reality'])[g % 4 + 1]::server_type,
              '203.0.' || (g / 250) || '.' || (g % 250 + 1), 'node' || g || '.bench.example', 10086, true, '1.8.4',
              encode(sha256(convert_to('bench-node-secret-' || g, 'UTF8')), 'hex'),
              now() - interval '30 seconds', round((random() * 2)::numeric, 2)::float8, 40 + (random() * 200)::int,
              (random() * 300)::int, g, now() - interval '400 days'
       FROM generate_series(1, ${n.agents}) g`,
    );
    // Line g belongs to node ((g - 1) % agents) + 1; the first line of each node is public and
    // open to everyone (so ~78 % of the users are on every node's list); later ones may need a
    // permission, refuse agency users or be hidden.
    await run(
      'lines',
      `INSERT INTO lines (id, "index", name, name_en, agent_id, protocol, bridge, entry_id, scale, num, public,
                          disable_for_agency, permission_require, port, tls, sni, ss_server_key, created_at)
       SELECT 'bench-line-' || g, g, '线路 ' || g, 'Line ' || g, 'bench-agent-' || ((g - 1) % ${n.agents} + 1),
              (ARRAY['vmesh_tcp', 'vmesh_ws', 'ss', 'vmesh_tcp', 'reality', 'h2'])[g % 6 + 1]::line_protocol,
              (CASE WHEN g % 9 = 0 THEN 'cf_cdn' ELSE 'none' END)::bridge_type,
              CASE WHEN g % 5 = 0 THEN 'bench-entry-' || (g % ${n.entries} + 1) END,
              (ARRAY[1, 1, 1, 1.5, 2, 0.5])[g % 6 + 1]::float8, 1 + g % 2,
              g <= ${n.agents} OR g % 25 <> 0,
              g > ${n.agents} AND g % 7 = 0,
              CASE WHEN g > ${n.agents} AND g % 4 = 0 THEN 'bench-perm-' || (g % ${n.permissions} + 1) END,
              10000 + g % 5000, g % 6 = 5, CASE WHEN g % 6 = 5 THEN 'node.bench.example' ELSE '' END,
              CASE WHEN g % 6 = 2 THEN encode(sha256(convert_to('ss-' || g, 'UTF8')), 'base64') ELSE '' END,
              now() - interval '400 days'
       FROM generate_series(1, ${n.lines}) g`,
    );
    await run(
      'combos',
      `INSERT INTO combos (id, name, price_cents, traffic, vip_duration, daily_limit_gb, addition_persend, device_num,
                           permissions_gain, permission_duration, order_id, created_at)
       SELECT substr(md5('bench-combo-' || g), 1, 24), '套餐 ' || g, (ARRAY[990, 1990, 2990, 4990, 9990])[g % 5 + 1],
              CASE WHEN g % 2 = 0 THEN (g % 5 + 1) * 100::bigint * ${GiB} ELSE 0 END,
              CASE WHEN g % 2 = 1 THEN (ARRAY[30, 90, 180, 365, 30])[g % 5 + 1] ELSE 0 END,
              50, 0, 3,
              CASE WHEN g % 3 = 0 THEN jsonb_build_array('bench-perm-' || (g % ${n.permissions} + 1)) ELSE '[]'::jsonb END,
              CASE WHEN g % 3 = 0 THEN 30 ELSE 0 END, g, now() - interval '400 days'
       FROM generate_series(1, ${n.combos}) g`,
    );

    // Users. r1: permanent traffic (60 % with some left), r2: time package (50 % running),
    // r3: disabled (2 %), r4: agency (5 %), r5: invited through a channel (30 %).
    await run(
      'users',
      `INSERT INTO users (id, email, password_hash, type, userkey, icon, traffic, spend_traffic, vip_expire_time,
                          daily_time_package_usage, daily_limit, time_package_day, paid_user, channel_code, is_agency,
                          disabled, email_confirmed, normal_permission, created_at, last_active_at)
       SELECT ${uid('g')}, 'user' || g || '@bench.example', '${hash}',
              (CASE WHEN g <= 3 THEN 'yunying' WHEN g <= ${n.channels} THEN 'channel' ELSE 'normal' END)::user_type,
              md5('bench-key-' || g), '',
              t.traffic,
              CASE WHEN r1 < 0.6 THEN (t.traffic * r6 * 0.95)::bigint WHEN r1 < 0.85 THEN t.traffic ELSE 0 END,
              CASE WHEN r2 < 0.5 THEN now() + (1 + r6 * 364) * interval '1 day'
                   WHEN r2 < 0.7 THEN now() - (1 + r6 * 364) * interval '1 day' END,
              CASE WHEN r2 < 0.5 AND r7 < 0.3 THEN (CASE WHEN r7 < 0.01 THEN 50::bigint * ${GiB} ELSE (r6 * 40 * ${GiB})::bigint END) ELSE 0 END,
              CASE WHEN r2 < 0.5 AND r7 > 0.95 THEN 100::bigint * ${GiB} END,
              CASE WHEN r2 < 0.5 AND r7 < 0.3 THEN ${today} END,
              r1 < 0.6 OR r2 < 0.7, CASE WHEN r5 < 0.3 THEN 'bench-ch-' || (1 + (g * 7) % ${n.channels}) ELSE '' END,
              r4 < 0.05, r3 < 0.02, r3 < 0.97, r7 < 0.99,
              now() - (30 + r8 * 700) * interval '1 day', now() - r8 * interval '30 days'
       FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6,
                    random() AS r7, random() AS r8
             FROM generate_series(1, ${n.users}) g) s
       CROSS JOIN LATERAL (SELECT CASE WHEN s.r1 < 0.85 THEN (8 + (s.r8 * 500)::bigint) * ${GiB} ELSE 0 END AS traffic) t`,
    );
    await run(
      'channels',
      `INSERT INTO channels (code, user_id, name, reward_rate, consumer_duration_days, created_at)
       SELECT 'bench-ch-' || g, ${uid('g')}, '渠道 ' || g, CASE WHEN g % 3 = 0 THEN 0.2 END,
              CASE WHEN g % 4 = 0 THEN 365 END, now() - interval '700 days'
       FROM generate_series(1, ${n.channels}) g`,
    );
    // One or two permissions for 30 % of the users, a fifth of them expired.
    await run(
      'user_permissions',
      `INSERT INTO user_permissions (user_id, permission_id, expire_time, created_at)
       SELECT ${uid('g')}, 'bench-perm-' || ((g * 7 + k * 3) % ${n.permissions} + 1),
              CASE WHEN random() < 0.8 THEN now() + (1 + random() * 300) * interval '1 day'
                   ELSE now() - (1 + random() * 300) * interval '1 day' END,
              now() - random() * interval '300 days'
       FROM generate_series(1, ${n.users}) g CROSS JOIN generate_series(1, 2) k
       WHERE (k = 1 AND g % 10 < 3) OR (k = 2 AND g % 10 = 0)`,
    );
    await run(
      'permissions.use_times',
      `UPDATE permissions p SET use_times = c.n FROM (SELECT permission_id, count(*) AS n FROM user_permissions GROUP BY 1) c
       WHERE c.permission_id = p.id`,
    );

    // Coupons: trial traffic (60 %), trial time (15 %), cash (20 %), discount (5 %).
    const couponType = (g) =>
      `(CASE WHEN (${g}) % 20 < 12 THEN 'freeUse' WHEN (${g}) % 20 < 15 THEN 'freeTime' WHEN (${g}) % 20 < 19 THEN 'cash' ELSE 'discount' END)`;
    await run(
      'coupons',
      `INSERT INTO coupons (id, name, type, code, taobao, traffic, traffic_has_limit_time, traffic_limit_hours, vip_day,
                            for_money_cents, discount, use_num_per_user, number_of_authorizations, auth_times, expire_time,
                            create_time)
       SELECT substr(md5('bench-coupon-' || g), 1, 24), '优惠券 ' || g, ${couponType('g')}::coupon_type,
              upper(substr(md5('bench-code-' || g), 1, 12)), g % 50 = 0,
              CASE WHEN ${couponType('g')} = 'freeUse' THEN (1 + g % 10)::bigint * ${GiB} ELSE 0 END,
              ${couponType('g')} = 'freeUse' AND g % 3 = 0, CASE WHEN ${couponType('g')} = 'freeUse' AND g % 3 = 0 THEN 72 ELSE 0 END,
              CASE WHEN ${couponType('g')} = 'freeTime' THEN 1 + g % 7 ELSE 0 END,
              CASE WHEN ${couponType('g')} = 'cash' THEN (1 + g % 10) * 100 ELSE 0 END,
              CASE WHEN ${couponType('g')} = 'discount' THEN 0.8 ELSE 1 END,
              CASE WHEN ${couponType('g')} IN ('cash', 'discount') THEN 100 ELSE 1 END,
              1000, 0,
              CASE WHEN g % 4 = 0 THEN now() - random() * interval '200 days' ELSE now() + random() * interval '300 days' END,
              now() - random() * interval '365 days'
       FROM generate_series(1, ${n.coupons}) g`,
    );

    // Orders over the last year: 72 % paid, the rest cancelled; every tenth uses a cash coupon.
    await run(
      'orders',
      `INSERT INTO orders (id, user_id, combo_id, "desc", order_money_cents, coupon_id, coupon_code, coupon_name, coupon_type,
                           coupon_discount_cents, wallet_spend_cents, status, add_traffic, add_vip_duration, daily_limit_gb,
                           gain_permission, permission_duration, created_at, expires_at, paid_at, cancelled_at)
       SELECT substr(md5('bench-order-' || o), 1, 24), ${uid('s.u')}, c.id, c.name, c.price_cents,
              k.id, k.code, k.name, k.type,
              CASE WHEN k.id IS NULL THEN 0 ELSE least(k.for_money_cents, c.price_cents) END,
              0, (CASE WHEN s.paid THEN 'paied' ELSE 'cancled' END)::order_status,
              c.traffic, c.vip_duration, c.daily_limit_gb, c.permissions_gain, c.permission_duration,
              s.at, s.at + interval '15 minutes',
              CASE WHEN s.paid THEN s.at + interval '1 minute' END,
              CASE WHEN NOT s.paid THEN s.at + interval '15 minutes' END
       FROM (SELECT o, 1 + (random() * (${n.users} - 1))::int AS u, random() < 0.72 AS paid,
                    now() - random() * interval '365 days' - interval '20 minutes' AS at
             FROM generate_series(1, ${n.orders}) o) s
       JOIN (SELECT row_number() OVER (ORDER BY order_id) - 1 AS i, * FROM combos) c ON c.i = s.o % ${n.combos}
       LEFT JOIN (SELECT row_number() OVER (ORDER BY create_time, id) - 1 AS i, * FROM coupons WHERE type = 'cash') k
         ON s.o % 10 = 0 AND k.i = (s.o / 10) % (SELECT count(*) FROM coupons WHERE type = 'cash')`,
    );
    // One trade per order: paid with the order, cancelled otherwise; invited buyers' paid trades
    // earn their channel a tenth.
    await run(
      'trades',
      `INSERT INTO trades (id, order_id, user_id, pay_mode, provider, amount_cents, usdt_amount_milli, usdt_address, status,
                           external_id, device, platform, from_channel, reward_cents, created_at, expires_at, paid_at, note)
       SELECT substr(md5('bench-trade-' || o.id), 1, 24), o.id, o.user_id, m.mode::pay_mode,
              CASE m.mode WHEN 'usdt' THEN 'usdt' WHEN 'alipay' THEN 'yi' WHEN 'wxpay' THEN 'feifei' ELSE 'openx' END,
              o.order_money_cents - o.coupon_discount_cents,
              CASE WHEN m.mode = 'usdt' THEN (o.order_money_cents - o.coupon_discount_cents) * 14 END,
              CASE WHEN m.mode = 'usdt' THEN 'TBenchAddress000000000000000000001' END,
              (CASE WHEN o.status = 'paied' THEN 'paied' ELSE 'cancled' END)::trade_status,
              CASE WHEN o.status = 'paied' THEN 'ext-' || o.id END,
              (ARRAY['pc', 'mobile'])[1 + abs(hashtext(o.id)) % 2], '',
              CASE WHEN o.status = 'paied' AND u.channel_code <> '' THEN u.channel_code END,
              CASE WHEN o.status = 'paied' AND u.channel_code <> '' THEN (o.order_money_cents - o.coupon_discount_cents) / 10 ELSE 0 END,
              o.created_at, o.created_at + interval '15 minutes', o.paid_at, ''
       FROM orders o JOIN users u ON u.id = o.user_id
       CROSS JOIN LATERAL (SELECT (ARRAY['alipay', 'wxpay', 'usdt', 'urlscheme', 'alipay'])[1 + abs(hashtext(o.id || 'm')) % 5] AS mode) m`,
    );
    await run(
      'channel_rewards',
      `INSERT INTO channel_rewards (inviter_id, consumer_id, order_id, "desc", user_spend_cents, reward_cents, created_at)
       SELECT c.user_id, t.user_id, t.order_id, '邀请返利', t.amount_cents, t.reward_cents, t.paid_at
       FROM trades t JOIN channels c ON c.code = t.from_channel
       WHERE t.reward_cents > 0`,
    );
    // Coupon uses: those of the coupon orders (released when the order was cancelled), then trial
    // redemptions, each (coupon, user) pair once.
    await run(
      'coupon_uses (orders)',
      `INSERT INTO coupon_uses (id, coupon_id, user_id, code, type, add_money_cents, discount, is_deleted, order_id, created_at)
       SELECT substr(md5('bench-use-' || o.id), 1, 24), o.coupon_id, o.user_id, o.coupon_code, o.coupon_type,
              o.coupon_discount_cents, NULL, o.status = 'cancled', o.id, o.created_at
       FROM orders o WHERE o.coupon_id IS NOT NULL`,
    );
    await run(
      'coupon_uses (trials)',
      `WITH k AS (SELECT row_number() OVER (ORDER BY create_time, id) - 1 AS i, * FROM coupons WHERE type IN ('freeUse', 'freeTime'))
       INSERT INTO coupon_uses (id, coupon_id, user_id, code, type, add_traffic, add_day, is_deleted, created_at)
       SELECT substr(md5('bench-trial-' || s.u), 1, 24), k.id, ${uid(`1 + ((s.u / s.kn) * 9973 + (s.u % s.kn) * 31) % ${n.users}`)},
              k.code, k.type, k.traffic, k.vip_day, false, k.create_time + random() * (now() - k.create_time)
       FROM (SELECT u, (SELECT count(*) FROM k) AS kn
             FROM generate_series(0, greatest(0, ${n.couponUses} - (SELECT count(*) FROM coupon_uses)) - 1) u) s
       JOIN k ON k.i = s.u % s.kn`,
    );
    await run(
      'coupons.auth_times',
      `UPDATE coupons c SET auth_times = x.n,
              number_of_authorizations = greatest(c.number_of_authorizations, x.n)
       FROM (SELECT coupon_id, count(*) AS n FROM coupon_uses WHERE NOT is_deleted GROUP BY 1) x WHERE x.coupon_id = c.id`,
    );

    // Wallets: a fifth of the users have a ledger of 1-8 rows, credits alternating with debits of
    // half the credit before them (so no balance is ever negative); the users' balances are the sums.
    await run(
      'wallet_ledger',
      `INSERT INTO wallet_ledger (user_id, kind, amount_cents, balance_after_cents, "desc", created_at)
       SELECT ${uid('g')}, CASE WHEN k % 2 = 1 THEN (ARRAY['reward', 'refund', 'adjust'])[1 + g % 3] ELSE 'spend' END,
              amount, sum(amount) OVER (PARTITION BY g ORDER BY k), CASE WHEN k % 2 = 1 THEN '返利' ELSE '购买' END,
              now() - (400 - k * 40) * interval '1 day' - (g % 1000) * interval '1 minute'
       FROM (SELECT g, k, CASE WHEN k % 2 = 1 THEN credit ELSE -(lag(credit) OVER (PARTITION BY g ORDER BY k) / 2) END AS amount
             FROM (SELECT g, k, (100 + (random() * 20000)::int)::bigint AS credit
                   FROM generate_series(5, ${n.users}, 5) g CROSS JOIN generate_series(1, 8) k
                   WHERE k <= 1 + g % 8) a) b`,
    );
    await run(
      'users.wallet_money',
      `UPDATE users u SET wallet_money = w.total FROM (SELECT user_id, sum(amount_cents) AS total FROM wallet_ledger GROUP BY 1) w
       WHERE w.user_id = u.id`,
    );

    // Daily usage: 38 days a user in the last year (user g on days j * 9 + g % 9 back, j = 0..37),
    // one `spend` traffic record for each of those days; then the other kinds of records.
    const usage = `
      FROM (SELECT 1 + s % ${n.users} AS g, ${today} - ((s / ${n.users}) * 9 + (1 + s % ${n.users}) % 9)::int AS day,
                   (random() * 3 * ${GiB})::bigint AS up, (random() * 30 * ${GiB})::bigint AS down
            FROM generate_series(0, ${n.dailyUsage} - 1) s) d`;
    await run(
      'user_daily_usage',
      `INSERT INTO user_daily_usage (user_id, day, upload, download, charged, updated_at)
       SELECT ${uid('d.g')}, d.day, d.up, d.down, d.up + d.down, ${dayStart('d.day')} + interval '23 hours' ${usage}`,
    );
    await query(`SELECT setseed(0.23)`);
    await run(
      'traffic_records (spend)',
      `INSERT INTO traffic_records (user_id, type, "desc", traffic_change, exemption_traffic, all_traffic, all_spend, day, created_at, updated_at)
       SELECT ${uid('d.g')}, 'spend', '', -(d.up + d.down), CASE WHEN d.g % 2 = 0 THEN (d.up + d.down) / 2 ELSE 0 END,
              500::bigint * ${GiB}, (d.up + d.down) * 3, d.day, ${dayStart('d.day')} + interval '1 hour', ${dayStart('d.day')} + interval '23 hours'
       ${usage}`,
    );
    await run(
      'traffic_records (others)',
      `INSERT INTO traffic_records (user_id, type, "desc", traffic_change, all_traffic, all_spend, day, created_at, updated_at)
       SELECT ${uid('s.g')}, s.type, '', CASE WHEN s.type IN ('prize_spend', 'push_spend', 'tiyan_expire', 'agency_spend') THEN -s.amount ELSE s.amount END,
              200::bigint * ${GiB}, s.amount * 2, (s.at AT TIME ZONE '${timeZone}')::date, s.at, s.at
       FROM (SELECT 1 + (random() * (${n.users} - 1))::int AS g,
                    (ARRAY['buy', 'buy', 'buy', 'coupon', 'sign_use', 'sign_use', 'sign_use', 'prize_spend', 'prize_reward',
                           'push_spend', 'push_receive', 'tiyan_expire', 'admin_adjust'])[1 + (random() * 12)::int] AS type,
                    (random() * 100 * ${GiB})::bigint AS amount, now() - random() * interval '365 days' AS at
             FROM generate_series(1, ${n.otherTrafficRecords})) s`,
    );
    // Sign-ins: user g on days j * 3 + g % 3 back.
    await run(
      'sign_ins',
      `INSERT INTO sign_ins (user_id, day, streak, add_traffic, extra_reward, created_at)
       SELECT ${uid('x.g')}, x.day, 1 + x.j % 7, (100 + (random() * 400)::int)::bigint * 1024 * 1024, x.j % 7 = 6,
              ${dayStart('x.day')} + interval '9 hours'
       FROM (SELECT 1 + s % ${n.users} AS g, s / ${n.users} AS j, ${today} - ((s / ${n.users}) * 3 + (1 + s % ${n.users}) % 3)::int AS day
             FROM generate_series(0, ${n.signIns} - 1) s) x`,
    );
    // Node reports: every node, every minute of the last day.
    await run(
      'node_traffic_reports',
      `INSERT INTO node_traffic_reports (agent_id, report_id, users, upload, download, received_at)
       SELECT 'bench-agent-' || a, 'bench-' || m, (random() * 300)::int, (random() * 1e9)::bigint, (random() * 1e10)::bigint,
              now() - m * interval '1 minute'
       FROM generate_series(1, ${n.agents}) a CROSS JOIN generate_series(1, ${n.nodeReportMinutes}) m`,
    );
    await run(
      'tickets',
      `INSERT INTO tickets (id, user_id, title, "desc", status, created_at, updated_at, closed_at)
       SELECT substr(md5('bench-ticket-' || t), 1, 24), ${uid(`1 + (t * 37) % ${n.users}`)}, '工单 ' || t, '无法连接，请帮忙看看。',
              CASE WHEN t % 10 < 7 THEN 'close' ELSE 'open' END, at, at + interval '2 hours',
              CASE WHEN t % 10 < 7 THEN at + interval '1 day' END
       FROM (SELECT t, now() - random() * interval '365 days' AS at FROM generate_series(1, ${n.tickets}) t) s`,
    );
    await run(
      'ticket_comments',
      `INSERT INTO ticket_comments (ticket_id, author_id, from_admin, "desc", created_at)
       SELECT t.id, CASE WHEN k = 1 THEN t.user_id END, k = 2, CASE WHEN k = 1 THEN '补充说明' ELSE '已处理' END,
              t.created_at + k * interval '1 hour'
       FROM tickets t CROSS JOIN generate_series(1, 2) k`,
    );
    await run(
      'audit_log',
      `INSERT INTO audit_log (id, created_at, operator_id, operator_email, record_type, record_id, action, detail, before, after)
       SELECT substr(md5('bench-audit-' || a), 1, 24), now() - random() * interval '365 days', ${uid(1)}, 'user1@bench.example',
              (ARRAY['user', 'coupon', 'combo', 'agent', 'line'])[1 + a % 5], ${uid(`1 + a % ${n.users}`)},
              (ARRAY['create', 'update', 'delete', 'action'])[1 + a % 4]::audit_action, '基准操作',
              jsonb_build_object('traffic', a), jsonb_build_object('traffic', a + 1)
       FROM generate_series(1, ${n.audit}) a`,
    );
    await run(
      'prizes',
      `INSERT INTO prizes (id, name, gain_traffic, gain_vip_days, weight, "desc", created_at)
       SELECT substr(md5('bench-prize-' || p), 1, 24), '奖品 ' || p, p::bigint * ${GiB}, p % 3, 10 - p, '', now() - interval '400 days'
       FROM generate_series(1, 8) p`,
    );
    await run(
      'prize_draws',
      `INSERT INTO prize_draws (id, user_id, prize_id, prize_name, cost, gain_traffic, gain_vip_days, day, created_at)
       SELECT substr(md5('bench-draw-' || d), 1, 24), ${uid(`1 + (d * 13) % ${n.users}`)}, substr(md5('bench-prize-' || (1 + d % 8)), 1, 24),
              '奖品 ' || (1 + d % 8), 1024 * 1024 * 1024, (1 + d % 8)::bigint * ${GiB}, (1 + d % 8) % 3,
              (at AT TIME ZONE '${timeZone}')::date, at
       FROM (SELECT d, now() - random() * interval '365 days' AS at FROM generate_series(1, ${n.prizeDraws}) d) s`,
    );
    await run(
      'gifts',
      `INSERT INTO gifts (code, sender_id, amount, fee, received, cost_rate, status, receiver_id, created_at, received_at)
       SELECT upper(substr(md5('bench-gift-' || x), 1, 16)), ${uid(`1 + (x * 17) % ${n.users}`)}, 10::bigint * ${GiB}, ${GiB}, 9::bigint * ${GiB}, 0.1,
              CASE WHEN x % 3 = 0 THEN 'created' ELSE 'received' END,
              CASE WHEN x % 3 <> 0 THEN ${uid(`1 + (x * 29) % ${n.users}`)} END,
              now() - x * interval '1 hour', CASE WHEN x % 3 <> 0 THEN now() - x * interval '1 hour' + interval '5 minutes' END
       FROM generate_series(1, ${n.gifts}) x`,
    );
    await run(
      'notices',
      `INSERT INTO notices (id, "desc", href, user_id, created_at, expires_at)
       SELECT substr(md5('bench-notice-' || x), 1, 24), '通知 ' || x, '', CASE WHEN x % 2 = 0 THEN ${uid(`1 + x % ${n.users}`)} END,
              now() - x * interval '3 days', CASE WHEN x % 5 = 0 THEN now() - interval '1 day' END
       FROM generate_series(1, ${n.notices}) x`,
    );
    await run(
      'error_log',
      `INSERT INTO error_log (id, created_at, name, msg, stack, method, url, request_id)
       SELECT substr(md5('bench-error-' || x), 1, 24), now() - x * interval '1 day', 'Error', '基准错误 ' || x, '', 'POST',
              '/api/bench', 'req-' || x
       FROM generate_series(1, ${n.errors}) x`,
    );

    // Keys and indexes back (built by sorting, far faster than a random insert per row; a
    // duplicate fails here), foreign keys checked by one join each, then the planner's statistics.
    const keysBack = performance.now();
    for (const key of keys) await query(`ALTER TABLE ${key.tbl} ADD CONSTRAINT ${key.name} ${key.def}`);
    steps.push({ label: `${keys.length} primary and unique keys`, seconds: (performance.now() - keysBack) / 1000 });
    log(`${keys.length} primary and unique keys: ${((performance.now() - keysBack) / 1000).toFixed(1)} s`);
    const started = performance.now();
    for (const index of indexes) await query(index.def);
    steps.push({ label: `${indexes.length} indexes`, seconds: (performance.now() - started) / 1000 });
    log(`${indexes.length} indexes: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const keysStarted = performance.now();
    for (const fk of foreignKeys) await query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${fk.name} ${fk.def}`);
    steps.push({ label: `${foreignKeys.length} foreign keys`, seconds: (performance.now() - keysStarted) / 1000 });
    log(`${foreignKeys.length} foreign keys: ${((performance.now() - keysStarted) / 1000).toFixed(1)} s`);
    await query('COMMIT');
  } catch (error) {
    await query('ROLLBACK').catch(() => {});
    throw error;
  }
  await run('analyze', 'ANALYZE');
  return { counts: n, steps };
}
