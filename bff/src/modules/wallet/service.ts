import { Codes, DEFAULT_REQUEST_COUNT, type Wallet, type WalletSpendRecord } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../lib/domain-error.js';
import { yuanOf } from '../../lib/money.js';
import type { SettingsService } from '../settings/index.js';
import type { WalletEntry } from '../../db/schema.js';
import { walletRepository as repo, type WalletSplit } from './repository.js';

/** What moved the money; the sign each kind must have is checked. */
export type WalletKind = 'spend' | 'refund' | 'reward' | 'withdraw' | 'adjust';

export interface WalletChange {
  userId: string;
  /** Signed cents: spend and withdraw negative, refund and reward positive, adjust either. */
  cents: number;
  kind: WalletKind;
  orderId?: string | null;
  desc: string;
  /**
   * Credits: the signed part that is withdrawable money (0, shop credit, when absent; only
   * rebates earned through a real gateway and returned withdrawable deductions have one).
   * Debits: a withdrawal takes withdrawable money only; any other debit takes shop credit first.
   */
  withdrawableCents?: number;
}

const NEGATIVE_KINDS: ReadonlySet<WalletKind> = new Set(['spend', 'withdraw']);

function checkSign({ cents, kind, withdrawableCents = 0 }: WalletChange) {
  const signOk = kind === 'adjust' ? cents !== 0 : NEGATIVE_KINDS.has(kind) ? cents < 0 : cents > 0;
  const partOk =
    Number.isSafeInteger(withdrawableCents) &&
    (cents > 0 ? withdrawableCents >= 0 && withdrawableCents <= cents : withdrawableCents === 0);
  if (!Number.isSafeInteger(cents) || !signOk || !partOk) throw new Error(`invalid wallet change: ${kind} ${cents}`);
}

/** How a change splits between withdrawable money and shop credit (see WalletSplit). */
function splitOf({ cents, kind, withdrawableCents = 0 }: WalletChange): WalletSplit {
  if (kind === 'withdraw') return cents;
  return cents < 0 ? 'credit-first' : withdrawableCents;
}

/** Which money a ledger row moved: withdrawable, shop credit, or both (a spend that took both). */
function fundOf(row: WalletEntry): WalletSpendRecord['fund'] {
  if (row.withdrawableCents === 0) return 'credit';
  return row.withdrawableCents === row.amountCents ? 'withdrawable' : 'mixed';
}

const ADDRESS_TYPES = new Set<Wallet['addressType']>(['', 'USDT-ERC20', 'USDT-TRC20']);

/**
 * The one place that changes users.wallet_money. Every change runs in the caller's transaction as
 * a conditional UPDATE (the balance never goes below zero; the table's check is the last line)
 * and writes its wallet_ledger row with the balance after it, so a user's ledger sums to the
 * balance.
 */
export function createWalletService({ db, settings }: { db: Db; settings: SettingsService }) {
  /** Applies a change; the new balance, or undefined when a debit is more than the balance. */
  async function change(tx: Db, walletChange: WalletChange): Promise<number | undefined> {
    checkSign(walletChange);
    const figures = await repo.add(tx, walletChange.userId, walletChange.cents, splitOf(walletChange));
    if (figures === undefined) return undefined;
    await repo.insertEntry(tx, {
      userId: walletChange.userId,
      kind: walletChange.kind,
      amountCents: walletChange.cents,
      balanceAfterCents: figures.money,
      withdrawableCents: figures.withdrawableDelta,
      withdrawableAfterCents: figures.withdrawable,
      orderId: walletChange.orderId ?? null,
      desc: walletChange.desc,
    });
    return figures.money;
  }

  async function lockFigures(tx: Db, userId: string): Promise<{ money: number; withdrawable: number }> {
    const figures = await repo.lockBalance(tx, userId);
    if (figures === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
    return figures;
  }

  return {
    change,

    /**
     * An operator's (or seed data's) change in its own transaction; undefined when it would
     * overdraw. An operator's credit is shop credit; only seed data names a withdrawable part.
     */
    async adjust(userId: string, cents: number, desc: string, withdrawableCents = 0): Promise<number | undefined> {
      return db.transaction((tx) => change(tx, { userId, cents, kind: 'adjust', desc, withdrawableCents }));
    },

    /** The balance, locked: the caller decides on it and changes it in the same transaction. */
    async lockBalance(tx: Db, userId: string): Promise<number> {
      return (await lockFigures(tx, userId)).money;
    },

    /** The balance and its withdrawable part (cents), locked like lockBalance. */
    lockFigures,

    /** What of an order's wallet deduction is withdrawable money (returned as such on a return). */
    heldWithdrawable: (tx: Db, userId: string, orderId: string) => repo.heldWithdrawable(tx, userId, orderId),

    async myWallet(userId: string): Promise<Wallet> {
      const [row, minCharge] = await Promise.all([repo.wallet(db, userId), settings.get('min_charge_money')]);
      if (row === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      const addressType = ADDRESS_TYPES.has(row.addressType as Wallet['addressType'])
        ? (row.addressType as Wallet['addressType'])
        : '';
      return {
        money: yuanOf(row.money),
        withdrawable_money: yuanOf(row.withdrawable),
        address: row.address,
        addressType,
        min_charge_money: minCharge,
      };
    },

    async spendList(userId: string): Promise<WalletSpendRecord[]> {
      const rows = await repo.entries(db, userId, DEFAULT_REQUEST_COUNT.list);
      return rows.map((row) => ({
        spendMoney: yuanOf(row.amountCents),
        desc: row.desc,
        time: row.createdAt.toISOString(),
        left: yuanOf(row.balanceAfterCents),
        withdrawable: yuanOf(row.withdrawableCents),
        fund: fundOf(row),
      }));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
