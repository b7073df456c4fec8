import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomTronAddress, startLocalTron, type LocalTron } from '../../../../scripts/lib/local-tron.mjs';
import {
  firstFreeMilli,
  matchTransfers,
  parseTronGridTransfer,
  tokenValueToMilli,
  tronGridSource,
  USDT_TRC20_CONTRACT,
  USDT_UNIQUE_STEPS,
  usdtBaseMilli,
  type ChainTransfer,
  type WatchedTrade,
} from './usdt.js';

describe('USDT amount', () => {
  it('is the CNY amount over the rate, rounded up to 0.01', () => {
    expect(usdtBaseMilli(720, 7.2)).toBe(1000);
    expect(usdtBaseMilli(1000, 7.2)).toBe(1390);
    expect(usdtBaseMilli(1, 7.2)).toBe(10);
    expect(usdtBaseMilli(990, 7.3)).toBe(1360);
    expect(usdtBaseMilli(1_000_000, 7.1)).toBe(1_408_460);
  });

  it('takes the first free thousandth above the base, and none when every step is taken', () => {
    expect(firstFreeMilli(1390, new Set())).toBe(1390);
    expect(firstFreeMilli(1390, new Set([1390, 1391, 1393]))).toBe(1392);
    const all = new Set(Array.from({ length: USDT_UNIQUE_STEPS }, (_, i) => 1390 + i));
    expect(firstFreeMilli(1390, all)).toBeUndefined();
  });
});

describe('TRC20 values', () => {
  it('turns token units into thousandths only when exact', () => {
    expect(tokenValueToMilli('1390000', 6)).toBe(1390);
    expect(tokenValueToMilli('1391000', 6)).toBe(1391);
    expect(tokenValueToMilli('1391001', 6)).toBeNull();
    expect(tokenValueToMilli('1391', 3)).toBe(1391);
    expect(tokenValueToMilli('13', 1)).toBe(1300);
    expect(tokenValueToMilli('-1', 6)).toBeNull();
    expect(tokenValueToMilli('1.5', 6)).toBeNull();
    expect(tokenValueToMilli('1', 99)).toBeNull();
  });

  it('parses a TronGrid item and skips a malformed one', () => {
    const item = {
      transaction_id: 'ab',
      token_info: { address: USDT_TRC20_CONTRACT, decimals: 6 },
      from: 'Tfrom',
      to: 'Tto',
      value: '2000',
      block_timestamp: 1_700_000_000_000,
    };
    expect(parseTronGridTransfer(item)).toEqual({
      txId: 'ab',
      contract: USDT_TRC20_CONTRACT,
      from: 'Tfrom',
      to: 'Tto',
      amountMilli: 2,
      blockTime: new Date(1_700_000_000_000),
    });
    expect(parseTronGridTransfer({ ...item, value: 2000 })).toBeUndefined();
    expect(parseTronGridTransfer({ ...item, token_info: undefined })).toBeUndefined();
  });
});

