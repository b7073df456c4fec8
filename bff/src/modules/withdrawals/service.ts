import type { Notify } from '../notifications/index.js';
import { createHash } from 'node:crypto';
import {
  Codes,
  DEFAULT_REQUEST_COUNT,
  isWithdrawalAddress,
  withdrawalAddressTypes,
  withdrawalMessages as text,
  type AdminUserWallet,
  type AdminWithdrawal,
  type WithdrawalAddressType,
  type WithdrawalRecord,
} from '@portal/contracts';
import {
  ADMIN_WITHDRAWALS_MAX,
  type ChangeRewardAddressRequest,
  type ChargeMessageRequest,
  type CheckoutChargeRequest,
  type MakeChargeRequest,
} from '@portal/contracts/schemas';
import type { Db } from '../../db/client.js';
import type { WithdrawalRow } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { centsOf, yuanOf } from '../../lib/money.js';
import { newObjectId } from '../../lib/random.js';
import type { AuditService, Operator } from '../audit/index.js';
import type { SettingsService } from '../settings/index.js';
import type { WalletService } from '../wallet/index.js';
import type { WithdrawalsRepository } from './repository.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A TRON address is base58check of 25 bytes: 0x41, the 20-byte account, and the first 4 bytes of
 * sha256(sha256(the first 21)). The pattern of the contracts checks the form; this catches typos.
 */
export function isTronChecksumValid(address: string): boolean {
  let value = 0n;
  for (const char of address) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return false;
    value = value * 58n + BigInt(digit);
  }
  const hex = value.toString(16).padStart(50, '0');
  if (hex.length !== 50) return false;
  const bytes = Buffer.from(hex, 'hex');
  if (bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  const sum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  return sum.subarray(0, 4).equals(bytes.subarray(21));
}

/** The address fits its network (and a TRC20 one its checksum). */
export function isValidWithdrawalAddress(type: WithdrawalAddressType, address: string): boolean {
  if (!isWithdrawalAddress(type, address)) return false;
  return type !== 'USDT-TRC20' || isTronChecksumValid(address);
}

const isAddressType = (value: string): value is WithdrawalAddressType =>
  (withdrawalAddressTypes as readonly string[]).includes(value);

const refused = (message: string) => new DomainError(Codes.WITHDRAW_REFUSED, message);

function toRecord(row: WithdrawalRow): WithdrawalRecord {
  return {
    _id: row.id,
    money: yuanOf(row.amountCents),
    msg: row.msg,
    requestTime: row.requestedAt.toISOString(),
    left: yuanOf(row.balanceAfterCents),
    status: row.status,
    txid: row.txid,
    paidTime: row.paidAt?.toISOString() ?? null,
    addressType: row.addressType,
    address: row.address,
  };
}

function toAdmin(row: WithdrawalRow, email: string): AdminWithdrawal {
  return {
    _id: row.id,
    uid: row.userId,
    email,
    money: yuanOf(row.amountCents),
    status: row.status,
    requestTime: row.requestedAt.toISOString(),
    paidTime: row.paidAt?.toISOString() ?? null,
    msg: row.msg,
    txid: row.txid,
    addressType: row.addressType,
    address: row.address,
    heldUntil: row.heldUntil?.toISOString() ?? null,
    note: row.note,
  };
}

