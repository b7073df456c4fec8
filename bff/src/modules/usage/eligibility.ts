import { DEFAULT_DAILY_LIMIT_BYTES } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { users, type User } from '../../db/schema.js';

/**
 * Who may use the service at all (before any line rule): not disabled, and either permanent
 * traffic left (traffic > spendTraffic) or an active time package whose daily allowance is not
 * used up today. A time-package user who used up today's allowance and has no permanent traffic
 * is refused until the next service day.
 *
 * The SQL form (for lists) and the JS form (for one loaded user) must agree; both live here so
 * that line selection, subscriptions and the node API share them.
 */
export function userHasAllowanceSql(today: string, now: Date): SQL {
  return sql`(${users.disabled} = false AND (
    ${users.traffic} > ${users.spendTraffic}
    OR (${users.vipExpireTime} > ${now.toISOString()}::timestamptz AND (
      ${users.timePackageDay} IS DISTINCT FROM ${today}::date
      OR ${users.dailyTimePackageUsage} < coalesce(${users.dailyLimit}, ${DEFAULT_DAILY_LIMIT_BYTES}::bigint)
    ))
  ))`;
}

type AllowanceFields = Pick<
  User,
  'disabled' | 'traffic' | 'spendTraffic' | 'vipExpireTime' | 'timePackageDay' | 'dailyTimePackageUsage' | 'dailyLimit'
>;

/** Today's usage of the time package (0 when the counter belongs to another day). */
export function dailyUsageToday(user: Pick<User, 'timePackageDay' | 'dailyTimePackageUsage'>, today: string): number {
  return user.timePackageDay === today ? user.dailyTimePackageUsage : 0;
}

export function hasActiveTimePackage(user: Pick<User, 'vipExpireTime'>, now: Date): boolean {
  return user.vipExpireTime !== null && user.vipExpireTime.getTime() > now.getTime();
}

export function userHasAllowance(user: AllowanceFields, today: string, now: Date): boolean {
  if (user.disabled) return false;
  if (user.traffic > user.spendTraffic) return true;
  if (!hasActiveTimePackage(user, now)) return false;
  return dailyUsageToday(user, today) < (user.dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES);
}
