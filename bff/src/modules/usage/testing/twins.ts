/**
 * Test support for comparing two implementations of the node traffic accounting: every user is
 * created twice with the same balances ("twins"), one for each implementation, and the rows the
 * accounting writes are read back per twin with the user id replaced by the twin's index, so
 * that the two sides compare with one `toEqual`.
 */
import type { FastifyInstance } from 'fastify';
import { newObjectId, randomHex } from '../../../lib/random.js';

export interface TwinFields {
  traffic: number;
  spendTraffic: number;
  vipExpireTime: Date | null;
  dailyLimit: number | null;
  dailyUsage: number;
  timePackageDay: string | null;
  scale: number;
}

export interface Twins {
  /** The users of side a and side b; twin i is a[i] and b[i]. */
  a: string[];
  b: string[];
}

/** Creates each user twice (a then b), in one statement per side. */
export async function createTwins(app: FastifyInstance, fields: TwinFields[]): Promise<Twins> {
  const side = async () => {
    const ids = fields.map(() => newObjectId());
    await app.database.query(
      `INSERT INTO users (id, email, password_hash, type, userkey, email_confirmed, traffic, spend_traffic, vip_expire_time,
         daily_limit, daily_time_package_usage, time_package_day, scale)
       SELECT t.id, 'u-' || t.id || '@example.com', 'x', 'normal', t.key, true, t.traffic, t.spend, t.vip, t.lim, t.used, t.day, t.scale
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::bigint[], $7::bigint[], $8::date[], $9::float8[])
         AS t(id, key, traffic, spend, vip, lim, used, day, scale)`,
      [
        ids,
        ids.map(() => randomHex(16)),
        fields.map((f) => f.traffic),
        fields.map((f) => f.spendTraffic),
        fields.map((f) => f.vipExpireTime?.toISOString() ?? null),
        fields.map((f) => f.dailyLimit),
        fields.map((f) => f.dailyUsage),
        fields.map((f) => f.timePackageDay),
        fields.map((f) => f.scale),
      ],
    );
    return ids;
  };
  return { a: await side(), b: await side() };
}

const num = (value: unknown) => (value === null ? null : Number(value));
const instant = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());

/**
 * Everything the accounting writes about these users, in twin order: the balances, the daily
 * usage rows and the traffic records (without ids and write times, which differ by nature).
 */
export async function accountingRows(app: FastifyInstance, ids: string[]) {
  const index = new Map(ids.map((id, i) => [id, i]));
  const [users, daily, records] = await Promise.all([
    app.database.query<Record<string, unknown>>(
      `SELECT id, traffic, spend_traffic, daily_time_package_usage, time_package_day::text AS day, daily_limit, last_active_at
       FROM users WHERE id = ANY($1::text[])`,
      [ids],
    ),
    app.database.query<Record<string, unknown>>(
      'SELECT user_id, day::text AS day, upload, download, charged FROM user_daily_usage WHERE user_id = ANY($1::text[])',
      [ids],
    ),
    app.database.query<Record<string, unknown>>(
      `SELECT user_id, type, "desc", day::text AS day, traffic_change, exemption_traffic, all_traffic, all_spend
       FROM traffic_records WHERE user_id = ANY($1::text[])`,
      [ids],
    ),
  ]);
  const twin = (id: unknown) => index.get(id as string)!;
  const byTwinThenDay = (x: { twin: number; day: unknown }, y: { twin: number; day: unknown }) =>
    x.twin - y.twin || String(x.day).localeCompare(String(y.day));
  return {
    users: users
      .map((u) => ({
        twin: twin(u.id),
        traffic: num(u.traffic),
        spendTraffic: num(u.spend_traffic),
        dailyUsage: num(u.daily_time_package_usage),
        day: u.day,
        dailyLimit: num(u.daily_limit),
        lastActiveAt: instant(u.last_active_at),
      }))
      .sort((x, y) => x.twin - y.twin),
    daily: daily
      .map((d) => ({
        twin: twin(d.user_id),
        day: d.day,
        upload: num(d.upload),
        download: num(d.download),
        charged: num(d.charged),
      }))
      .sort(byTwinThenDay),
    records: records
      .map((r) => ({
        twin: twin(r.user_id),
        type: r.type,
        desc: r.desc,
        day: r.day,
        trafficChange: num(r.traffic_change),
        exemption: num(r.exemption_traffic),
        allTraffic: num(r.all_traffic),
        allSpend: num(r.all_spend),
      }))
      .sort(byTwinThenDay),
  };
}

/** A small deterministic generator (mulberry32), so that a failing seed can be replayed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    chance: (p: number) => next() < p,
  };
}
