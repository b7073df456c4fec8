import type { NewEvent, Notify } from '../notifications/index.js';
import { DEFAULT_DAILY_LIMIT_BYTES, MiB } from '@portal/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nodeTrafficReports, trafficRecords, userDailyUsage, users } from '../../db/schema.js';
import { serviceDay } from '../../lib/service-day.js';
import type { SettingsService } from '../settings/index.js';
import { dailyUsageToday, hasActiveTimePackage } from './eligibility.js';

export interface UserUsage {
  userId: string;
  /** Bytes, as counted by the node. */
  upload: number;
  download: number;
}

export interface TrafficReport {
  agentId: string;
  /** Chosen by the node; the same (agent, reportId) counts once however often it arrives. */
  reportId: string;
  /** The line's `scale` (accounting multiplier). */
  lineScale: number;
  usages: UserUsage[];
}

export interface ReportResult {
  duplicate: boolean;
  /** Users charged (known users with traffic). */
  users: number;
  /** Bytes taken from daily allowances and permanent traffic together. */
  charged: number;
}

const SCALE_KEYS = ['traffic_spend_scale', 'upload_traffic_spend_scale', 'minestTrafficSpend'] as const;

/**
 * The bytes a usage costs: (download + upload × upload scale) × global scale × line scale, at
 * least the minimum when non-zero, and at most Number.MAX_SAFE_INTEGER (a push of the largest
 * counts with every scale at its largest would leave the exact integers and then bigint).
 */
export function chargeFor(
  usage: { upload: number; download: number },
  scales: {
    traffic_spend_scale: number;
    upload_traffic_spend_scale: number;
    minestTrafficSpend: number;
    lineScale: number;
  },
): number {
  if (usage.upload + usage.download <= 0) return 0;
  const raw =
    (usage.download + usage.upload * scales.upload_traffic_spend_scale) * scales.traffic_spend_scale * scales.lineScale;
  return Math.min(Math.max(Math.ceil(raw), scales.minestTrafficSpend * MiB), Number.MAX_SAFE_INTEGER);
}

/**
 * Node traffic accounting: one transaction per report, a fixed number of statements whatever the
 * number of users (set-based; the per-user form took four statements per user). The report row
 * (primary key agent + report id) is inserted first, so a repeated or concurrent duplicate waits
 * for the first and then does nothing. Users are locked in id order (no deadlock between reports
 * of several nodes; reports of disjoint users never wait for each other), the charges are worked
 * out here from the locked rows with the same functions as before, and one statement writes them
 * all, with every balance moving by `x = x + n`. Usage is taken first from the daily allowance of
 * an active time package, then from permanent traffic (never below zero: what is beyond the
 * balance is recorded in user_daily_usage.charged but cannot be taken).
 */
export function createUsageService({
  db,
  settings,
  timeZone,
  emit = async () => undefined,
  now = () => new Date(),
}: {
  db: Db;
  settings: SettingsService;
  timeZone: string;
  /** The outbox (modules/notifications): user.traffic_low at 80 % and user.traffic_exhausted, once per crossing. */
  emit?: Notify;
  now?: () => Date;
}) {
  return {
    async recordReport(report: TrafficReport): Promise<ReportResult> {
      const scales = { ...(await settings.getMany(SCALE_KEYS)), lineScale: report.lineScale };
      // One entry per user (a node may list a user twice): sum them.
      const merged = new Map<string, { upload: number; download: number }>();
      for (const u of report.usages) {
        if (!Number.isSafeInteger(u.upload) || !Number.isSafeInteger(u.download) || u.upload < 0 || u.download < 0) {
          throw new Error(`invalid usage for ${u.userId}`);
        }
        const entry = merged.get(u.userId) ?? { upload: 0, download: 0 };
        entry.upload += u.upload;
        entry.download += u.download;
        merged.set(u.userId, entry);
      }
      const ids = [...merged.keys()].sort();
      const totals = [...merged.values()].reduce(
        (a, u) => ({ upload: a.upload + u.upload, download: a.download + u.download }),
        {
          upload: 0,
          download: 0,
        },
      );

      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(nodeTrafficReports)
          .values({ agentId: report.agentId, reportId: report.reportId, users: ids.length, ...totals })
          .onConflictDoNothing()
          .returning({ reportId: nodeTrafficReports.reportId });
        if (inserted.length === 0) return { duplicate: true, users: 0, charged: 0 };
        if (ids.length === 0) return { duplicate: false, users: 0, charged: 0 };

        const at = now();
        const today = serviceDay(at, timeZone);
        // Row locks in id order (PostgreSQL locks the rows as the sort hands them over); unknown
        // ids (deleted users) are skipped. One array parameter, whatever the number of users.
        const rows = await tx
          .select({
            id: users.id,
            traffic: users.traffic,
            spendTraffic: users.spendTraffic,
            vipExpireTime: users.vipExpireTime,
            timePackageDay: users.timePackageDay,
            dailyTimePackageUsage: users.dailyTimePackageUsage,
            dailyLimit: users.dailyLimit,
            scale: users.scale,
          })
          .from(users)
          .where(sql`${users.id} = ANY(${sql.param(ids)}::text[])`)
          .orderBy(asc(users.id))
          .for('update');
        if (rows.length === 0) return { duplicate: false, users: 0, charged: 0 };

        const changes: Change[] = [];
        const crossings: NewEvent[] = [];
        let charged = 0;
        let charges = 0;
        for (const user of rows) {
          const usage = merged.get(user.id)!;
          // The user's own scale (set in the back office) multiplies like the line's.
          const charge = chargeFor(usage, { ...scales, lineScale: scales.lineScale * user.scale });
          let fromDaily = 0;
          let fromTraffic = 0;
          if (charge > 0) {
            if (hasActiveTimePackage(user, at)) {
              const left = (user.dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES) - dailyUsageToday(user, today);
              fromDaily = Math.min(charge, Math.max(0, left));
            }
            fromTraffic = Math.min(charge - fromDaily, Math.max(0, user.traffic - user.spendTraffic));
            charged += fromDaily + fromTraffic;
            charges += 1;
            const crossing = thresholdCrossed(user.traffic, user.spendTraffic, user.spendTraffic + fromTraffic);
            if (crossing !== undefined) {
              crossings.push({
                event: crossing,
                userId: user.id,
                data: {
                  usedBytes: user.spendTraffic + fromTraffic,
                  totalBytes: user.traffic,
                  percent: Math.floor(((user.spendTraffic + fromTraffic) / user.traffic) * 100),
                },
              });
            }
          }
          changes.push({
            userId: user.id,
            upload: usage.upload,
            download: usage.download,
            charge,
            fromDaily,
            fromTraffic,
          });
        }
        await applyChanges(tx, changes, today, at);
        await emit(crossings);
        return { duplicate: false, users: charges, charged };
      });
    },
  };
}

