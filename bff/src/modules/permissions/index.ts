import type { Permission } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Time-limited permissions of the signed-in user (granted by purchases, see modules/fulfilment). */
async function permissionsModule(fastify: FastifyInstance) {
  fastify.post('/api/permission/mypermissions', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => {
      const held = await fastify.network.activePermissions(request.user!.id, new Date());
      const answer: Permission[] = held.map((p) => ({ ...p, expireTime: p.expireTime.toISOString() }));
      return reply.envelope(answer);
    },
  });
}

export default fp(permissionsModule, { name: 'permissions', dependencies: ['db', 'auth', 'envelope', 'network'] });
