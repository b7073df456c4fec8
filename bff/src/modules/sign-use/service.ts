import { Codes, MiB, type SignUseInfo, type SignUseResult } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../lib/domain-error.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import type { SessionUser } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import type { TrafficService } from '../traffic/index.js';
import { signUseRepository as repo } from './repository.js';

export interface SignUseDeps {
  db: Db;
  settings: SettingsService;
  traffic: TrafficService;
  timeZone: string;
  now?: () => Date;
}

const REWARD_KEYS = ['continueSignUseDay', 'signUseRewardTraffic', 'continueSignReward'] as const;

/**
 * Daily sign-in for paid users: one per account per day of the service's time zone (the primary
 * key of sign_ins decides), signUseRewardTraffic MB each, and continueSignReward MB more on the
 * continueSignUseDay-th consecutive day, after which the streak starts again from 0.
 */
export function createSignUseService({ db, settings, traffic, timeZone, now = () => new Date() }: SignUseDeps) {
  function requirePaid(user: SessionUser) {
    if (!user.paidUser) throw new DomainError(Codes.SIGN_USE_PAID_ONLY);
  }

  return {
    async info(user: SessionUser): Promise<SignUseInfo> {
      requirePaid(user);
      return settings.getMany(REWARD_KEYS);
    },

    async signUse(user: SessionUser): Promise<SignUseResult> {
      requirePaid(user);
      const rewards = await settings.getMany(REWARD_KEYS);
      const today = serviceDay(now(), timeZone);
      return db.transaction(async (tx) => {
        let streak = ((await repo.streakOn(tx, user.id, addDays(today, -1))) ?? 0) + 1;
        let addTraffic = rewards.signUseRewardTraffic * MiB;
        let extraReward = false;
        if (streak >= rewards.continueSignUseDay) {
          addTraffic += rewards.continueSignReward * MiB;
          extraReward = true;
          streak = 0;
        }
        if (!(await repo.insert(tx, { userId: user.id, day: today, streak, addTraffic, extraReward }))) {
          throw new DomainError(Codes.SIGN_USE_DONE_TODAY);
        }
        await traffic.credit(tx, {
          userId: user.id,
          bytes: addTraffic,
          type: 'sign_use',
          day: today,
          desc: extraReward ? `每日签到（连续签到 ${rewards.continueSignUseDay} 天额外奖励）` : '每日签到',
        });
        return { addTraffic, haveContinueSignUseData: streak, extraReward };
      });
    },

    /** What user info shows: the running streak (0 once a day was missed) and today's state. */
    async status(userId: string): Promise<{ streak: number; signedToday: boolean }> {
      const latest = await repo.latest(db, userId);
      const today = serviceDay(now(), timeZone);
      if (latest === undefined) return { streak: 0, signedToday: false };
      if (latest.day === today) return { streak: latest.streak, signedToday: true };
      if (latest.day === addDays(today, -1)) return { streak: latest.streak, signedToday: false };
      return { streak: 0, signedToday: false };
    },
  };
}

export type SignUseService = ReturnType<typeof createSignUseService>;
