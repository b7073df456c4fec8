import { DEFAULT_REQUEST_COUNT } from '@portal/contracts';
import {
  CouponDeleteRequest,
  CouponListRequest,
  CouponRecordListRequest,
  CouponRestoreRequest,
  CouponUpdate,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeRoute } from '../audit/index.js';
import type { CouponAdminService } from './service.js';

const BASE = '/api/yunying/coupon';

/** The coupon and coupon-record calls of spec-2 §7, for staff with coupons.read / coupons.edit; writes audited. */
export function couponAdminRoutes(fastify: FastifyInstance, service: CouponAdminService) {
  backOfficeRoute(
    fastify,
    `${BASE}/coupon_list`,
    CouponListRequest,
    (request) => service.list(request),
    'coupons.read',
  );
  backOfficeRoute(
    fastify,
    `${BASE}/update_coupon`,
    CouponUpdate,
    (input, operator) => service.save(operator, input),
    'coupons.edit',
  );
  backOfficeRoute(
    fastify,
    `${BASE}/delete_coupon`,
    CouponDeleteRequest,
    ({ id_list }, operator) => service.remove(operator, id_list),
    'coupons.edit',
  );
  backOfficeRoute(
    fastify,
    `${BASE}/coupon_record_list`,
    CouponRecordListRequest,
    ({ limit }) => service.records(limit ?? DEFAULT_REQUEST_COUNT.list),
    'coupons.read',
  );
  backOfficeRoute(
    fastify,
    `${BASE}/restore_record`,
    CouponRestoreRequest,
    ({ id }, operator) => service.restore(operator, id),
    'coupons.edit',
  );
}
