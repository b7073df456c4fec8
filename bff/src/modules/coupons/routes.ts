import { RedeemCouponRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import type { CouponsService } from './service.js';

export function couponsRoutes(fastify: FastifyInstance, coupons: CouponsService) {
  fastify.post('/api/coupon/redeem_coupon', {
    config: { access: 'user', payload: RedeemCouponRequest },
    handler: async (request, reply) =>
      reply.envelope(await coupons.redeem(request.user!.id, payloadOf(request, RedeemCouponRequest).code)),
  });
}
