import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomTronAddress, startLocalTron, type LocalTron } from '../../../../scripts/lib/local-tron.mjs';
import { buildTestApp } from '../../../test/build-test-app.js';
import { openTrade, startPayment } from './testing/fixtures.js';
import type { PaymentProof, SettleOutcome } from './types.js';
import { createUsdtWatcher, type WatcherLog } from './usdt-watcher.js';
import { soleLeader } from '../jobs/leader.js';
import { createJobRunner } from '../jobs/runner.js';

/**
 * The watcher against the local TronGrid-shaped server and a recording settle; the paid order
 * through the real fulfilment is in payments-flow.test.ts.
 */

const ADDRESS = 'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm';
const MINUTE = 60_000;

let app: FastifyInstance;
let chain: LocalTron;
let proofs: PaymentProof[];
let outcome: SettleOutcome;
const warnings: string[] = [];
const log: WatcherLog = {
  info: () => {},
  warn: (_d, message) => warnings.push(message),
  error: (_d, message) => warnings.push(message),
};

beforeAll(async () => {
  chain = await startLocalTron();
  app = await buildTestApp();
  // The app's own watcher would race the ones these tests drive.
  await app.jobs.stop();
});

afterAll(async () => {
  await app.close();
  await chain.close();
});

beforeEach(async () => {
  chain.clear();
  proofs = [];
  outcome = 'paid';
  warnings.length = 0;
  await app.settings.set({ usdtpay: ADDRESS, usdt_chain_api: chain.url, exchange_rate: 10, usdtCheckTime: 30 });
  // Trades of earlier tests must not answer for this one's amounts.
  await app.database.query("UPDATE trades SET status = 'paied' WHERE provider = 'usdt'");
});

function watcher() {
  return createUsdtWatcher({
    db: app.db,
    settings: app.settings,
    log,
    settle: async (proof) => {
      proofs.push(proof);
      return outcome;
    },
  });
}

/** A USDT trade started now (or made `ageMs` ago); its amount in decimal USDT. */
async function usdtTrade(amountCents: number, ageMs = 0) {
  const trade = await openTrade(app, { payMode: 'usdt', amountCents, createdAt: new Date(Date.now() - ageMs) });
  const started = await startPayment(app, trade);
  const milli = started.usdtAmountMilli!;
  return { trade, milli, amount: (milli / 1000).toFixed(3), createdAt: Date.now() - ageMs };
}

