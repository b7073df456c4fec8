import { randomBytes } from 'node:crypto';
import {
  DEFAULT_REQUEST_COUNT,
  RANDOM_CODE_LENGTH,
  type ChannelInfo,
  type ChannelReward,
  type InvitedUser,
} from '@portal/contracts';
import type { Channel } from '../../db/schema.js';
import { yuanOf } from '../../lib/money.js';
import type { SettingsService } from '../settings/index.js';
import type { ChannelsRepository } from './repository.js';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I: 32 symbols, so a byte mod 32 is uniform. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random channel code of spec-2 §9's length (6). */
export function newChannelCode(): string {
  return Array.from(randomBytes(RANDOM_CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** ab***@example.com: enough for the inviter to recognise a friend, not an address to collect. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${domain}`;
}

/**
 * The invite rebate seen by the inviter (spec-2 §2 /channel): their channel (made on the first
 * visit while openChannel is on), the rate and rules that apply to it, the invitees and the
 * rebates paid (fulfilment pays them; this only reads).
 */
export function createChannelsService(deps: {
  repo: ChannelsRepository;
  settings: SettingsService;
  newCode?: () => string;
}) {
  const { repo, settings, newCode = newChannelCode } = deps;

  /** The user's channel, made now when they have none and channels are open. */
  async function ensureChannel(userId: string, open: boolean): Promise<Channel | undefined> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const existing = await repo.ofUser(userId);
      if (existing !== undefined || !open) return existing;
      // A taken code or a channel made meanwhile by a parallel visit: look again.
      await repo.insertIfFree({ code: newCode(), userId });
    }
    throw new Error(`no free channel code found for user ${userId}`);
  }

  return {
    async info(userId: string, inviteBase: string): Promise<ChannelInfo> {
      const s = await settings.getMany([
        'openChannel',
        'channelRewardRate',
        'channelConsumerDuration',
        'min_charge_money',
      ]);
      const channel = await ensureChannel(userId, s.openChannel);
      return {
        code: channel?.code ?? '',
        rewardRate: channel?.rewardRate ?? s.channelRewardRate,
        min_charge_money: s.min_charge_money,
        consumerDuration: channel?.consumerDurationDays ?? s.channelConsumerDuration,
        open: s.openChannel,
        inviteBase: inviteBase.replace(/\/+$/, ''),
        invitedCount: channel === undefined ? 0 : await repo.invitedCount(channel.code),
      };
    },

    async rewards(userId: string): Promise<ChannelReward[]> {
      const rows = await repo.rewards(userId, DEFAULT_REQUEST_COUNT.list);
      return rows.map((row) => ({
        _id: String(row.id),
        comsumer_name: maskEmail(row.consumerEmail),
        desc: row.desc,
        userSpend: yuanOf(row.userSpendCents),
        reward: yuanOf(row.rewardCents),
        buyTime: row.createdAt.toISOString(),
        left: yuanOf(row.balanceAfterCents ?? 0),
      }));
    },

    async invited(userId: string): Promise<InvitedUser[]> {
      const channel = await repo.ofUser(userId);
      if (channel === undefined) return [];
      const times = await repo.invited(channel.code, DEFAULT_REQUEST_COUNT.list);
      return times.map((t) => ({ createTime: t.toISOString() }));
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
