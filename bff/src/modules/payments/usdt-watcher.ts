import type { Db } from '../../db/client.js';
import type { SettingsService } from '../settings/index.js';
import { paymentsRepository, type PaymentsRepository } from './repository.js';
import type { SettleOutcome, SettleTrade } from './types.js';
import { matchTransfers, tronGridSource, USDT_LATE_CONFIRMATION_MS, type ChainSource } from './usdt.js';

export interface WatcherLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface UsdtWatcherDeps {
  db: Db;
  settings: SettingsService;
  settle: SettleTrade;
  log: WatcherLog;
  repo?: PaymentsRepository;
  /** The chain data behind the `usdt_chain_api` setting (TronGrid's shape by default). */
  chainSource?: (baseUrl: string) => ChainSource;
  now?: () => Date;
}

export interface CheckResult {
  /** Open (or lately expired) USDT trades looked for. */
  watched: number;
  transfers: number;
  /** Transfers that paid (or, for a cancelled order, credited) a trade. */
  settled: number;
}

const SETTLED: readonly SettleOutcome[] = ['paid', 'already_paid', 'credited_to_wallet'];

/**
 * Watches the USDT address for incoming TRC20 transfers while USDT trades are open and settles
 * each exact match once. `checkOnce` runs one round; the jobs module repeats it every
 * `usdtCheckInterval` seconds on the instance that owns the jobs. Rounds never overlap.
 */
export function createUsdtWatcher({
  db,
  settings,
  settle,
  log,
  repo = paymentsRepository,
  chainSource = (baseUrl) => tronGridSource(baseUrl),
  now = () => new Date(),
}: UsdtWatcherDeps) {
  async function round(): Promise<CheckResult> {
    const s = await settings.getMany(['usdtpay', 'usdt_chain_api']);
    if (s.usdtpay === '') return { watched: 0, transfers: 0, settled: 0 };
    const trades = await repo.watchedUsdtTrades(db, s.usdtpay, new Date(now().getTime() - USDT_LATE_CONFIRMATION_MS));
    if (trades.length === 0) return { watched: 0, transfers: 0, settled: 0 };

    const since = new Date(Math.min(...trades.map((t) => t.createdAt.getTime())));
    let transfers;
    try {
      transfers = await chainSource(s.usdt_chain_api).incomingTransfers(s.usdtpay, since);
    } catch (error) {
      log.warn({ err: error, api: s.usdt_chain_api }, 'USDT watcher: chain API unavailable; will retry');
      return { watched: trades.length, transfers: 0, settled: 0 };
    }
    const seen = await repo.recordedTransfers(
      db,
      transfers.map((t) => t.txId),
    );
    let settled = 0;
    for (const { transfer, trade } of matchTransfers(transfers, trades, s.usdtpay, seen)) {
      const amountMilli = trade.usdtAmountMilli;
      const details = { tradeId: trade.id, txId: transfer.txId, amountMilli };
      try {
        const outcome = await settle({
          tradeId: trade.id,
          paidCents: trade.amountCents,
          usdtAmountMilli: amountMilli,
          provider: 'usdt',
          externalId: transfer.txId,
        });
        if (!SETTLED.includes(outcome)) {
          log.warn({ ...details, outcome }, 'USDT transfer refused at settlement');
          continue;
        }
        await repo.recordTransfer(db, trade.id, { ...transfer, amountMilli });
        settled += 1;
        log.info({ ...details, outcome }, 'USDT transfer settled');
      } catch (error) {
        log.error({ ...details, err: error }, 'USDT transfer could not be settled; will retry');
      }
    }
    return { watched: trades.length, transfers: transfers.length, settled };
  }

  let last: Promise<unknown> = Promise.resolve();

  /** One round; rounds never overlap (the jobs module calls it at the settings' interval). */
  function checkOnce(): Promise<CheckResult> {
    const run = last.then(round, round);
    last = run.catch(() => undefined);
    return run;
  }

  return { checkOnce };
}

export type UsdtWatcher = ReturnType<typeof createUsdtWatcher>;
