import { DEFAULT_DAILY_LIMIT_BYTES, MiB } from '@portal/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nodeTrafficReports, trafficRecords, userDailyUsage, users } from '../../db/schema.js';
import { serviceDay } from '../../lib/service-day.js';
import type { SettingsService } from '../settings/index.js';
import { trafficRepository } from '../traffic/repository.js';
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

/** The bytes a usage costs: (download + upload × upload scale) × global scale × line scale, at least the minimum when non-zero. */
export function chargeFor(
  usage: { upload: number; download: number },
  scales: { traffic_spend_scale: number; upload_traffic_spend_scale: number; minestTrafficSpend: number; lineScale: number },
): number {
  if (usage.upload + usage.download <= 0) return 0;
  const raw = (usage.download + usage.upload * scales.upload_traffic_spend_scale) * scales.traffic_spend_scale * scales.lineScale;
  return Math.max(Math.ceil(raw), scales.minestTrafficSpend * MiB);
}

/**
 * Node traffic accounting: one transaction per report. The report row (primary key agent +
 * report id) is inserted first, so a repeated or concurrent duplicate waits for the first and then
 * does nothing. Users are locked in id order (no deadlock between reports of several nodes), and
 * every balance moves by `x = x + n`. Usage is taken first from the daily allowance of an active
 * time package, then from permanent traffic (never below zero: what is beyond the balance is
 * recorded in user_daily_usage.charged but cannot be taken).
 */
export function createUsageService({
  db,
  settings,
  timeZone,
  now = () => new Date(),
}: {
  db: Db;
  settings: SettingsService;
  timeZone: string;
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
      const totals = [...merged.values()].reduce((a, u) => ({ upload: a.upload + u.upload, download: a.download + u.download }), {
        upload: 0,
        download: 0,
      });

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
        // Row locks in id order; unknown ids (deleted users) are skipped.
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
          .where(inArray(users.id, ids))
          .orderBy(asc(users.id))
          .for('update');

        let charged = 0;
        let charges = 0;
        for (const user of rows) {
          const usage = merged.get(user.id)!;
          // The user's own scale (set in the back office) multiplies like the line's.
          const charge = chargeFor(usage, { ...scales, lineScale: scales.lineScale * user.scale });
          // Statistics first: raw bytes and the full charge, whatever the balance.
          await tx
            .insert(userDailyUsage)
            .values({ userId: user.id, day: today, upload: usage.upload, download: usage.download, charged: charge })
            .onConflictDoUpdate({
              target: [userDailyUsage.userId, userDailyUsage.day],
              set: {
                upload: sql`${userDailyUsage.upload} + ${usage.upload}`,
                download: sql`${userDailyUsage.download} + ${usage.download}`,
                charged: sql`${userDailyUsage.charged} + ${charge}`,
                updatedAt: sql`now()`,
              },
            });
          if (charge === 0) continue;

          let fromDaily = 0;
          if (hasActiveTimePackage(user, at)) {
            const left = (user.dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES) - dailyUsageToday(user, today);
            fromDaily = Math.min(charge, Math.max(0, left));
          }
          const fromTraffic = Math.min(charge - fromDaily, Math.max(0, user.traffic - user.spendTraffic));
          const [after] = await tx
            .update(users)
            .set({
              dailyTimePackageUsage: sql`(CASE WHEN ${users.timePackageDay} = ${today}::date THEN ${users.dailyTimePackageUsage} ELSE 0 END) + ${fromDaily}`,
              timePackageDay: today,
              spendTraffic: sql`${users.spendTraffic} + ${fromTraffic}`,
              lastActiveAt: at,
            })
            .where(eq(users.id, user.id))
            .returning({ traffic: users.traffic, spendTraffic: users.spendTraffic });
          const taken = fromDaily + fromTraffic;
          charged += taken;
          charges += 1;
          await upsertSpendRecord(tx, {
            userId: user.id,
            day: today,
            taken,
            exemption: fromDaily,
            allTraffic: after!.traffic,
            allSpend: after!.spendTraffic,
            desc: '节点使用流量',
          });
        }
        return { duplicate: false, users: charges, charged };
      });
    },
  };
}

/**
 * One `spend` record per user and service day (the spec's records carry day and updateTime),
 * grown by each report; the caller holds the user's row lock, so two reports cannot both insert.
 * `exemptionTraffic` is the part covered by the time package's daily allowance.
 */
async function upsertSpendRecord(
  tx: Db,
  r: { userId: string; day: string; taken: number; exemption: number; allTraffic: number; allSpend: number; desc: string },
): Promise<void> {
  const updated = await tx
    .update(trafficRecords)
    .set({
      trafficChange: sql`${trafficRecords.trafficChange} - ${r.taken}`,
      exemptionTraffic: sql`${trafficRecords.exemptionTraffic} + ${r.exemption}`,
      allTraffic: r.allTraffic,
      allSpend: r.allSpend,
      updatedAt: sql`now()`,
    })
    .where(and(eq(trafficRecords.userId, r.userId), eq(trafficRecords.day, r.day), eq(trafficRecords.type, 'spend')))
    .returning({ id: trafficRecords.id });
  if (updated.length > 0) return;
  await trafficRepository.insertRecord(tx, {
    userId: r.userId,
    type: 'spend',
    desc: r.desc,
    trafficChange: -r.taken,
    exemptionTraffic: r.exemption,
    allTraffic: r.allTraffic,
    allSpend: r.allSpend,
    day: r.day,
  });
}

export type UsageService = ReturnType<typeof createUsageService>;
