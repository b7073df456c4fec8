import { Codes, messages } from '@portal/contracts';
import { RedeemCouponRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { failureLimit } from '../../lib/throttle.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import type { CouponsService } from './service.js';

const MINUTE = 60 * 1000;
/**
 * Codes that did not work, per user and per address (many users behind one address, or one
 * guesser with many accounts), before redeem refuses: trial codes are 6 letters and would
 * otherwise be guessed at hundreds a second.
 */
export const REDEEM_FAILURE_LIMIT = {
  perUser: { max: 10, timeWindowMs: 10 * MINUTE },
  perAddress: { max: 30, timeWindowMs: 10 * MINUTE },
};
/**
 * Refusals that count as a failed guess: no code this user can redeem (unknown, another type,
 * another user's prize) and an expired one. A code used up, or already used by this user, is one
 * the user knew: racing for a popular code must not lock out everyone behind the same address.
 */
const REDEEM_FAILURES = [Codes.COUPON_NOT_FOUND, Codes.COUPON_EXPIRED];

export function couponsRoutes(fastify: FastifyInstance, coupons: CouponsService) {
  const redeemThrottle = failureLimit(
    fastify,
    'coupon-redeem',
    [
      { ...REDEEM_FAILURE_LIMIT.perUser, key: (r) => r.user?.id ?? '' },
      { ...REDEEM_FAILURE_LIMIT.perAddress, key: (r) => r.ip },
    ],
    // spec-1 §8: any other answer shows 请不要在此处作过多尝试 under the field (and the toast 兑换激活码失败).
    { counted: REDEEM_FAILURES, refusal: () => new DomainError(Codes.TOO_MANY_ATTEMPTS, messages.coupon.otherField) },
  );

  fastify.post('/api/coupon/redeem_coupon', {
    config: { access: 'user', payload: RedeemCouponRequest },
    // The attempt is taken before the code is looked at, and given back unless the code fails.
    preHandler: redeemThrottle.check,
    handler: async (request, reply) =>
      reply.envelope(await coupons.redeem(request.user!.id, payloadOf(request, RedeemCouponRequest).code)),
  });
}
