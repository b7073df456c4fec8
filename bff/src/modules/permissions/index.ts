import type { FastifyInstance } from 'fastify';
import { EmptyRequest } from '@portal/contracts/schemas';

/** Time-limited permissions of the signed-in user. None are granted yet; a later module fills this. */
export default async function permissionsModule(fastify: FastifyInstance) {
  fastify.post('/api/permission/mypermissions', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (_request, reply) => reply.envelope([]),
  });
}
