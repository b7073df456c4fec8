import { Codes, giftMessages } from '@portal/contracts';
import { EmptyRequest, PushCreateRequest, PushReceiveRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';
import { DomainError } from '../../lib/domain-error.js';
import { attemptLimit, failureLimit } from '../../lib/throttle.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import type { GiftsService } from './service.js';

const MINUTE = 60 * 1000;
/** Gifts made per user (every attempt counts): spec-2 §8 gives create a 1039 too. */
export const GIFT_CREATE_LIMIT = { max: 20, timeWindowMs: MINUTE };
/** Codes that did not work (1040), per user and per address, before receive answers 1039. */
export const GIFT_RECEIVE_FAILURES = {
  perUser: { max: 10, timeWindowMs: 10 * MINUTE },
  perAddress: { max: 30, timeWindowMs: 10 * MINUTE },
};

const tooFrequent = () => new DomainError(Codes.GIFT_TOO_FREQUENT, giftMessages.tooFrequent);

export function giftsRoutes(fastify: FastifyInstance, gifts: GiftsService) {
  const userKey = (r: { user: { id: string } | null }) => r.user?.id ?? '';
  const createLimit = attemptLimit(fastify, 'gift-create', [{ ...GIFT_CREATE_LIMIT, key: userKey }], tooFrequent);
  const receiveThrottle = failureLimit(
    fastify,
    'gift-receive',
    [
      { ...GIFT_RECEIVE_FAILURES.perUser, key: userKey },
      { ...GIFT_RECEIVE_FAILURES.perAddress, key: (r) => r.ip },
    ],
    { counted: [Codes.GIFT_CODE_INVALID], refusal: tooFrequent },
  );

  fastify.post('/api/push/list', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await gifts.list(request.user!.id)),
  });

  fastify.post('/api/push/create', {
    config: { access: 'user', payload: PushCreateRequest },
    preHandler: createLimit,
    handler: async (request, reply) =>
      reply.envelope(await gifts.create(request.user!.id, payloadOf(request, PushCreateRequest))),
  });

  fastify.post('/api/push/receive', {
    config: { access: 'user', payload: PushReceiveRequest },
    // The attempt is taken before the code is looked at, and given back unless the code is invalid (1040).
    preHandler: receiveThrottle.check,
    handler: async (request, reply) => {
      const { code } = payloadOf(request, PushReceiveRequest);
      const gift = await gifts.receive(request.user!.id, code).catch(async (err: unknown) => {
        if (err instanceof DomainError || isDatabaseUnavailable(err)) throw err;
        // spec-2 §8: receive answers 999 for what nobody foresaw; the error log still gets it.
        request.log.error({ err, reqId: request.id }, 'gift receive failed');
        await fastify.unexpectedErrors.report(err, request);
        throw new DomainError(Codes.UNKNOWN, giftMessages.unknown);
      });
      return reply.envelope(gift);
    },
  });
}
