import type { CouponRecord } from '@portal/contracts';
import { formatYuan } from '@portal/platform';
import { discountText, trafficText } from '../../coupons/lib/coupon-form';

/**
 * What a use gave (spec-2 §2 item 13): freeUse the traffic in G with two decimals, freeTime the
 * days, cash the yuan with two decimals, discount the discount (9.0折), anything else its type.
 */
export function effectText(
  record: Pick<CouponRecord, 'type' | 'add_traffic' | 'add_day' | 'add_money' | 'discount'>,
): string {
  switch (record.type) {
    case 'freeUse':
      return trafficText(record.add_traffic);
    case 'freeTime':
      return `${record.add_day}天`;
    case 'cash':
      return `${formatYuan(record.add_money)}元`;
    case 'discount':
      return record.discount === null ? record.type : discountText(record.discount);
    default:
      return String(record.type);
  }
}
