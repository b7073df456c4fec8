import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { agencyHostOf, isAgencyRequest } from './agency.js';
import type { ShopService } from './service.js';

export function shopRoutes(fastify: FastifyInstance, shop: ShopService) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);

  // Public: visitors see the shop too; a session (read by the auth hook) narrows the list.
  fastify.post('/api/shop/list', {
    config: { access: 'public', payload: EmptyRequest },
    handler: async (request, reply) =>
      reply.envelope(await shop.list({ user: request.user, agency: isAgencyRequest(request, agencyHost) })),
  });
}
