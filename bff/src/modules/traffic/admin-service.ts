import { ADMIN_TRAFFIC_RECORD_DAYS, type AdminTrafficRecord, type TrafficRecordType } from '@portal/contracts';
import { TRAFFIC_RECORDS_MAX, type AdminTrafficRecordsRequest } from '@portal/contracts/schemas';
import { addDays, serviceDay } from '../../lib/service-day.js';
import type { TrafficAdminRepository } from './admin-repository.js';

/**
 * /all_traffic_records (spec-2 §2 item 11): every user's traffic records of the last `day_num`
 * service days (today included; 2 by default), of one type or all.
 *
 * The answer is bounded twice: the period (at most TRAFFIC_RECORDS_MAX_DAYS, by the request's
 * schema) and the rows (at most TRAFFIC_RECORDS_MAX, in the list's own order). Spend records
 * are one per user and day, so a busy service has as many as it has active users a day; cut in
 * their order (the largest spend first) the answer keeps the users an operator looks for, and
 * any other type keeps the newest.
 */
export function createTrafficAdminService({
  repo,
  timeZone,
  now = () => new Date(),
}: {
  repo: TrafficAdminRepository;
  timeZone: string;
  now?: () => Date;
}) {
  return {
    async records({
      type = '',
      day_num = ADMIN_TRAFFIC_RECORD_DAYS,
    }: AdminTrafficRecordsRequest): Promise<AdminTrafficRecord[]> {
      const fromDay = addDays(serviceDay(now(), timeZone), 1 - day_num);
      const rows = await repo.records({ type, fromDay, limit: TRAFFIC_RECORDS_MAX });
      return rows.map((row) => ({
        _id: String(row.id),
        uid: row.userId,
        email: row.email,
        day: row.day,
        type: row.type as TrafficRecordType,
        trafficChange: row.trafficChange,
        allSpend: row.allSpend,
        allTraffic: row.allTraffic,
        updateTime: row.updatedAt.toISOString(),
      }));
    },
  };
}

export type TrafficAdminService = ReturnType<typeof createTrafficAdminService>;
