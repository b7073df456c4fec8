import {
  cookieNames,
  GiB,
  payModes,
  type PayMode,
  type Combo,
  type Order,
  type PaymentResult,
  type TradeStatus,
  type UserInfo,
  type Wallet,
} from '@portal/contracts';
import { removeCookie, useSession } from '@portal/platform';
import { demoUser, setStoryPortal } from '@portal/storybook/fixtures';
import { apiHandler } from '@portal/storybook/api-mocks';
import { within } from '@portal/storybook/story-kit';

/** Data and set-up shared by the mf-shop stories. */
export { demoUser };

export function combo(overrides: Partial<Combo> = {}): Combo {
  return {
    _id: '665f1c2ab7e4d90012a3b001',
    name: '流量包 100G',
    price: 30,
    traffic: 100 * GiB,
    vipDuration: 0,
    limit: 0,
    additionPersend: 0,
    deviceNum: 0,
    speed: '',
    permissionsGain: [],
    permissionDuration: 0,
    permissionsDesc: '',
    orderID: 1,
    ...overrides,
  };
}

export const volumeCombo = combo();
export const timeCombo = combo({
  _id: '665f1c2ab7e4d90012a3b002',
  name: '月付时长包',
  price: 25,
  traffic: 0,
  vipDuration: 30,
  orderID: 2,
});
export const bothCombo = combo({
  _id: '665f1c2ab7e4d90012a3b003',
  name: '季付畅享包',
  price: 88,
  traffic: 50 * GiB,
  vipDuration: 90,
  limit: 80,
  deviceNum: 5,
  speed: '300Mbps',
  orderID: 3,
});
export const bonusCombo = combo({
  _id: '665f1c2ab7e4d90012a3b004',
  name: '年付超值包',
  price: 268,
  traffic: 500 * GiB,
  vipDuration: 365,
  additionPersend: 15,
  orderID: 4,
});
export const permissionCombo = combo({
  _id: '665f1c2ab7e4d90012a3b005',
  name: '商务专线月包',
  price: 99.9,
  traffic: 0,
  vipDuration: 30,
  limit: 100,
  permissionsGain: ['line_exclusive_1'],
  permissionDuration: 30,
  permissionsDesc: '商务专线（独享带宽）',
  orderID: 5,
});
export const storyCombos: Combo[] = [bonusCombo, volumeCombo, timeCombo, bothCombo, permissionCombo];

export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: '665f1c2ab7e4d90012a3c101',
    desc: '流量包 100G',
    order_money: 30,
    coupon_discount: 0,
    coupon_code: '',
    coupon_name: '',
    couponType: '',
    wallet_spend: 0,
    pay_money: 30,
    status: 'topay',
    create_time: '2026-11-20T08:30:00.000Z',
    add_traffic: 100 * GiB,
    add_vip_duration: 0,
    gainPermission: [],
    permissionDuration: 0,
    user_feedback: '',
    ...overrides,
  };
}

export const withCoupon = (base: Order = order()): Order => ({
  ...base,
  coupon_code: 'SAVE5',
  coupon_name: '立减 5 元',
  couponType: 'cash',
  coupon_discount: 5,
  pay_money: base.order_money - 5 - base.wallet_spend,
});

export const wallet = (money: number): Wallet => ({
  money,
  withdrawable_money: 0,
  address: '',
  addressType: '',
  min_charge_money: 500,
});

/** shop/pay_modes: the methods the server takes (all of them unless a story says otherwise). */
export const payModesOn = (modes: readonly PayMode[] = payModes) => apiHandler('shop/pay_modes', [...modes]);

export const tradeId = '665f1c2ab7e4d90012a3d001';
export const USDT_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

export function payment(overrides: Partial<PaymentResult> = {}): PaymentResult {
  return {
    status: 'topay',
    add_traffic: 100 * GiB,
    add_vip_duration: 0,
    _id: tradeId,
    third_pay_platform: 'sandbox',
    request_pay_amound: 30,
    ...overrides,
  };
}

export const trade = (status: TradeStatus['status']): TradeStatus => ({
  status,
  add_traffic: 100 * GiB,
  add_vip_duration: 0,
});

/**
 * A visitor or a user, in normal or agency mode (every story sets it: the stores outlive one
 * story). No session marker cookie: the stories share one browser, and a user in the store is
 * signed in for these screens.
 */
export function prepare(user: UserInfo | null, { agency = false }: { agency?: boolean } = {}): void {
  setStoryPortal({ agency });
  removeCookie(cookieNames.token);
  if (user) useSession.getState().setUser(user);
  else useSession.setState({ user: null, permissions: [], status: 'ready' });
}

/** Dialogs render in a portal, outside the story's canvas. */
export const page = () => within(document.body);
