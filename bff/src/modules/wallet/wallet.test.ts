import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { deposit, ledgerSum, shopApi, walletCents } from '../../../test/money.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

const change = (userId: string, cents: number, kind: 'spend' | 'refund' | 'reward' | 'withdraw' | 'adjust') =>
  app.db.transaction((tx) => app.wallet.change(tx, { userId, cents, kind, desc: kind }));

describe('wallet', () => {
  it('mywallet answers yuan, the withdrawal address fields and the minimum withdrawal', async () => {
    const user = await signedInUser(app);
    await deposit(app, user.id, 12_345);
    expect((await shopApi(app, user.cookie).wallet()).data).toEqual({
      money: 123.45,
      withdrawable_money: 0,
      address: '',
      addressType: '',
      min_charge_money: 500,
    });
    await app.database.query(
      "UPDATE users SET wallet_address = 'TXYZ', wallet_address_type = 'USDT-TRC20' WHERE id = $1",
      [user.id],
    );
    expect((await shopApi(app, user.cookie).wallet()).data).toMatchObject({
      address: 'TXYZ',
      addressType: 'USDT-TRC20',
    });
  });

  it('spend_list: newest first, signed yuan with the balance after each change', async () => {
    const user = await signedInUser(app);
    await deposit(app, user.id, 1000);
    await change(user.id, -250, 'spend');
    await change(user.id, 100, 'refund');
    const { data } = await shopApi(app, user.cookie).spendList();
    expect(data.map(({ spendMoney, desc, left, fund }) => ({ spendMoney, desc, left, fund }))).toEqual([
      { spendMoney: 1, desc: 'refund', left: 8.5, fund: 'credit' },
      { spendMoney: -2.5, desc: 'spend', left: 7.5, fund: 'credit' },
      { spendMoney: 10, desc: 'test deposit', left: 10, fund: 'credit' },
    ]);
    expect(Date.parse(data[0]!.time)).not.toBeNaN();
  });

  it('never goes below zero: a debit beyond the balance changes nothing and writes no ledger row', async () => {
    const user = await signedInUser(app);
    // Withdrawable money (a withdrawal takes nothing else).
    await app.wallet.adjust(user.id, 500, 'test rebate', 500);
    expect(await change(user.id, -501, 'spend')).toBeUndefined();
    expect(await change(user.id, -500, 'withdraw')).toBe(0);
    expect(await walletCents(app, user.id)).toBe(0);
    expect(await ledgerSum(app, user.id)).toBe(0);
    // The table's check is the last line even for a write that bypasses the service.
    await expect(app.database.query('UPDATE users SET wallet_money = -1 WHERE id = $1', [user.id])).rejects.toThrow();
  });

  it('refuses changes whose sign does not fit their kind, and amounts that are not whole cents', async () => {
    const user = await signedInUser(app);
    for (const [cents, kind] of [
      [100, 'spend'],
      [-100, 'refund'],
      [-1, 'reward'],
      [0, 'adjust'],
      [1.5, 'adjust'],
    ] as const) {
      await expect(change(user.id, cents, kind)).rejects.toThrow(/invalid wallet change/);
    }
    expect(await ledgerSum(app, user.id)).toBe(0);
  });

  it('a withdrawal takes withdrawable money only; a withdrawable part must fit its credit', async () => {
    const user = await signedInUser(app);
    await deposit(app, user.id, 1000);
    expect(await change(user.id, -1, 'withdraw')).toBeUndefined();
    const bad = (withdrawableCents: number, cents = 100) =>
      app.db.transaction((tx) =>
        app.wallet.change(tx, { userId: user.id, cents, kind: 'reward', desc: 'x', withdrawableCents }),
      );
    await expect(bad(101)).rejects.toThrow(/invalid wallet change/);
    await expect(bad(-1)).rejects.toThrow(/invalid wallet change/);
    await expect(bad(0.5)).rejects.toThrow(/invalid wallet change/);
    expect(await bad(100)).toBe(1100);
    expect(await change(user.id, -100, 'withdraw')).toBe(1000);
    expect(await change(user.id, -1, 'withdraw')).toBeUndefined();
    expect(await ledgerSum(app, user.id)).toBe(1000);
  });
});
