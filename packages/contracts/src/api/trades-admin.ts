import { Type, type Static } from '@sinclair/typebox';
import { trafficRecordTypes, type PayMode, type TrafficRecordType } from '../constants.js';

/**
 * The back office's read-only views of the money path and the traffic ledger (spec-2 §2 items 6
 * and 11, §3 "trade", "order detail", "traffic record (admin view)", §7
 * /api/admin/trades/tradelist, /get_order_for_trade and /api/admin/traffic_spend/traffic_records).
 * Money on the wire is yuan (at most two decimals), traffic bytes, times ISO strings.
 */

/** The most trades one tradelist answers (requestNumber; spec-2 §9 default 100). */
export const TRADE_LIST_MAX = 5000;

export const TradeListRequest = Type.Object(
  {
    /** How many trades, newest first (default 100). */
    requestNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: TRADE_LIST_MAX })),
    /**
     * Free text, case-insensitive, contained in the buyer's e-mail, the trade number (ours or the
     * payment platform's), the order id or the inviter's channel code; '' = every trade.
     */
    filterStr: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type TradeListRequest = Static<typeof TradeListRequest>;

/** One payment attempt as the trade list shows it (spec-2 §3 "trade"). */
export interface AdminTrade {
  /** The trade's id: our trade number, the out_trade_no the payment platform was given. */
  _id: string;
  /** The buyer's e-mail. */
  username: string;
  /** What the order buys (the product's name when it was ordered). */
  desc: string;
  /** Our trade number (= `_id`). */
  tradeno: string;
  /** The payment platform's own number once paid (epay trade_no, TRC20 transaction id); '' before. */
  platform_tradeno: string;
  /** The inviter's channel code when the payment earned a rebate; '' otherwise. */
  fromChannel: string;
  /** Yuan asked for through the payment platform (0 when the wallet or a coupon covered it all). */
  request_pay_amound: number;
  /** Yuan of invite rebate this payment earned. */
  rewardMoney: number;
  /** 'wallet' when nothing was left to pay. */
  pay_mode: PayMode | 'wallet';
  /** pc or mobile. */
  device: string;
  /** sandbox, an epay platform (feifei, yi, zhifubuluo, openx), usdt or wallet. */
  third_pay_platform: string;
  status: 'topay' | 'paied' | 'cancled';
  create_time: string;
  /** Bytes the order adds, bonus included. */
  add_traffic: number;
  /** Days the order adds, bonus included. */
  add_vip_duration: number;
  order_id: string;
  /**
   * Why a paid trade did not pay its order ('' when it did): the order was closed or its amount
   * changed after the trade was made, and what the trade paid went to the buyer's shop credit.
   */
  note: string;
}

/**
 * get_order_for_trade {order_id} answers the order as `Order` (api/shop.ts): the spec's order
 * detail (desc, order_money, coupon_name, coupon_discount, wallet_spend, status, create_time,
 * user_feedback) and the rest of the order's fields.
 */

/** The most records one traffic_records answers (see the BFF's traffic admin service). */
export const TRAFFIC_RECORDS_MAX = 2000;
/** The longest period traffic_records looks back (days). */
export const TRAFFIC_RECORDS_MAX_DAYS = 31;

export const AdminTrafficRecordsRequest = Type.Object(
  {
    /** One record type; absent or '' = every type. */
    type: Type.Optional(Type.Union([...trafficRecordTypes.map((t) => Type.Literal(t)), Type.Literal('')])),
    /** Service days back, today included (spec-2 §9: 2 by default). */
    day_num: Type.Optional(Type.Integer({ minimum: 1, maximum: TRAFFIC_RECORDS_MAX_DAYS })),
  },
  { additionalProperties: false },
);
export type AdminTrafficRecordsRequest = Static<typeof AdminTrafficRecordsRequest>;

/** A traffic record as the admin sees it (spec-2 §3 "traffic record", admin view). */
export interface AdminTrafficRecord {
  /** The record's id. */
  _id: string;
  uid: string;
  email: string;
  /** Service day, YYYY-MM-DD. */
  day: string;
  type: TrafficRecordType;
  /** Signed bytes (a spend is negative). */
  trafficChange: number;
  /** The user's spent traffic after the change, bytes. */
  allSpend: number;
  /** The user's traffic after the change, bytes. */
  allTraffic: number;
  /** When the record last changed (a day's spend record grows through the day). */
  updateTime: string;
}
