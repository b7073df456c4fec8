import { Type, type Static } from '@sinclair/typebox';
import {
  WITHDRAWAL_MSG_MAX,
  WITHDRAWAL_TXID_MAX,
  withdrawalAddressTypes,
  type WithdrawalAddressType,
  type WithdrawalStatus,
} from '../withdrawals.js';
import { CurrentPassword } from './current-password.js';

/**
 * Withdrawals (spec-2 §3 "withdrawal record (user side)", "withdrawal (charge, admin)", "wallet";
 * §7 /api/wallet/change_reward_adress, make_charge, charge_list and /api/admin/charge/*). Money on
 * the wire is yuan (at most two decimals), times ISO strings.
 */

const Id = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });

/**
 * /api/wallet/change_reward_adress: the address is checked for the network's format; the current
 * `password` is required (optional here only so that its absence is refused in words).
 */
export const ChangeRewardAddressRequest = Type.Object(
  {
    addressType: Type.Union(withdrawalAddressTypes.map((t) => Type.Literal(t))),
    address: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.Optional(CurrentPassword),
  },
  { additionalProperties: false },
);
export type ChangeRewardAddressRequest = Static<typeof ChangeRewardAddressRequest>;

/**
 * The wallet's address form: the call without the password (asked for apart, in its dialog). The
 * address's format for its network is the form's check across the two fields, as the BFF's.
 */
export const RewardAddressForm = Type.Required(Type.Omit(ChangeRewardAddressRequest, ['password']));
export type RewardAddressForm = Static<typeof RewardAddressForm>;

/**
 * /api/wallet/make_charge (the spec shows no payload): without `money` the whole balance is
 * withdrawn; with it, that many yuan (at least the minimum, at most the balance).
 */
export const MakeChargeRequest = Type.Object(
  { money: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000 })) },
  { additionalProperties: false },
);
export type MakeChargeRequest = Static<typeof MakeChargeRequest>;

/** One line of /api/wallet/charge_list (and the answer of make_charge), newest first. */
export interface WithdrawalRecord {
  _id: string;
  /** Yuan withdrawn (held from the balance when requested). */
  money: number;
  /** The operator's message ('' when none). */
  msg: string;
  requestTime: string;
  /** Yuan left in the wallet after the request. */
  left: number;
  status: WithdrawalStatus;
  /** The payout's transaction id once paid; '' before. */
  txid: string;
  paidTime: string | null;
  /** Where it is paid: the address when it was requested. */
  addressType: WithdrawalAddressType;
  address: string;
}

/** /api/admin/charge/charge_list: every withdrawal, newest first, with the user's e-mail. */
export interface AdminWithdrawal {
  _id: string;
  uid: string;
  email: string;
  /** Yuan. */
  money: number;
  status: WithdrawalStatus;
  requestTime: string;
  paidTime: string | null;
  msg: string;
  txid: string;
  addressType: WithdrawalAddressType;
  address: string;
  /** Settling is refused before this time (a request within 24 h of an address change); null = not held. */
  heldUntil: string | null;
  /** The operator's note on the request ('' when none): why it is held. */
  note: string;
}

/** The most withdrawals one admin charge_list answers. */
export const ADMIN_WITHDRAWALS_MAX = 2000;

/** /api/admin/charge/checkout_charge: settle a request with the payout's transaction id. */
export const CheckoutChargeRequest = Type.Object(
  { charge_id: Id, txid: Type.String({ minLength: 1, maxLength: WITHDRAWAL_TXID_MAX, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type CheckoutChargeRequest = Static<typeof CheckoutChargeRequest>;

/** /api/admin/charge/message: the operator's message the user sees on the record ('' clears it). */
export const ChargeMessageRequest = Type.Object(
  { charge_id: Id, msg: Type.String({ maxLength: WITHDRAWAL_MSG_MAX }) },
  { additionalProperties: false },
);
export type ChargeMessageRequest = Static<typeof ChargeMessageRequest>;

/** /api/admin/charge/wallet {uid}: the user's wallet (spec-2 §3 "wallet (of that user)"). */
export const ChargeWalletRequest = Type.Object({ uid: Id }, { additionalProperties: false });
export type ChargeWalletRequest = Static<typeof ChargeWalletRequest>;

export interface AdminUserWallet {
  /** Yuan. */
  money: number;
  addressType: '' | WithdrawalAddressType;
  address: string;
}
