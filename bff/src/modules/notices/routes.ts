import { EmptyRequest, NoticeClickedRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import type { NoticesService } from './service.js';

export function noticesRoutes(fastify: FastifyInstance, notices: NoticesService) {
  fastify.post('/api/user_notive/list', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await notices.unread(request.user!.id)),
  });

  fastify.post('/api/user_notive/clicked', {
    config: { access: 'user', payload: NoticeClickedRequest },
    handler: async (request, reply) => {
      await notices.clicked(request.user!.id, payloadOf(request, NoticeClickedRequest).noticeId);
      return reply.envelope({});
    },
  });
}
