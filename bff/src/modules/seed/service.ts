import { readFile } from 'node:fs/promises';
import { GiB } from '@portal/contracts';
import { Value } from '@sinclair/typebox/value';
import type { AccountsService } from '../accounts/service.js';
import type { CouponsService, NewCouponInput } from '../coupons/index.js';
import type { NoticesService } from '../notices/index.js';
import type { SettingsService } from '../settings/index.js';
import { SeedFile } from './seed-file.js';

export interface SeedDeps {
  accounts: AccountsService;
  coupons: CouponsService;
  notices: NoticesService;
  settings: SettingsService;
  /** Creates a seeded agent (and its lines) unless its id exists; true when created. */
  ensureAgent?: (agent: NonNullable<SeedFile['agents']>[number]) => Promise<boolean>;
  now?: () => Date;
}

export const DEMO_NOTICES = [
  { desc: '欢迎使用！新用户可点击右上角的体验券按钮领取免费流量', href: '#/' },
  { desc: '付费用户每日签到可领取流量奖励，连续签到还有额外奖励', href: '#/' },
  { desc: '连接不上？请先查看常见问题', href: '#/windows_errors' },
];

export const DEMO_ANNOUNCEMENT = {
  notice_show: true,
  notice_mark_red: true,
  notice_title: '欢迎使用',
  notice_content: '这是演示环境的公告。管理员可以在配置页修改或关闭它。',
  contact: 'support@example.com',
};

export function trialCoupon(code: string): NewCouponInput {
  return {
    code,
    name: '新用户体验券（8G）',
    type: 'freeUse',
    traffic: 8 * GiB,
    useNumPerUser: 1,
    numberOfAuthorizations: 100_000,
  };
}

/** 12 uppercase letters (spec-1 §9: the random-letter helper uses uppercase letters only). */
export function randomCouponCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < 12; i += 1) code += String.fromCharCode(65 + Math.floor(random() * 26));
  return code;
}

export class SeedFileError extends Error {
  override name = 'SeedFileError';
}

/** Reads SEED_FILE as JSON; throws SeedFileError when it cannot. */
export async function readSeedFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (err) {
    throw new SeedFileError(`SEED_FILE ${file} could not be read as JSON: ${(err as Error).message}`);
  }
}

export function createSeedService({ accounts, coupons, notices, settings, ensureAgent, now = () => new Date() }: SeedDeps) {
  return {
    /** Demo notices and announcement, once per database (several instances: one wins). */
    async applyDemoOnce(): Promise<boolean> {
      if (!(await settings.claimOnce('demo_data_applied'))) return false;
      for (const notice of DEMO_NOTICES) await notices.ensure(notice);
      await settings.set(DEMO_ANNOUNCEMENT);
      return true;
    },

    /** Creates the trial coupon unless its code exists; true when created. */
    async ensureTrialCoupon(code: string): Promise<boolean> {
      return (await coupons.create(trialCoupon(code))).created;
    },

    /** Validates a parsed SEED_FILE and applies it; throws SeedFileError naming the problem. */
    async applySeedFile(content: unknown): Promise<{ users: number; coupons: number; notices: number; agents: number }> {
      if (!Value.Check(SeedFile, content)) {
        const error = Value.Errors(SeedFile, content).First();
        throw new SeedFileError(`SEED_FILE: ${error?.path || '(root)'} ${error?.message ?? 'is invalid'}`);
      }
      const seed = content;
      for (const coupon of seed.coupons ?? []) {
        if (coupon.expireTime !== undefined && Number.isNaN(Date.parse(coupon.expireTime))) {
          throw new SeedFileError(`SEED_FILE: coupon ${coupon.code} has an invalid expireTime`);
        }
      }
      if (seed.settings !== undefined) await settings.set(seed.settings);
      const counts = { users: 0, coupons: 0, notices: 0, agents: 0 };
      for (const user of seed.users ?? []) {
        const { vipDays, ...rest } = user;
        const vipExpireTime = vipDays === undefined ? null : new Date(now().getTime() + vipDays * 86_400_000);
        if (await accounts.createConfirmed({ ...rest, vipExpireTime })) counts.users += 1;
      }
      for (const coupon of seed.coupons ?? []) {
        const { expireTime, ...rest } = coupon;
        const created = await coupons.create({ ...rest, expireTime: expireTime === undefined ? null : new Date(expireTime) });
        if (created.created) counts.coupons += 1;
      }
      for (const notice of seed.notices ?? []) if (await notices.ensure(notice)) counts.notices += 1;
      if (seed.agents !== undefined && seed.agents.length > 0 && ensureAgent === undefined) {
        throw new SeedFileError('SEED_FILE: agents cannot be seeded here');
      }
      for (const agent of seed.agents ?? []) if (await ensureAgent!(agent)) counts.agents += 1;
      return counts;
    },
  };
}

export type SeedService = ReturnType<typeof createSeedService>;
