import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { SignUseService } from './service.js';

export function signUseRoutes(fastify: FastifyInstance, signUse: SignUseService) {
  fastify.post('/api/user/sign_use_info', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await signUse.info(request.user!)),
  });

  fastify.post('/api/user/sign_use', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await signUse.signUse(request.user!)),
  });
}