/** A request within this long of an address change is held for the operator. */
export const ADDRESS_CHANGE_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * The withdrawal state machine (spec-2 §3-§5): a request holds its amount (a `withdraw` wallet
 * change in the transaction that inserts it, under the user's row lock), an operator settles it
 * (request → paid with the payout's txid, once) and may leave a message. Nothing here writes the
 * balance except through the wallet service, and settling never touches it.
 */
export function createWithdrawalsService(deps: {
  db: Db;
  repo: WithdrawalsRepository;
  wallet: WalletService;
  settings: SettingsService;
  audit: AuditService;
  /** The outbox (modules/notifications): withdrawal.requested, withdrawal.settled. */
  emit?: Notify;
  now?: () => Date;
}) {
  const { db, repo, wallet, settings, audit, emit = async () => undefined, now = () => new Date() } = deps;

  /** The audited record: the withdrawal's row, locked for the transaction. */
  const records = {
    missing: text.notFound,
    snapshot: async (id: string) => repo.lock(id),
  };

  return {
    async changeAddress(userId: string, { addressType, address }: ChangeRewardAddressRequest): Promise<object> {
      const trimmed = address.trim();
      if (!isValidWithdrawalAddress(addressType, trimmed)) {
        throw new DomainError(Codes.INVALID_PAYLOAD, text.addressInvalid(addressType));
      }
      // The change is stamped: a withdrawal within 24 h of it is held for the operator.
      if (!(await repo.setAddress(userId, addressType, trimmed, now()))) throw new DomainError(Codes.SESSION_EXPIRED);
      return {};
    },

    /**
     * Holds `money` yuan (the whole withdrawable money without it) for a withdrawal: one
     * transaction under the user's row lock, so concurrent requests and spends see each other's
     * balance and at most one request is open (the partial unique index is the last line). Only
     * withdrawable money leaves; shop credit stays for orders. A request within 24 h of an address
     * change is held: the operator cannot settle it before the 24 h are over, and sees why.
     */
    async makeCharge(userId: string, { money }: MakeChargeRequest): Promise<WithdrawalRecord> {
      const requested = money === undefined ? undefined : centsOf(money);
      return db.transaction(async (tx) => {
        const { withdrawable: balance } = await wallet.lockFigures(tx, userId);
        const account = await repo.userWallet(userId);
        if (
          account === undefined ||
          !isAddressType(account.addressType) ||
          !isValidWithdrawalAddress(account.addressType, account.address)
        ) {
          throw refused(text.addressRequired);
        }
        if ((await repo.openOf(userId)) !== undefined) throw refused(text.openRequest);
        const minYuan = await settings.get('min_charge_money');
        const minCents = Math.round(minYuan * 100);
        if (requested !== undefined && requested > balance) throw refused(text.moreThanWithdrawable(yuanOf(balance)));
        if (balance < minCents || balance <= 0) throw refused(text.belowMinimum(minYuan));
        const amount = requested ?? balance;
        if (amount < minCents) throw refused(text.belowMinimum(minYuan));
        const changedAt = account.addressChangedAt;
        const held = changedAt !== null && now().getTime() - changedAt.getTime() < ADDRESS_CHANGE_HOLD_MS;
        const id = newObjectId();
        const left = await wallet.change(tx, { userId, cents: -amount, kind: 'withdraw', desc: '提现' });
        if (left === undefined) throw refused(text.moreThanBalance);
        const row = await repo.insert({
          id,
          userId,
          amountCents: amount,
          balanceAfterCents: left,
          addressType: account.addressType,
          address: account.address,
          ...(held && changedAt !== null
            ? {
                heldUntil: new Date(changedAt.getTime() + ADDRESS_CHANGE_HOLD_MS),
                note: text.heldNote(changedAt.toISOString()),
              }
            : {}),
        });
        await emit({
          event: 'withdrawal.requested',
          userId,
          data: {
            withdrawalId: id,
            userId,
            email: account.email,
            amount: yuanOf(amount),
            addressType: account.addressType,
            held,
          },
        });
        return toRecord(row);
      });
    },

    async listOfUser(userId: string): Promise<WithdrawalRecord[]> {
      return (await repo.ofUser(userId, DEFAULT_REQUEST_COUNT.list)).map(toRecord);
    },

    async adminList(): Promise<AdminWithdrawal[]> {
      return (await repo.list(ADMIN_WITHDRAWALS_MAX)).map(({ row, email }) => toAdmin(row, email));
    },

    /** request → paid with the txid; audited; refused (1012) once paid. Never touches the balance. */
    async settle(operator: Operator, { charge_id, txid }: CheckoutChargeRequest): Promise<WithdrawalRecord> {
      return audit.action(
        operator,
        { recordType: 'withdrawal', recordId: charge_id, detail: 'checkout_charge', records },
        async () => {
          const current = await repo.lock(charge_id);
          if (current?.status === 'request' && current.heldUntil !== null && current.heldUntil > now()) {
            throw refused(text.held(current.heldUntil.toISOString()));
          }
          const row = await repo.settle(charge_id, txid.trim(), operator.id);
          if (row === undefined) throw refused(text.alreadyPaid);
          await emit({
            event: 'withdrawal.settled',
            userId: row.userId,
            data: { withdrawalId: row.id, userId: row.userId, amount: yuanOf(row.amountCents), txid: row.txid },
          });
          return toRecord(row);
        },
      );
    },

    async message(operator: Operator, { charge_id, msg }: ChargeMessageRequest): Promise<object> {
      await audit.action(
        operator,
        { recordType: 'withdrawal', recordId: charge_id, detail: 'message', records },
        async () => repo.setMessage(charge_id, msg),
      );
      return {};
    },

    async userWallet(uid: string): Promise<AdminUserWallet> {
      const row = await repo.userWallet(uid);
      if (row === undefined) throw new DomainError(Codes.NOT_FOUND, '用户不存在');
      return {
        money: yuanOf(row.money),
        addressType: isAddressType(row.addressType) ? row.addressType : '',
        address: row.address,
      };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
