import {
  DEFAULT_REQUEST_COUNT,
  type AdminChannel,
  type AdminUser,
  type ChannelUpdate,
  type UserChannelAnswer,
  type UserListRequest,
  type UserUpdate,
} from '@portal/contracts';
import { USER_LIST_MAX } from '@portal/contracts/schemas';
import { oneTapUrl, subscriptionBase, subscriptionLink } from '@portal/platform';
import { countFilter } from '../../../engine/count-filter';
import { dayRange } from '../../../engine/lib/day-range';
import { userLabels } from '../labels';

/** The newest N users, 100 by default (spec-2 §9), at most what one list call answers. */
export const userCount = countFilter('number', userLabels.count, DEFAULT_REQUEST_COUNT.list, USER_LIST_MAX);

/** The list call from the screen's filters: count, free text and the creation dates. */
export function userListRequest(filters: Record<string, string>): UserListRequest {
  const text = filters.filter?.trim();
  const shared = Number(filters.shared);
  return {
    number: userCount.read(filters),
    ...(text ? { filterStr: text } : {}),
    ...(Number.isInteger(shared) && shared >= 2 ? { sharedFrom: shared } : {}),
    ...dayRange(filters.from, filters.to),
  };
}

/**
 * A user as the edit dialog starts: exactly the call's fields (traffic in bytes, edited as GB),
 * with the traffic and VIP time it was loaded with, so that a save changes only what the operator
 * changed (a coupon the user redeems meanwhile is kept).
 */
export function userToForm(user: AdminUser): UserUpdate {
  return {
    _id: user._id,
    disable: user.disable,
    scale: user.scale,
    paidUser: user.paidUser,
    is_agency: user.is_agency,
    traffic: user.traffic,
    vipExpireTime: user.vipExpireTime,
    specialDailyUnlimitTraffic: user.specialDailyUnlimitTraffic,
    dailyUnlimitTraffic: user.dailyUnlimitTraffic,
    normalPermission: user.normalPermission,
    canChangePassword: user.canChangePassword,
    canChangeDescribeKey: user.canChangeDescribeKey,
    forceReward: user.forceReward,
    deviceNum: user.deviceNum,
    loadedTraffic: user.traffic,
    loadedVipExpireTime: user.vipExpireTime,
  };
}

/** The channel dialog's values: the user's channel, or a new one from the settings' defaults. */
export function channelToForm(userId: string, answer: UserChannelAnswer): ChannelUpdate {
  const channel: Partial<AdminChannel> = answer.channel ?? {};
  return {
    user_id: userId,
    code: channel.code ?? '',
    name: channel.name ?? '',
    rewardRate: channel.rewardRate ?? answer.defaults.rewardRate,
    comsumerDuration: channel.comsumerDuration ?? answer.defaults.comsumerDuration,
  };
}

/** `<input type="datetime-local">`'s value of an instant, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a datetime-local value (browser's time zone); '' is none. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * 调试订阅 (spec-2 §7): the user's Clash link /api/subscript/clash/{id}/{userkey} opened through
 * the clash install scheme, named after the user; the base is the portal's describe host or the page.
 */
export function debugSubscriptionUrl(
  user: Pick<AdminUser, '_id' | 'userkey' | 'email'>,
  describeHost: string | null | undefined,
  origin: string,
): string {
  const link = subscriptionLink(subscriptionBase(null, describeHost, origin), 'clash', user);
  return oneTapUrl.clash(link, userLabels.debugName(user.email));
}