/** Share of the permanent traffic at which user.traffic_low is sent. */
export const TRAFFIC_LOW_SHARE = 0.8;

/**
 * The threshold one charge took a user's permanent traffic across, if any: used up, or past 80 %.
 * Only the charge that crosses it sends the event: the pushes before and after it do not.
 */
export function thresholdCrossed(
  total: number,
  before: number,
  after: number,
): 'user.traffic_exhausted' | 'user.traffic_low' | undefined {
  if (total <= 0 || after <= before) return undefined;
  if (before < total && after >= total) return 'user.traffic_exhausted';
  const low = total * TRAFFIC_LOW_SHARE;
  if (before < low && after >= low) return 'user.traffic_low';
  return undefined;
}

/** What one report does to one (locked) user. */
interface Change {
  userId: string;
  upload: number;
  download: number;
  /** The full charge, whatever the balance (statistics). */
  charge: number;
  /** Taken from the time package's daily allowance. */
  fromDaily: number;
  /** Taken from permanent traffic. */
  fromTraffic: number;
}

/**
 * Writes every change of a report in one statement, from columns passed as arrays:
 * - `user_daily_usage` (user, day) adds the raw bytes and the full charge, for every user listed;
 * - users with a charge: the daily allowance counter (restarted on a new service day), the
 *   permanent traffic spent and the last activity, returning the balances after the change;
 * - from those, the day's `spend` record: inserted, or grown through its unique index
 *   (traffic_records_spend_user_day_uq): `trafficChange` down by what was taken,
 *   `exemptionTraffic` up by the allowance part, `allTraffic`/`allSpend` the balances after.
 * The caller holds the users' row locks, so no other report touches these rows meanwhile; the
 * rows are listed in id order, like the locks.
 */
async function applyChanges(tx: Db, changes: Change[], today: string, at: Date): Promise<void> {
  const column = <T>(pick: (c: Change) => T) => sql.param(changes.map(pick));
  await tx.execute(sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((c) => c.userId)}::text[], ${column((c) => c.upload)}::bigint[], ${column((c) => c.download)}::bigint[],
        ${column((c) => c.charge)}::bigint[], ${column((c) => c.fromDaily)}::bigint[], ${column((c) => c.fromTraffic)}::bigint[]
      ) AS t(user_id, upload, download, charge, from_daily, from_traffic)
    ), daily AS (
      INSERT INTO ${userDailyUsage} (user_id, day, upload, download, charged)
      SELECT user_id, ${today}::date, upload, download, charge FROM input ORDER BY user_id
      ON CONFLICT (user_id, day) DO UPDATE SET
        upload = ${userDailyUsage}.upload + excluded.upload,
        download = ${userDailyUsage}.download + excluded.download,
        charged = ${userDailyUsage}.charged + excluded.charged,
        updated_at = now()
    ), spent AS (
      UPDATE ${users} u SET
        daily_time_package_usage = (CASE WHEN u.time_package_day = ${today}::date THEN u.daily_time_package_usage ELSE 0 END) + i.from_daily,
        time_package_day = ${today}::date,
        spend_traffic = u.spend_traffic + i.from_traffic,
        last_active_at = ${at.toISOString()}::timestamptz
      FROM input i
      WHERE u.id = i.user_id AND i.charge > 0
      RETURNING u.id, u.traffic, u.spend_traffic, i.from_daily, i.from_traffic
    )
    INSERT INTO ${trafficRecords} (user_id, type, "desc", traffic_change, exemption_traffic, all_traffic, all_spend, day)
    SELECT id, 'spend', '节点使用流量', -(from_daily + from_traffic), from_daily, traffic, spend_traffic, ${today}::date
    FROM spent ORDER BY id
    ON CONFLICT (user_id, day) WHERE type = 'spend' DO UPDATE SET
      traffic_change = ${trafficRecords}.traffic_change + excluded.traffic_change,
      exemption_traffic = ${trafficRecords}.exemption_traffic + excluded.exemption_traffic,
      all_traffic = excluded.all_traffic,
      all_spend = excluded.all_spend,
      updated_at = now()
  `);
}

export type UsageService = ReturnType<typeof createUsageService>;
