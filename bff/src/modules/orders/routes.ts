import { Codes, shopMessages } from '@portal/contracts';
import {
  CreateOrderRequest,
  DoBuyRequest,
  EmptyRequest,
  OrderFeedbackRequest,
  OrderIdRequest,
  OrderUseCouponRequest,
  TradeStatusRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { failureLimit } from '../../lib/throttle.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { ownOrigin } from '../../plugins/app/origin-check.js';
import { agencyHostOf, isAgencyRequest } from '../shop/index.js';
import { platformOf } from './client.js';
import type { OrdersService } from './service.js';

/** Refusals of a coupon code that count as a failed attempt (a guessed or wrong code). */
const COUPON_FAILURES: ReadonlySet<number> = new Set([
  Codes.COUPON_NOT_FOUND,
  Codes.COUPON_USED,
  Codes.COUPON_TRIAL_ON_ORDER,
  Codes.COUPON_EXPIRED,
]);
/** Codes that did not work, per user and per address (one guesser with many accounts), as redeem_coupon counts them. */
export const COUPON_FAILURE_LIMIT = {
  perUser: { max: 10, timeWindowMs: 10 * 60 * 1000 },
  perAddress: { max: 30, timeWindowMs: 10 * 60 * 1000 },
};

export function ordersRoutes(fastify: FastifyInstance, orders: OrdersService) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);
  const { publicBaseUrl } = fastify.config;
  const couponThrottle = failureLimit(
    fastify,
    'order-coupon',
    [
      { ...COUPON_FAILURE_LIMIT.perUser, key: (r) => r.user?.id ?? '' },
      { ...COUPON_FAILURE_LIMIT.perAddress, key: (r) => r.ip },
    ],
    {
      counted: COUPON_FAILURES,
      refusal: () => new DomainError(Codes.TOO_MANY_ATTEMPTS, shopMessages.coupon.tooMany),
    },
  );

  /** The calls whose payload is just the order id. */
  const onOrder = (url: string, action: (userId: string, orderId: string) => Promise<unknown>) =>
    fastify.post(url, {
      config: { access: 'user', payload: OrderIdRequest },
      handler: async (request, reply) =>
        reply.envelope(await action(request.user!.id, payloadOf(request, OrderIdRequest).order_id)),
    });

  fastify.post('/api/shop/create_order', {
    config: { access: 'user', payload: CreateOrderRequest },
    handler: async (request, reply) => {
      const viewer = { user: request.user, agency: isAgencyRequest(request, agencyHost) };
      return reply.envelope(
        await orders.createOrder(viewer, request.user!.id, payloadOf(request, CreateOrderRequest).combo_id),
      );
    },
  });

  fastify.post('/api/coupon/orderUseCoupon', {
    config: { access: 'user', payload: OrderUseCouponRequest },
    // The attempt is taken before the code is looked at, and given back unless the code fails.
    preHandler: couponThrottle.check,
    handler: async (request, reply) => {
      const { order_id, code } = payloadOf(request, OrderUseCouponRequest);
      return reply.envelope(await orders.useCoupon(request.user!.id, order_id, code));
    },
  });

  onOrder('/api/coupon/orderCancleCoupon', orders.cancelCoupon);

  onOrder('/api/shop/wallet_check', orders.walletCheck);

  fastify.post('/api/shop/dobuy', {
    config: { access: 'user', payload: DoBuyRequest },
    handler: async (request, reply) => {
      const { order_id, pay_mode, isMobile = false, return_url = '' } = payloadOf(request, DoBuyRequest);
      const origin = ownOrigin(request);
      const result = await orders.doBuy(request.user!.id, {
        orderId: order_id,
        payMode: pay_mode,
        isMobile,
        returnUrl: return_url,
        ownOrigins: publicBaseUrl === '' ? [origin] : [origin, new URL(publicBaseUrl).origin.toLowerCase()],
        baseUrl: publicBaseUrl || origin,
        clientIp: request.ip,
        device: isMobile ? 'mobile' : 'pc',
        platform: platformOf(request),
      });
      return reply.envelope(result);
    },
  });

  fastify.post('/api/shop/trade_status', {
    config: { access: 'user', payload: TradeStatusRequest },
    handler: async (request, reply) =>
      reply.envelope(await orders.tradeStatus(request.user!.id, payloadOf(request, TradeStatusRequest).trade_id)),
  });

  fastify.post('/api/order/order_list', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await orders.list(request.user!.id)),
  });

  onOrder('/api/order/cancel_order', orders.cancel);

  fastify.post('/api/order/feedback', {
    config: { access: 'user', payload: OrderFeedbackRequest },
    handler: async (request, reply) => {
      const { order_id, msg } = payloadOf(request, OrderFeedbackRequest);
      return reply.envelope(await orders.feedback(request.user!.id, order_id, msg));
    },
  });
}