describe('matching transfers to trades', () => {
  const address = randomTronAddress();
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const trade = (id: string, milli: number, extra: Partial<WatchedTrade> = {}): WatchedTrade => ({
    id,
    amountCents: 1000,
    usdtAmountMilli: milli,
    usdtAddress: address,
    open: true,
    createdAt: new Date(t0),
    expiresAt: new Date(t0 + 30 * 60_000),
    ...extra,
  });
  const transfer = (txId: string, milli: number | null, extra: Partial<ChainTransfer> = {}): ChainTransfer => ({
    txId,
    contract: USDT_TRC20_CONTRACT,
    from: 'Tsomeone',
    to: address,
    amountMilli: milli,
    blockTime: new Date(t0 + 60_000),
    ...extra,
  });
  const ids = (matches: ReturnType<typeof matchTransfers>) => matches.map((m) => `${m.transfer.txId}->${m.trade.id}`);

  it('pays the trade of the exact amount', () => {
    expect(
      ids(matchTransfers([transfer('x', 1391)], [trade('a', 1390), trade('b', 1391)], address, new Set())),
    ).toEqual(['x->b']);
  });

  it('ignores another contract, another address, another amount and an inexact amount', () => {
    const trades = [trade('a', 1390)];
    const transfers = [
      transfer('contract', 1390, { contract: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj' }),
      transfer('address', 1390, { to: randomTronAddress() }),
      transfer('amount', 1391),
      transfer('inexact', null),
    ];
    expect(matchTransfers(transfers, trades, address, new Set())).toEqual([]);
  });

  it('ignores a transfer sent before the trade was made or after it expired', () => {
    const trades = [trade('a', 1390)];
    expect(
      matchTransfers([transfer('early', 1390, { blockTime: new Date(t0 - 1) })], trades, address, new Set()),
    ).toEqual([]);
    expect(
      matchTransfers(
        [transfer('late', 1390, { blockTime: new Date(t0 + 30 * 60_000 + 1) })],
        trades,
        address,
        new Set(),
      ),
    ).toEqual([]);
    expect(
      ids(
        matchTransfers([transfer('last', 1390, { blockTime: new Date(t0 + 30 * 60_000) })], trades, address, new Set()),
      ),
    ).toEqual(['last->a']);
  });

  it('uses one transaction once, pays a trade once, and skips transactions already recorded', () => {
    const trades = [trade('a', 1390), trade('b', 1390, { open: false, createdAt: new Date(t0 - 1000) })];
    const twice = [
      transfer('x', 1390),
      transfer('x', 1390),
      transfer('y', 1390, { blockTime: new Date(t0 + 120_000) }),
    ];
    // x pays the open trade; y finds the cancelled one that asked for the same amount in its window.
    expect(ids(matchTransfers(twice, trades, address, new Set()))).toEqual(['x->a', 'y->b']);
    expect(ids(matchTransfers(twice, trades, address, new Set(['x'])))).toEqual(['y->a']);
  });
});

describe('TronGrid source', () => {
  let chain: LocalTron;
  beforeAll(async () => {
    chain = await startLocalTron();
  });
  afterAll(async () => {
    await chain.close();
  });

  it('reads incoming transfers of the USDT contract since a time, across pages, from a server of its shape', async () => {
    const address = randomTronAddress();
    const since = Date.now() - 60_000;
    chain.addTransfer({ to: address, amount: '0.5', blockTime: since - 1 });
    for (let i = 0; i < 205; i += 1)
      chain.addTransfer({ to: address, amount: `1.${String(i).padStart(3, '0')}`, blockTime: since + i });
    chain.addTransfer({
      to: address,
      amount: '2',
      contract: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
      blockTime: since + 1,
    });
    chain.addTransfer({ to: randomTronAddress(), amount: '3', blockTime: since + 1 });
    const transfers = await tronGridSource(chain.url).incomingTransfers(address, new Date(since));
    expect(transfers).toHaveLength(205);
    expect(transfers[0]).toMatchObject({ contract: USDT_TRC20_CONTRACT, to: address, amountMilli: 1000 });
    expect(transfers.at(-1)).toMatchObject({ amountMilli: 1204 });
  });

  it('reads only over https (plain http only on loopback), before sending anything', async () => {
    const asked: string[] = [];
    const recording = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return Response.json({ data: [], meta: {} });
    }) as typeof fetch;
    for (const api of ['http://api.trongrid.io', 'http://10.0.0.5:8090', 'ftp://api.trongrid.io']) {
      await expect(
        tronGridSource(api, { fetch: recording }).incomingTransfers(randomTronAddress(), new Date()),
      ).rejects.toThrow(/https/);
    }
    expect(asked).toEqual([]);
    for (const api of ['https://api.trongrid.io', 'http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9']) {
      await expect(
        tronGridSource(api, { fetch: recording }).incomingTransfers(randomTronAddress(), new Date()),
      ).resolves.toEqual([]);
    }
    expect(asked).toHaveLength(4);
  });

  it('follows a next page only on the configured host', async () => {
    const asked: string[] = [];
    const paging = (next: string) =>
      (async (input: string | URL | Request) => {
        asked.push(String(input));
        return Response.json({ data: [], meta: asked.length === 1 ? { links: { next } } : {} });
      }) as typeof fetch;
    const source = (next: string) => tronGridSource('https://api.trongrid.io', { fetch: paging(next) });
    await expect(
      source('https://evil.example/v1/steal?fingerprint=x').incomingTransfers(randomTronAddress(), new Date()),
    ).rejects.toThrow(/another host/);
    expect(asked).toHaveLength(1);
    asked.length = 0;
    await expect(
      source('http://api.trongrid.io/v1/page2').incomingTransfers(randomTronAddress(), new Date()),
    ).rejects.toThrow(/another host/);
    expect(asked).toHaveLength(1);
    asked.length = 0;
    await source('https://api.trongrid.io/v1/accounts/x/transactions/trc20?fingerprint=abc').incomingTransfers(
      randomTronAddress(),
      new Date(),
    );
    expect(asked[1]).toBe('https://api.trongrid.io/v1/accounts/x/transactions/trc20?fingerprint=abc');
  });

  it('fails loudly on an error answer', async () => {
    await expect(
      tronGridSource(`${chain.url}/nowhere`).incomingTransfers(randomTronAddress(), new Date()),
    ).rejects.toThrow(/404/);
  });
});
