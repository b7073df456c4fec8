import {
  Codes,
  DEFAULT_DAILY_LIMIT_BYTES,
  GiB,
  type AdminChangePassword,
  type AdminChannel,
  type AdminUser,
  type ChannelUpdate,
  type UserChannelAnswer,
  type UserListRequest,
  type UserUpdate,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Channel } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { DomainError } from '../../lib/domain-error.js';
import { yuanOf } from '../../lib/money.js';
import { randomHex } from '../../lib/random.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { serviceDay } from '../../lib/service-day.js';
import type { AuditService, Operator } from '../audit/index.js';
import type { SessionsService } from '../sessions/service.js';
import type { TrafficService } from '../traffic/index.js';
import type { AdminUserRow, UsersAdminRepository } from './repository.js';

export const DEFAULT_USER_LIST_SIZE = 100;

export const usersAdminTexts = {
  userMissing: '用户不存在',
  badVipTime: 'VIP 到期时间无效',
  codeTaken: (code: string) => `渠道码「${code}」已被使用`,
  trafficAdjusted: (before: number, after: number) =>
    `管理员调整流量：${(before / GiB).toFixed(2)}G → ${(after / GiB).toFixed(2)}G`,
  vipAdjusted: (after: string) => `管理员调整 VIP 到期时间：${after}`,
  vipCleared: '管理员取消 VIP 时间',
} as const;

export interface UsersAdminDeps {
  db: Db;
  repo: UsersAdminRepository;
  audit: AuditService;
  traffic: TrafficService;
  sessions: SessionsService;
  passwords: PasswordHasher;
  timeZone: string;
  channelDefaults: () => Promise<{ rewardRate: number; comsumerDuration: number }>;
  /** The bytes of images a user keeps stored (shown on the user's detail). */
  uploadBytes: (userId: string) => Promise<number>;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    type: row.type,
    disable: row.disabled,
    scale: row.scale,
    channel_code: row.channelCode,
    own_channel_code: row.ownChannelCode,
    createTime: row.createdAt.toISOString(),
    paidUser: row.paidUser,
    is_agency: row.isAgency,
    wallet_money: yuanOf(row.walletMoney),
    spendTraffic: row.spendTraffic,
    traffic: row.traffic,
    vipExpireTime: iso(row.vipExpireTime),
    lastActiveTime: iso(row.lastActiveAt),
    first_url: row.firstUrl ?? '',
    last_url: row.lastUrl ?? '',
    userkey: row.userkey,
    canChangeDescribeKey: row.canChangeDescribeKey,
    canChangePassword: row.canChangePassword,
    normalPermission: row.normalPermission,
    specialDailyUnlimitTraffic: row.specialDailyLimit,
    dailyUnlimitTraffic: (row.dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES) / GiB,
    forceReward: row.forceReward,
    deviceNum: row.deviceNum,
    packageDeviceNum: row.packageDeviceNum,
  };
}

/**
 * The back office's users (spec-2 §7 /api/admin/users/*): the list, one user, the user's invite
 * channel, the edit dialog's fields and the operator's password change. Every write runs in
 * `audit.within` (one transaction with its audit row); a change of traffic or VIP time is written
 * through modules/traffic as an `admin_adjust` traffic record in the same transaction.
 */
