import { Type, type Static } from '@sinclair/typebox';
import { ORDER_FEEDBACK_MAX_CHARS, payModes, type PayMode } from '../constants.js';

/**
 * The shop, orders, payments and the wallet (spec-2 §3, §7). On the wire money is yuan with at
 * most two decimals (a number), traffic is bytes, durations are days; inside the BFF money is
 * integer cents. Ids are the 24-hex object ids.
 */
const ObjectId = Type.String({ pattern: '^[0-9a-f]{24}$' });

/** A product of /api/shop/list. */
export interface Combo {
  _id: string;
  name: string;
  /** Yuan. */
  price: number;
  /** Bytes; 0 = no volume card. */
  traffic: number;
  /** Days; 0 = no time card. */
  vipDuration: number;
  /** Daily allowance of the time package, GiB. */
  limit: number;
  /** Bonus percent on traffic and days. */
  additionPersend: number;
  deviceNum: number;
  speed: string;
  permissionsGain: string[];
  permissionDuration: number;
  permissionsDesc: string;
  orderID: number;
}

export type OrderStatus = 'topay' | 'wallet_spend' | 'paied' | 'cancled';

/** An order as the user sees it (spec-2 §3 "order"). */
export interface Order {
  _id: string;
  desc: string;
  /** Yuan: the product's price when the order was made. */
  order_money: number;
  /** Yuan taken off by the coupon. */
  coupon_discount: number;
  coupon_code: string;
  coupon_name: string;
  couponType: '' | 'cash' | 'discount';
  /** Yuan deducted from the wallet. */
  wallet_spend: number;
  /** Yuan still to pay: order_money - coupon_discount - wallet_spend. */
  pay_money: number;
  status: OrderStatus;
  create_time: string;
  /** Bytes, bonus included. */
  add_traffic: number;
  /** Days, bonus included. */
  add_vip_duration: number;
  gainPermission: string[];
  permissionDuration: number;
  user_feedback: string;
}

/** The answer of /api/shop/dobuy (spec-2 "payment result"). */
export interface PaymentResult {
  /** 'paied' when nothing was left to pay (wallet or coupon covered it). */
  status: 'topay' | 'paied';
  add_traffic: number;
  add_vip_duration: number;
  /** The trade id that trade_status polls. */
  _id: string;
  third_pay_platform: string;
  /** USDT: the TRC20 address to pay to. */
  usdtAdress?: string;
  /** USDT: the exact amount, three decimals. */
  request_pay_amound_usdt?: number;
  /** Yuan asked for. */
  request_pay_amound: number;
  /** A page to open (desktop or mobile redirect). */
  payurl?: string;
  /** Content of the QR code to show. */
  qrcode?: string;
  /** alipays:// link for the scheme mode. */
  urlscheme?: string;
  /**
   * Optional (added by mf-shop): when the trade stops being watched (ISO time). The USDT dialog
   * states this deadline; without it, the default check window of the settings is stated.
   */
  expire_time?: string;
}

/** The answer of /api/shop/trade_status. */
export interface TradeStatus {
  status: 'topay' | 'paied' | 'cancled';
  add_traffic: number;
  add_vip_duration: number;
}

/** /api/wallet/mywallet. */
export interface Wallet {
  /** Yuan: the whole balance (withdrawable money and shop credit). */
  money: number;
  /**
   * Yuan: the part of `money` that may be withdrawn (invite rebates earned through a real payment
   * gateway). The rest is shop credit (refunds, late or excess payments, operator adjustments,
   * sandbox money): it pays for orders, shop credit first, and is never withdrawn.
   */
  withdrawable_money: number;
  address: string;
  addressType: '' | 'USDT-ERC20' | 'USDT-TRC20';
  /** Yuan: the minimum withdrawal. */
  min_charge_money: number;
}

/** One line of /api/wallet/spend_list: deductions (negative), returns and rebates (positive). */
export interface WalletSpendRecord {
  /** Signed yuan. */
  spendMoney: number;
  desc: string;
  time: string;
  /** Yuan after the change. */
  left: number;
  /** Signed yuan: the part of `spendMoney` that moved withdrawable money (the rest is shop credit). */
  withdrawable: number;
  /** Which money the line moved: withdrawable, shop credit, or both (a spend that took both). */
  fund: 'withdrawable' | 'credit' | 'mixed';
}

export const CreateOrderRequest = Type.Object({ combo_id: ObjectId }, { additionalProperties: false });
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;

export const OrderIdRequest = Type.Object({ order_id: ObjectId }, { additionalProperties: false });
export type OrderIdRequest = Static<typeof OrderIdRequest>;

export const OrderUseCouponRequest = Type.Object(
  { order_id: ObjectId, code: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type OrderUseCouponRequest = Static<typeof OrderUseCouponRequest>;

/** The order-confirm dialog's coupon field: the code the call carries. */
export const CouponCodeForm = Type.Pick(OrderUseCouponRequest, ['code']);
export type CouponCodeForm = Static<typeof CouponCodeForm>;

export const DoBuyRequest = Type.Object(
  {
    order_id: ObjectId,
    pay_mode: Type.Union(payModes.map((m) => Type.Literal(m))),
    isMobile: Type.Optional(Type.Boolean()),
    return_url: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type DoBuyRequest = Static<typeof DoBuyRequest> & { pay_mode: PayMode };

export const TradeStatusRequest = Type.Object({ trade_id: ObjectId }, { additionalProperties: false });
export type TradeStatusRequest = Static<typeof TradeStatusRequest>;

export const OrderFeedbackRequest = Type.Object(
  // Up to 30 characters (the service counts them and answers the spec's hint); the schema only
  // bounds the payload.
  { order_id: ObjectId, msg: Type.String({ minLength: 1, maxLength: ORDER_FEEDBACK_MAX_CHARS * 4 }) },
  { additionalProperties: false },
);
export type OrderFeedbackRequest = Static<typeof OrderFeedbackRequest>;

/** The order-feedback dialog's form: the message the call carries. */
export const OrderFeedbackForm = Type.Pick(OrderFeedbackRequest, ['msg']);
export type OrderFeedbackForm = Static<typeof OrderFeedbackForm>;
