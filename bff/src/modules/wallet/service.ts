import { Codes, DEFAULT_REQUEST_COUNT, type Wallet, type WalletSpendRecord } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../lib/domain-error.js';
import { yuanOf } from '../../lib/money.js';
import type { SettingsService } from '../settings/index.js';
import { walletRepository as repo } from './repository.js';

/** What moved the money; the sign each kind must have is checked. */
export type WalletKind = 'spend' | 'refund' | 'reward' | 'withdraw' | 'adjust';

export interface WalletChange {
  userId: string;
  /** Signed cents: spend and withdraw negative, refund and reward positive, adjust either. */
  cents: number;
  kind: WalletKind;
  orderId?: string | null;
  desc: string;
}

const NEGATIVE_KINDS: ReadonlySet<WalletKind> = new Set(['spend', 'withdraw']);

function checkSign({ cents, kind }: WalletChange) {
  const signOk = kind === 'adjust' ? cents !== 0 : NEGATIVE_KINDS.has(kind) ? cents < 0 : cents > 0;
  if (!Number.isSafeInteger(cents) || !signOk) throw new Error(`invalid wallet change: ${kind} ${cents}`);
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
    const balance = await repo.add(tx, walletChange.userId, walletChange.cents);
    if (balance === undefined) return undefined;
    await repo.insertEntry(tx, {
      userId: walletChange.userId,
      kind: walletChange.kind,
      amountCents: walletChange.cents,
      balanceAfterCents: balance,
      orderId: walletChange.orderId ?? null,
      desc: walletChange.desc,
    });
    return balance;
  }

  return {
    change,

    /** An operator's (or seed data's) change in its own transaction; undefined when it would overdraw. */
    async adjust(userId: string, cents: number, desc: string): Promise<number | undefined> {
      return db.transaction((tx) => change(tx, { userId, cents, kind: 'adjust', desc }));
    },

    /** The balance, locked: the caller decides on it and changes it in the same transaction. */
    async lockBalance(tx: Db, userId: string): Promise<number> {
      const balance = await repo.lockBalance(tx, userId);
      if (balance === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      return balance;
    },

    async myWallet(userId: string): Promise<Wallet> {
      const [row, minCharge] = await Promise.all([repo.wallet(db, userId), settings.get('min_charge_money')]);
      if (row === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      const addressType = ADDRESS_TYPES.has(row.addressType as Wallet['addressType'])
        ? (row.addressType as Wallet['addressType'])
        : '';
      return { money: yuanOf(row.money), address: row.address, addressType, min_charge_money: minCharge };
    },

    async spendList(userId: string): Promise<WalletSpendRecord[]> {
      const rows = await repo.entries(db, userId, DEFAULT_REQUEST_COUNT.list);
      return rows.map((row) => ({
        spendMoney: yuanOf(row.amountCents),
        desc: row.desc,
        time: row.createdAt.toISOString(),
        left: yuanOf(row.balanceAfterCents),
      }));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
