import { GiB, type AdminTrade, type Order } from '@portal/contracts';

/** Trades and an order as the BFF answers them, for the trade list's stories. */

export const storyOrder: Order = {
  _id: '665f1c2ab7e4d90012a3f101',
  desc: '流量包 100G',
  order_money: 30,
  coupon_discount: 5,
  coupon_code: 'CASH5A',
  coupon_name: '五元现金券',
  couponType: 'cash',
  wallet_spend: 2.5,
  pay_money: 22.5,
  status: 'paied',
  create_time: '2026-11-24T08:00:00.000Z',
  add_traffic: 115 * GiB,
  add_vip_duration: 0,
  gainPermission: [],
  permissionDuration: 0,
  // User text, rendered as text.
  user_feedback: '<b>到账慢</b>',
};

export function trade(overrides: Partial<AdminTrade> = {}): AdminTrade {
  return {
    _id: '665f1c2ab7e4d90012a3f201',
    username: 'buyer@example.com',
    desc: '流量包 100G',
    tradeno: '665f1c2ab7e4d90012a3f201',
    platform_tradeno: 'SANDBOX-7781',
    fromChannel: 'HOST1',
    request_pay_amound: 22.5,
    rewardMoney: 2.25,
    pay_mode: 'alipay',
    device: 'mobile',
    third_pay_platform: 'sandbox',
    status: 'paied',
    create_time: '2026-11-24T08:01:00.000Z',
    add_traffic: 115 * GiB,
    add_vip_duration: 0,
    order_id: storyOrder._id,
    note: '',
    ...overrides,
  };
}

export const storyTrades: AdminTrade[] = [
  trade({
    _id: '665f1c2ab7e4d90012a3f203',
    tradeno: '665f1c2ab7e4d90012a3f203',
    username: 'slow@example.com',
    platform_tradeno: '',
    fromChannel: '',
    rewardMoney: 0,
    request_pay_amound: 99.9,
    desc: '商务专线月包',
    status: 'topay',
    device: 'pc',
    pay_mode: 'wxpay',
    create_time: '2026-11-24T09:30:00.000Z',
    add_traffic: 0,
    add_vip_duration: 30,
    order_id: '665f1c2ab7e4d90012a3f103',
  }),
  trade(),
  trade({
    _id: '665f1c2ab7e4d90012a3f202',
    tradeno: '665f1c2ab7e4d90012a3f202',
    username: 'rich@example.com',
    platform_tradeno: '',
    fromChannel: '',
    rewardMoney: 0,
    request_pay_amound: 0,
    pay_mode: 'wallet',
    third_pay_platform: 'wallet',
    device: 'pc',
    create_time: '2026-11-23T12:00:00.000Z',
    order_id: '665f1c2ab7e4d90012a3f102',
  }),
];
