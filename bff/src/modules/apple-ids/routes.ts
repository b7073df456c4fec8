import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppleIdsService } from './service.js';

export function appleIdsRoutes(fastify: FastifyInstance, appleIds: AppleIdsService) {
  fastify.post('/api/user/apple_ids', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await appleIds.list(request.user!)),
  });
}
