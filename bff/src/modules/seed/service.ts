import { readFile } from 'node:fs/promises';
import { GiB } from '@portal/contracts';
import { Value } from '@sinclair/typebox/value';
import type { Db } from '../../db/client.js';
import type { AccountsService } from '../accounts/service.js';
import { centsOf } from '../../lib/money.js';
import type { CouponsService, NewCouponInput } from '../coupons/index.js';
import type { FulfilmentService } from '../fulfilment/index.js';
import { ledgerTexts } from '../orders/texts.js';
import type { NoticesService } from '../notices/index.js';
import type { SettingsService } from '../settings/index.js';
import type { ComboFields, ShopService } from '../shop/index.js';
import type { TrafficService } from '../traffic/index.js';
import type { WalletService } from '../wallet/index.js';
import { SeedFile } from './seed-file.js';

export interface SeedDeps {
  accounts: AccountsService;
  coupons: CouponsService;
  notices: NoticesService;
  settings: SettingsService;
  shop: ShopService;
  wallet: WalletService;
  /** A seeded user's traffic is credited through the traffic ledger, like every other grant. */
  db: Db;
  traffic: Pick<TrafficService, 'credit'>;
  /** Channels (invite codes) live with the rebates fulfilment pays. */
  fulfilment: Pick<FulfilmentService, 'ensureChannel' | 'permissionNames'>;
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

/**
 * Demo products: volume packages, time packages, one with both, and one granting a permission
 * when the network has one (`permission`).
 */
export function demoProducts(permission: string | undefined): ComboFields[] {
  const common = { deviceNum: 5, speed: '150Mbps' };
  const products: ComboFields[] = [
    { ...common, name: '流量包 100G', price: 10, traffic: 100 * GiB, orderID: 1 },
    { ...common, name: '流量包 500G', price: 40, traffic: 500 * GiB, additionPersend: 10, orderID: 2 },
    { ...common, name: '月度时长包', price: 30, vipDuration: 30, limit: 50, orderID: 3 },
    { ...common, name: '季度时长包', price: 80, vipDuration: 90, limit: 80, additionPersend: 5, orderID: 4 },
    {
      ...common,
      name: '畅享套餐（流量 + 时长）',
      price: 25,
      traffic: 50 * GiB,
      vipDuration: 30,
      limit: 50,
      orderID: 5,
    },
  ];
  if (permission !== undefined) {
    products.push({
      ...common,
      name: '专线套餐',
      price: 60,
      vipDuration: 30,
      limit: 100,
      permissionsGain: [permission],
      permissionDuration: 30,
      permissionsDesc: '30 天专线权限',
      orderID: 6,
    });
  }
  return products;
}

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

export function createSeedService({
  accounts,
  coupons,
  notices,
  settings,
  shop,
  wallet,
  db,
  traffic,
  fulfilment,
  ensureAgent,
  now = () => new Date(),
}: SeedDeps) {
  return {
    /** Demo notices and announcement, once per database (several instances: one wins). */
    async applyDemoOnce(): Promise<boolean> {
      if (!(await settings.claimOnce('demo_data_applied'))) return false;
      for (const notice of DEMO_NOTICES) await notices.ensure(notice);
      await settings.set(DEMO_ANNOUNCEMENT);
      return true;
    },

    /** The demo products (first start with DEMO_DATA); how many were created. */
    async applyDemoProducts(): Promise<number> {
      const [permission] = await fulfilment.permissionNames();
      for (const product of demoProducts(permission)) await shop.combos.create(product);
      return demoProducts(permission).length;
    },

    /** Creates the trial coupon unless its code exists; true when created. */
    async ensureTrialCoupon(code: string): Promise<boolean> {
      return (await coupons.create(trialCoupon(code))).created;
    },

    /** Validates a parsed SEED_FILE and applies it; throws SeedFileError naming the problem. */
    async applySeedFile(
      content: unknown,
    ): Promise<Record<'users' | 'coupons' | 'notices' | 'agents' | 'combos' | 'channels', number>> {
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
      // Money is checked before anything is written: whole cents only.
      const cents = (yuan: number | undefined, what: string) => {
        try {
          return yuan === undefined ? 0 : centsOf(yuan);
        } catch {
          throw new SeedFileError(`SEED_FILE: ${what} is not a whole number of cents`);
        }
      };
      for (const user of seed.users ?? []) {
        if (
          cents(user.withdrawableMoney, 'withdrawableMoney') > cents(user.walletMoney, `walletMoney of ${user.email}`)
        ) {
          throw new SeedFileError(`SEED_FILE: withdrawableMoney of ${user.email} is more than its walletMoney`);
        }
      }
      for (const coupon of seed.coupons ?? []) cents(coupon.forMoney, `forMoney of coupon ${coupon.code}`);
      for (const combo of seed.combos ?? []) cents(combo.price, `price of combo ${combo.id}`);

      if (seed.settings !== undefined) await settings.set(seed.settings);
      const counts = { users: 0, coupons: 0, notices: 0, agents: 0, combos: 0, channels: 0 };
      for (const user of seed.users ?? []) {
        const { vipDays, walletMoney, withdrawableMoney, traffic: bytes, ...rest } = user;
        const vipExpireTime = vipDays === undefined ? null : new Date(now().getTime() + vipDays * 86_400_000);
        const id = await accounts.createConfirmed({ ...rest, vipExpireTime });
        if (id === undefined) continue;
        counts.users += 1;
        const deposit = cents(walletMoney, 'walletMoney');
        if (deposit > 0) {
          await wallet.adjust(id, deposit, ledgerTexts.seedDeposit, cents(withdrawableMoney, 'withdrawableMoney'));
        }
        if (bytes !== undefined && bytes > 0) {
          await db.transaction((tx) =>
            traffic.credit(tx, { userId: id, bytes, type: 'admin_adjust', desc: ledgerTexts.seedTraffic }),
          );
        }
      }
      for (const coupon of seed.coupons ?? []) {
        const { expireTime, forMoney, ...rest } = coupon;
        const created = await coupons.create({
          ...rest,
          forMoneyCents: cents(forMoney, 'forMoney'),
          expireTime: expireTime === undefined ? null : new Date(expireTime),
        });
        if (created.created) counts.coupons += 1;
      }
      for (const { id, ...fields } of seed.combos ?? [])
        if ((await shop.combos.create(fields, id)).created) counts.combos += 1;
      for (const channel of seed.channels ?? []) {
        const userId = await accounts.idOfEmail(channel.email);
        if (userId === undefined)
          throw new SeedFileError(`SEED_FILE: channel ${channel.code} names an unknown user ${channel.email}`);
        const created = await fulfilment.ensureChannel({
          code: channel.code,
          userId,
          name: channel.name ?? '',
          ...(channel.rewardRate === undefined ? {} : { rewardRate: channel.rewardRate }),
          ...(channel.consumerDuration === undefined ? {} : { consumerDurationDays: channel.consumerDuration }),
        });
        if (created) counts.channels += 1;
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
