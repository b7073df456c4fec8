import { ResourcePage } from '../engine/components/resource-page';
import { couponsResource } from '../features/coupons/coupons-resource';

/** /admin_coupon */
export default function CouponsPage() {
  return <ResourcePage resource={couponsResource} />;
}
