import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GiB, type Combo, type Wallet } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { expectMoneyInvariants, newOrder, shopApi } from '../../../test/money.js';

const dir = mkdtempSync(path.join(tmpdir(), 'bff-money-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const E2E_SEED = fileURLToPath(new URL('../../../../e2e/support/seed.json', import.meta.url));

describe('SEED_FILE: the money path', () => {
  it('creates products with their ids, wallets with a ledger row, invite channels and cash/discount coupons, once', async () => {
    const file = path.join(dir, 'seed.json');
    writeFileSync(
      file,
      JSON.stringify({
        users: [
          { email: 'host@seed.test', password: 'host-password' },
          { email: 'rich@seed.test', password: 'rich-password', walletMoney: 12.34, channelCode: 'HOST1' },
        ],
        channels: [{ code: 'HOST1', email: 'host@seed.test', name: '渠道一', rewardRate: 0.2, consumerDuration: 30 }],
        combos: [{ id: 'c'.repeat(24), name: '种子套餐', price: 9.9, traffic: GiB, orderID: 1 }],
        coupons: [
          { code: 'SEED-CASH', name: '现金券', type: 'cash', forMoney: 2.5, numberOfAuthorizations: 5 },
          { code: 'SEED-OFF', name: '八折券', type: 'discount', discount: 0.8, numberOfAuthorizations: 5 },
        ],
      }),
    );
    for (let start = 0; start < 2; start += 1) {
      const app = await buildTestApp({ env: { SEED_FILE: file } });
      try {
        const cookie = await login(app, 'rich@seed.test', 'rich-password');
        const api = shopApi(app, cookie);
        expect((await call<Wallet>(app, '/api/wallet/mywallet', {}, { cookie })).result.data.money).toBe(12.34);
        expect((await api.spendList()).data).toEqual([
          expect.objectContaining({ spendMoney: 12.34, desc: '初始余额', left: 12.34 }),
        ]);
        expect((await call<Combo[]>(app, '/api/shop/list')).result.data).toEqual([
          expect.objectContaining({ _id: 'c'.repeat(24), price: 9.9 }),
        ]);
        const order = await newOrder(app, cookie, 'c'.repeat(24));
        expect((await api.useCoupon(order._id, 'SEED-CASH')).data).toMatchObject({ coupon_discount: 2.5 });
        const other = await newOrder(app, cookie, 'c'.repeat(24));
        expect((await api.useCoupon(other._id, 'SEED-OFF')).data).toMatchObject({ coupon_discount: 1.98 });
        const [channel] = await app.database.query<Record<string, unknown>>(
          'SELECT name, reward_rate, consumer_duration_days FROM channels WHERE code = $1',
          ['HOST1'],
        );
        expect(channel).toEqual({ name: '渠道一', reward_rate: 0.2, consumer_duration_days: 30 });
        expect(await app.database.query("SELECT channel_code FROM users WHERE email = 'rich@seed.test'")).toEqual([
          { channel_code: 'HOST1' },
        ]);
        expect(await app.database.query('SELECT id FROM wallet_ledger WHERE "desc" = \'初始余额\'')).toHaveLength(1);
        await expectMoneyInvariants(app);
      } finally {
        await app.close();
      }
    }
  });

  it('refuses amounts that are not whole cents and channels of unknown users, naming them', async () => {
    const file = path.join(dir, 'bad-money.json');
    writeFileSync(
      file,
      JSON.stringify({ users: [{ email: 'x@seed.test', password: 'long-enough', walletMoney: 1.001 }] }),
    );
    await expect(buildTestApp({ env: { SEED_FILE: file } })).rejects.toThrow(/walletMoney of x@seed.test/);
    writeFileSync(file, JSON.stringify({ channels: [{ code: 'NOPE', email: 'nobody@seed.test' }] }));
    await expect(buildTestApp({ env: { SEED_FILE: file } })).rejects.toThrow(/channel NOPE names an unknown user/);
    writeFileSync(file, JSON.stringify({ combos: [{ id: 'd'.repeat(24), name: 'x', price: 1, surprise: true }] }));
    await expect(buildTestApp({ env: { SEED_FILE: file } })).rejects.toThrow(/SEED_FILE: \/combos\/0/);
  });

  it('e2e/support/seed.json applies: the e2e products, coupons and the wallet user', async () => {
    const app = await buildTestApp({ env: { SEED_FILE: E2E_SEED } });
    try {
      const cookie = await login(app, 'wallet@e2e.test', 'wallet-password-1');
      expect((await call<Wallet>(app, '/api/wallet/mywallet', {}, { cookie })).result.data.money).toBe(100);
      const products = (await call<Combo[]>(app, '/api/shop/list')).result.data;
      // The four e2e products by orderID, then the one whose name carries markup (text-stays-text.spec.ts).
      expect(products.map((p) => p.price)).toEqual([10, 30, 25, 60, 5]);
      const api = shopApi(app, cookie);
      const order = await newOrder(app, cookie, products[0]!._id);
      expect((await api.useCoupon(order._id, 'E2E-DISCOUNT')).data).toMatchObject({ coupon_discount: 2, pay_money: 8 });
      const second = await newOrder(app, cookie, products[1]!._id);
      expect((await api.useCoupon(second._id, 'E2E-CASH10')).data).toMatchObject({
        coupon_discount: 10,
        pay_money: 20,
      });
    } finally {
      await app.close();
    }
  });
});

describe('demo data', () => {
  it('the first start with DEMO_DATA offers demo products: volume, time, and both', async () => {
    const app = await buildTestApp({ env: { DEMO_DATA: 'true' } });
    try {
      const products = (await call<Combo[]>(app, '/api/shop/list')).result.data;
      expect(products.length).toBeGreaterThanOrEqual(5);
      expect(products.some((p) => p.traffic > 0 && p.vipDuration === 0)).toBe(true);
      expect(products.some((p) => p.traffic === 0 && p.vipDuration > 0)).toBe(true);
      expect(products.some((p) => p.traffic > 0 && p.vipDuration > 0)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
