import { ResourcePage } from '../engine/components/resource-page';
import { couponRecordsResource } from '../features/coupon-records/coupon-records-resource';

/** /coupon_records */
export default function CouponRecordsPage() {
  return <ResourcePage resource={couponRecordsResource} />;
}
