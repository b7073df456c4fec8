import { cookieNames } from '@portal/contracts';
import { EmptyRequest, EndSessionRequest, UserRequest } from '@portal/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import { backOfficeRoute } from '../audit/index.js';
import type { SessionsService } from './service.js';

const callerToken = (request: FastifyRequest) => request.cookies[cookieNames.session];

/**
 * The signed-in devices: the user's own (/user_info 登录设备) and, for the operator, any user's
 * (the user detail, read-only, with 全部退出). Only public ids leave the server.
 */
export function sessionsRoutes(fastify: FastifyInstance, sessions: SessionsService) {
  fastify.post('/api/user/sessions', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await sessions.devices(request.user!.id, callerToken(request))),
  });

  // Another user's id gets the answer of an unknown one (4004) and nothing changes.
  fastify.post('/api/user/end_session', {
    config: { access: 'user', payload: EndSessionRequest },
    handler: async (request, reply) => {
      await sessions.endDevice(request.user!.id, payloadOf(request, EndSessionRequest).id);
      return reply.envelope({});
    },
  });

  fastify.post('/api/user/end_other_sessions', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => {
      const token = callerToken(request);
      // Always a cookie here ('user' access found the session by it); never end the caller's own.
      if (token === undefined) return reply.envelope({ ended: 0 });
      return reply.envelope({ ended: await sessions.destroyAllForUser(request.user!.id, token) });
    },
  });

  // The operator's user detail: the list to users.read, ending them to users.edit (audited).
  backOfficeRoute(
    fastify,
    '/api/admin/users/sessions',
    UserRequest,
    ({ uid }, _operator, request) => sessions.devices(uid, callerToken(request)),
    'users.read',
  );
  backOfficeRoute(
    fastify,
    '/api/admin/users/end_sessions',
    UserRequest,
    async ({ uid }, operator, request) => {
      // Not on the owner, nor on staff holding a right the caller lacks (as every users.edit write).
      await fastify.staff.guardUserEdit(request.staff, operator.id, uid);
      return fastify.audit.within(operator, async (log) => {
        const ended = await sessions.destroyAllForUser(uid);
        await log({ recordType: 'user', recordId: uid, action: 'action', detail: 'end_sessions' });
        return { ended };
      });
    },
    'users.edit',
  );
}
