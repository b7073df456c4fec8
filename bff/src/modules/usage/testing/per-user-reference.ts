/**
 * Test support: the per-user accounting of node reports as it was before the set-based push
 * (about four statements per user), kept only as the reference the set-based `recordReport` is
 * compared with (usage/set-based.test.ts). Not imported by production code.
 */
import { DEFAULT_DAILY_LIMIT_BYTES } from '@portal/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { nodeTrafficReports, trafficRecords, userDailyUsage, users } from '../../../db/schema.js';
import { serviceDay } from '../../../lib/service-day.js';
import type { SettingsService } from '../../settings/index.js';
import { trafficRepository } from '../../traffic/repository.js';
import { dailyUsageToday, hasActiveTimePackage } from '../eligibility.js';
import { chargeFor, type ReportResult, type TrafficReport } from '../service.js';

const SCALE_KEYS = ['traffic_spend_scale', 'upload_traffic_spend_scale', 'minestTrafficSpend'] as const;

export function createPerUserReference({
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
          const charge = chargeFor(usage, { ...scales, lineScale: scales.lineScale * user.scale });
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
          const updated = await tx
            .update(trafficRecords)
            .set({
              trafficChange: sql`${trafficRecords.trafficChange} - ${taken}`,
              exemptionTraffic: sql`${trafficRecords.exemptionTraffic} + ${fromDaily}`,
              allTraffic: after!.traffic,
              allSpend: after!.spendTraffic,
              updatedAt: sql`now()`,
            })
            .where(
              and(eq(trafficRecords.userId, user.id), eq(trafficRecords.day, today), eq(trafficRecords.type, 'spend')),
            )
            .returning({ id: trafficRecords.id });
          if (updated.length > 0) continue;
          await trafficRepository.insertRecord(tx, {
            userId: user.id,
            type: 'spend',
            desc: '节点使用流量',
            trafficChange: -taken,
            exemptionTraffic: fromDaily,
            allTraffic: after!.traffic,
            allSpend: after!.spendTraffic,
            day: today,
          });
        }
        return { duplicate: false, users: charges, charged };
      });
    },
  };
}