describe('USDT watcher', () => {
  it('settles the trade of the exact amount once, with the transaction as proof, and records the transfer', async () => {
    const { trade, milli, amount } = await usdtTrade(1000);
    await usdtTrade(1000);
    const tx = chain.addTransfer({ to: ADDRESS, amount });
    const w = watcher();
    expect(await w.checkOnce()).toMatchObject({ watched: 2, transfers: 1, settled: 1 });
    expect(proofs).toEqual([
      { tradeId: trade.id, paidCents: 1000, usdtAmountMilli: milli, provider: 'usdt', externalId: tx.transaction_id },
    ]);
    const [recorded] = await app.database.query<{
      trade_id: string;
      amount_milli: string | number;
      from_address: string;
    }>('SELECT trade_id, amount_milli, from_address FROM chain_transfers WHERE tx_id = $1', [tx.transaction_id]);
    expect(recorded).toMatchObject({ trade_id: trade.id, from_address: tx.from });
    expect(Number(recorded!.amount_milli)).toBe(milli);

    // The same transaction seen again pays nothing more.
    await w.checkOnce();
    expect(proofs).toHaveLength(1);
  });

  it("a cancelled trade keeps its amount while its transfer may still come: the payer's late transfer never pays another buyer's order", async () => {
    // The victim is shown an amount; their order expires (or they choose again) before they pay.
    const victim = await usdtTrade(7000);
    await app.database.query("UPDATE trades SET status = 'cancled' WHERE id = $1", [victim.trade.id]);
    // Another buyer of the same price asks for an amount meanwhile: not the victim's.
    const other = await usdtTrade(7000);
    expect(other.milli).not.toBe(victim.milli);
    chain.addTransfer({ to: ADDRESS, amount: victim.amount });
    await watcher().checkOnce();
    // The victim's cancelled trade is settled (fulfilment pays its order or credits the buyer).
    expect(proofs.map((p) => p.tradeId)).toEqual([victim.trade.id]);
  });

  it("a trade's USDT deadline never outlasts its order", async () => {
    const trade = await openTrade(app, { payMode: 'usdt', amountCents: 8000 });
    await app.database.query("UPDATE trades SET expires_at = created_at + interval '5 minutes' WHERE id = $1", [
      trade.id,
    ]);
    await startPayment(app, trade);
    const [row] = await app.database.query<{ minutes: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM trades WHERE id = $1',
      [trade.id],
    );
    expect(row).toEqual({ minutes: 5 });
  });

  it('ignores another contract, another address, another amount and a transfer sent before the trade', async () => {
    const { amount, milli, createdAt } = await usdtTrade(2000);
    chain.addTransfer({ to: ADDRESS, amount, contract: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj' });
    chain.addTransfer({ to: randomTronAddress(), amount });
    chain.addTransfer({ to: ADDRESS, amount: ((milli + 1) / 1000).toFixed(3) });
    chain.addTransfer({ to: ADDRESS, amount: `${amount}001` });
    chain.addTransfer({ to: ADDRESS, amount, blockTime: createdAt - 5_000 });
    const result = await watcher().checkOnce();
    expect(result.settled).toBe(0);
    expect(proofs).toEqual([]);
  });

  it('pays a trade whose window just ended for a transfer inside it, and never for one after it', async () => {
    const late = await usdtTrade(3000, 35 * MINUTE);
    chain.addTransfer({ to: ADDRESS, amount: late.amount, blockTime: late.createdAt + 29 * MINUTE });
    const expired = await usdtTrade(4000, 35 * MINUTE);
    chain.addTransfer({ to: ADDRESS, amount: expired.amount, blockTime: expired.createdAt + 31 * MINUTE });
    await watcher().checkOnce();
    expect(proofs.map((p) => p.tradeId)).toEqual([late.trade.id]);
  });

  it('stops looking for trades long expired, and asks the chain nothing while no trade is open', async () => {
    await usdtTrade(5000, 60 * MINUTE);
    const before = chain.requests;
    expect(await watcher().checkOnce()).toEqual({ watched: 0, transfers: 0, settled: 0 });
    expect(chain.requests).toBe(before);
  });

  it('records nothing when settlement refuses, and tries again next round', async () => {
    const { amount } = await usdtTrade(6000);
    chain.addTransfer({ to: ADDRESS, amount });
    outcome = 'amount_mismatch';
    const recorded = async () =>
      Number((await app.database.query<{ n: string }>('SELECT count(*) AS n FROM chain_transfers'))[0]!.n);
    const before = await recorded();
    const w = watcher();
    await w.checkOnce();
    expect(warnings).toContain('USDT transfer refused at settlement');
    expect(await recorded()).toBe(before);
    outcome = 'paid';
    await w.checkOnce();
    expect(proofs).toHaveLength(2);
  });

  it('survives a chain API that is down', async () => {
    await usdtTrade(7000);
    await app.settings.set({ usdt_chain_api: `${chain.url}/down` });
    expect(await watcher().checkOnce()).toMatchObject({ settled: 0 });
    expect(warnings).toContain('USDT watcher: chain API unavailable; will retry');
  });

  it('runs by itself every usdtCheckInterval seconds as a job of the instance that owns the jobs', async () => {
    await app.settings.set({ usdtCheckInterval: 2 });
    const { amount } = await usdtTrade(8000);
    chain.addTransfer({ to: ADDRESS, amount });
    const w = watcher();
    const runner = createJobRunner({ db: app.db, log: app.log, leadership: soleLeader(), instanceId: 'test' });
    runner.define({
      name: 'payments.usdt-watch',
      every: async () => (await app.settings.get('usdtCheckInterval')) * 1000,
      run: () => w.checkOnce(),
    });
    runner.start();
    try {
      await vi.waitFor(() => expect(proofs).toHaveLength(1), { timeout: 6_000, interval: 100 });
    } finally {
      await runner.stop();
    }
  });
});