export function createUsersAdminService(deps: UsersAdminDeps) {
  const { repo, audit, traffic, sessions, passwords } = deps;

  /** What the audit log keeps of a user (secrets never: no hash, no key). */
  const users = {
    recordType: 'user',
    missing: usersAdminTexts.userMissing,
    snapshot: (id: string) => repo.lockedFlags(id),
  };

  const channelView = (
    channel: Channel,
    email: string,
    defaults: { rewardRate: number; comsumerDuration: number },
  ): AdminChannel => ({
    user_id: channel.userId,
    email,
    code: channel.code,
    name: channel.name,
    rewardRate: channel.rewardRate ?? defaults.rewardRate,
    comsumerDuration: channel.consumerDurationDays ?? defaults.comsumerDuration,
  });

  async function user(id: string): Promise<AdminUser> {
    const row = await repo.one(id);
    if (row === undefined) throw new DomainError(Codes.NOT_FOUND, usersAdminTexts.userMissing);
    return { ...toAdminUser(row), uploadBytes: await deps.uploadBytes(id) };
  }

  async function channel(userId: string): Promise<UserChannelAnswer> {
    const email = await repo.emailOf(userId);
    if (email === undefined) throw new DomainError(Codes.NOT_FOUND, usersAdminTexts.userMissing);
    const defaults = await deps.channelDefaults();
    const found = await repo.channelOfUser(userId);
    return { channel: found === undefined ? null : channelView(found, email, defaults), defaults };
  }

  return {
    users,

    async list(request: UserListRequest): Promise<AdminUser[]> {
      const rows = await repo.list({
        limit: request.number ?? DEFAULT_USER_LIST_SIZE,
        ...(request.filterStr === undefined ? {} : { text: request.filterStr }),
        ...(request.fromTimestamp === undefined ? {} : { from: new Date(request.fromTimestamp) }),
        ...(request.toTimestamp === undefined ? {} : { to: new Date(request.toTimestamp) }),
        ...(request.sharedFrom === undefined ? {} : { sharedFrom: request.sharedFrom }),
      });
      return rows.map(toAdminUser);
    },

    user,

    channel,

    /** Sets the user's channel, creating it when the user has none; the code is unique across channels. */
    async updateChannel(operator: Operator, input: ChannelUpdate): Promise<UserChannelAnswer> {
      await audit.within(operator, async (log) => {
        const email = await repo.emailOf(input.user_id);
        if (email === undefined) throw new DomainError(Codes.NOT_FOUND, usersAdminTexts.userMissing);
        const before = await repo.channelOfUser(input.user_id, true);
        const holder = await repo.channelByCode(input.code);
        if (holder !== undefined && holder.userId !== input.user_id) {
          throw new DomainError(Codes.INVALID_PAYLOAD, usersAdminTexts.codeTaken(input.code));
        }
        const fields = {
          code: input.code,
          name: input.name,
          rewardRate: input.rewardRate,
          consumerDurationDays: input.comsumerDuration,
        };
        try {
          if (before === undefined) await repo.insertChannel({ userId: input.user_id, ...fields });
          else await repo.updateChannel(input.user_id, fields);
        } catch (err) {
          // Another operator took the code between the check and the write.
          if (isUniqueViolation(err))
            throw new DomainError(Codes.INVALID_PAYLOAD, usersAdminTexts.codeTaken(input.code));
          throw err;
        }
        const moved =
          before !== undefined && before.code !== input.code ? await repo.moveInvitees(before.code, input.code) : 0;
        const shown = (c: Pick<Channel, 'code' | 'name' | 'rewardRate' | 'consumerDurationDays'>) => ({ ...c, email });
        await log({
          recordType: 'channel',
          recordId: input.user_id,
          action: before === undefined ? 'create' : 'update',
          before:
            before === undefined
              ? undefined
              : shown({
                  code: before.code,
                  name: before.name,
                  rewardRate: before.rewardRate,
                  consumerDurationDays: before.consumerDurationDays,
                }),
          after: { ...shown(fields), ...(moved > 0 ? { inviteesMoved: moved } : {}) },
        });
      });
      return channel(input.user_id);
    },

    /**
     * The edit dialog's fields. Traffic and VIP time changes go through the traffic ledger
     * (`admin_adjust`); disabling ends the user's sessions; all in one transaction with the audit row.
     */
    async updateUser(operator: Operator, input: UserUpdate): Promise<AdminUser> {
      const vip = input.vipExpireTime === null ? null : new Date(input.vipExpireTime);
      if (vip !== null && Number.isNaN(vip.getTime()))
        throw new DomainError(Codes.INVALID_PAYLOAD, usersAdminTexts.badVipTime);
      const id = input._id;
      await audit.action(
        operator,
        { recordType: 'user', recordId: id, detail: 'update_user', records: users },
        async () => {
          const current = await repo.lockedFlags(id);
          if (current === undefined) throw new DomainError(Codes.NOT_FOUND, usersAdminTexts.userMissing);
          // What the dialog was loaded with, when it says: only the operator's own changes are
          // written, traffic as a change on what the user has now (a coupon redeemed since the
          // dialog opened is kept). Without it, the figures are compared with the current ones.
          const loadedVip =
            input.loadedVipExpireTime === undefined
              ? (current.vipExpireTime?.getTime() ?? null)
              : input.loadedVipExpireTime === null
                ? null
                : new Date(input.loadedVipExpireTime).getTime();
          const newTraffic =
            input.loadedTraffic === undefined
              ? input.traffic
              : Math.max(0, current.traffic + input.traffic - input.loadedTraffic);
          const trafficChanged = newTraffic !== current.traffic;
          const vipChanged =
            (vip?.getTime() ?? null) !== loadedVip &&
            (vip?.getTime() ?? null) !== (current.vipExpireTime?.getTime() ?? null);
          if (trafficChanged || vipChanged) {
            const desc = [
              ...(trafficChanged ? [usersAdminTexts.trafficAdjusted(current.traffic, newTraffic)] : []),
              ...(vipChanged
                ? [
                    vip === null
                      ? usersAdminTexts.vipCleared
                      : usersAdminTexts.vipAdjusted(serviceDay(vip, deps.timeZone)),
                  ]
                : []),
            ].join('；');
            await traffic.setByOperator(deps.db, {
              userId: id,
              ...(trafficChanged ? { traffic: newTraffic } : {}),
              ...(vipChanged ? { vipExpireTime: vip } : {}),
              type: 'admin_adjust',
              desc,
            });
          }
          await repo.setFlags(id, {
            disabled: input.disable,
            scale: input.scale,
            paidUser: input.paidUser,
            isAgency: input.is_agency,
            specialDailyLimit: input.specialDailyUnlimitTraffic,
            // The daily allowance is the operator's only with the special limit on; turning it off
            // gives the default back (a later purchase sets its own again).
            dailyLimit: input.specialDailyUnlimitTraffic
              ? Math.round(input.dailyUnlimitTraffic * GiB)
              : current.specialDailyLimit
                ? null
                : current.dailyLimit,
            normalPermission: input.normalPermission,
            canChangePassword: input.canChangePassword,
            canChangeDescribeKey: input.canChangeDescribeKey,
            forceReward: input.forceReward,
            ...(input.deviceNum === undefined ? {} : { deviceNum: input.deviceNum }),
          });
          if (input.disable) await sessions.destroyAllForUser(id);
        },
      );
      return user(id);
    },

    /**
     * The operator resets a user's subscription key (a shared link): every link and every node
     * credential made from the old one stops working at once. The key itself is not audited.
     */
    async resetUserkey(operator: Operator, id: string): Promise<void> {
      await audit.within(operator, async (log) => {
        if (!(await repo.setUserkey(id, randomHex(16))))
          throw new DomainError(Codes.NOT_FOUND, usersAdminTexts.userMissing);
        await log({ recordType: 'user', recordId: id, action: 'action', detail: 'reset_userkey' });
      });
    },

    /** The operator sets a user's password (argon2id, as accounts do); every session of the user ends. */
    async changePassword(operator: Operator, input: AdminChangePassword): Promise<void> {
      const hash = await passwords.hash(input.password);
      await audit.within(operator, async (log) => {
        const id = await repo.idOfEmail(input.email);
        if (id === undefined) throw new DomainError(Codes.NOT_FOUND, usersAdminTexts.userMissing);
        await repo.setPasswordHash(id, hash);
        await sessions.destroyAllForUser(id);
        await log({ recordType: 'user', recordId: id, action: 'action', detail: 'change_password' });
      });
    },
  };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
