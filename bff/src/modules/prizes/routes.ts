import { EmptyRequest, IdRequest, PrizeUpdate } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import { backOfficeRoute } from '../audit/index.js';
import type { PrizesService } from './service.js';

const BASE = '/api/yunying/prize';

/**
 * The prize calls of spec-2 §7 (prizes.read / prizes.edit; writes audited) and the user's lottery (ours:
 * /api/prize/info and /api/prize/draw, any signed-in user; the draw refuses unpaid users).
 */
export function prizesRoutes(fastify: FastifyInstance, service: PrizesService) {
  backOfficeRoute(fastify, `${BASE}/list`, EmptyRequest, () => service.list(), 'prizes.read');
  // The whole session user: the image must be one this operator uploaded.
  fastify.post(`${BASE}/update`, {
    // A prize credits whoever draws it: a fresh second-factor check, as the coupons (guard.ts).
    config: { access: { permission: 'prizes.edit' }, payload: PrizeUpdate, stepUp: true },
    handler: async (request, reply) =>
      reply.envelope(await service.save(request.user!, payloadOf(request, PrizeUpdate))),
  });
  backOfficeRoute(
    fastify,
    `${BASE}/delete`,
    IdRequest,
    async ({ id }, operator) => {
      await service.remove(operator, id);
      return {};
    },
    'prizes.edit',
  );

  fastify.post('/api/prize/info', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await service.info(request.user!)),
  });
  fastify.post('/api/prize/draw', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await service.draw(request.user!)),
  });
}
