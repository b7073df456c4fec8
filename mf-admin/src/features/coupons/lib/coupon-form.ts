import { GiB, RANDOM_CODE_LENGTH, type AdminCoupon, type CouponType, type CouponUpdate } from '@portal/contracts';
import { bytesToGB, formatDate, formatYuan, randomLetters, toCents } from '@portal/platform';

export const couponTypeLabels: Record<CouponType, string> = {
  freeUse: '流量体验券',
  freeTime: '时长体验券',
  cash: '现金券',
  discount: '折扣券',
};

export const couponRefusals = {
  code: '请填写优惠券码',
  forMoney: '金额最多两位小数',
  hours: '请填写过期小时数',
} as const;

const isCouponType = (value: string | undefined): value is CouponType =>
  value !== undefined && Object.hasOwn(couponTypeLabels, value);

/** A random code as the random button makes it (spec-2 §9: 6 characters). */
export const randomCouponCode = () => randomLetters(RANDOM_CODE_LENGTH);

/** spec-2 §9: a discount of 0.9 shows as 9.0折. */
export const discountText = (discount: number) => `${(discount * 10).toFixed(1)}折`;

/** Bytes → GB with two decimals, the way the screens write traffic (1 GB = 1024³ bytes). */
export const trafficText = (bytes: number) => `${bytesToGB(bytes, 2)}G`;

/** What a coupon does, for the list's 功能 column. */
export function couponEffect(coupon: AdminCoupon): string {
  switch (coupon.type) {
    case 'freeUse':
      return coupon.traffixHaveLimitTime
        ? `流量 ${trafficText(coupon.traffic)}（${coupon.traffixLimitTime} 小时后过期）`
        : `流量 ${trafficText(coupon.traffic)}`;
    case 'freeTime':
      return `会员 ${coupon.vipDay} 天`;
    case 'cash':
      return `抵扣 ${formatYuan(coupon.forMoney)} 元`;
    case 'discount':
      return discountText(coupon.discount);
  }
}

/**
 * A new coupon (spec-2 §3, §9): a random code, one use per user, 7 VIP days, 8 GB, and the type
 * (and Taobao flag) the screen's filters show.
 */
export function newCoupon(filters: Record<string, string> = {}): CouponUpdate {
  return {
    _id: '',
    name: '',
    type: isCouponType(filters.type) ? filters.type : 'freeUse',
    code: randomCouponCode(),
    taobao: filters.taobao === '1',
    traffic: 8 * GiB,
    traffixHaveLimitTime: false,
    traffixLimitTime: 24,
    vipDay: 7,
    forMoney: 0,
    discount: 0.9,
    useNumPerUser: 1,
    NumberOfAuthorizations: 1,
    expireTime: null,
    batchCount: 1,
  };
}

/** A listed coupon as the dialog edits it (what the list adds, the use count and times, is left out). */
export function couponToForm(coupon: AdminCoupon): CouponUpdate {
  const { authTimes: _used, createTime: _created, ...fields } = coupon;
  return { ...fields, batchCount: 1 };
}

/** The call's payload: a batch count only when a Taobao batch is created. */
export function couponPayload(values: CouponUpdate): CouponUpdate {
  const { batchCount, ...fields } = values;
  return values.taobao && !values._id ? { ...fields, batchCount } : fields;
}

/** Rules across fields that the schema cannot say. */
export function couponRules(values: CouponUpdate): Partial<Record<keyof CouponUpdate, string>> {
  const refusals: Partial<Record<keyof CouponUpdate, string>> = {};
  if (!(values.taobao && !values._id) && values.code.trim() === '') refusals.code = couponRefusals.code;
  if (Math.abs(values.forMoney * 100 - toCents(values.forMoney)) > 1e-6) refusals.forMoney = couponRefusals.forMoney;
  if (values.type === 'freeUse' && values.traffixHaveLimitTime && values.traffixLimitTime < 1) {
    refusals.traffixLimitTime = couponRefusals.hours;
  }
  return refusals;
}

/** The expiry date's input value ('YYYY-MM-DD', the browser's day) of an instant, '' for none. */
export const expiryDay = (expireTime: string | null): string => (expireTime === null ? '' : formatDate(expireTime));

/** A chosen day → the coupon is valid through it: the end of that day in the browser's time zone. */
export function expiryOf(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999).toISOString();
}

/** a.txt: the codes one per line (spec-2 §2 item 14, §9). */
export function codesFile(coupons: readonly Pick<AdminCoupon, 'code'>[]): string {
  return coupons.map((coupon) => `${coupon.code}\n`).join('');
}

export const CODES_FILE_NAME = 'a.txt';
