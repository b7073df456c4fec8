import {
  EmptyRequest,
  FeedbackCreateRequest,
  FeedbackIdRequest,
  FeedbackResponseRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { publicAddress } from '../../config.js';
import { attemptLimit } from '../../lib/throttle.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { effectiveStaff } from '../second-factor/index.js';
import type { TicketRights, TicketsService } from './service.js';

/**
 * The operator branch of the user calls: staff with tickets.read see every ticket, with
 * tickets.answer reply to any; staff the required second factor holds back have a user's rights.
 */
async function rightsOf(request: FastifyRequest): Promise<TicketRights> {
  const staff = await effectiveStaff(request);
  return {
    read: staff?.permissions.has('tickets.read') ?? false,
    answer: staff?.permissions.has('tickets.answer') ?? false,
  };
}

const MINUTE = 60 * 1000;
/** New tickets per user (every attempt counts). */
export const TICKET_CREATE_LIMIT = { max: 10, timeWindowMs: 10 * MINUTE };
/** Replies per user; admins answering many tickets are not held back. */
export const TICKET_REPLY_LIMIT = { max: 30, timeWindowMs: 10 * MINUTE };

export function ticketsRoutes(fastify: FastifyInstance, tickets: TicketsService) {
  // The support mail's link: from the configuration, never from the request's Host.
  const linkBase = publicAddress(fastify.config);
  const userKey = (r: FastifyRequest) => r.user?.id ?? '';
  const createLimit = attemptLimit(fastify, 'ticket-create', [{ ...TICKET_CREATE_LIMIT, key: userKey }]);
  const userReplyLimit = attemptLimit(fastify, 'ticket-reply', [{ ...TICKET_REPLY_LIMIT, key: userKey }]);
  // Staff who may answer (and whom the required second factor does not hold back) are not limited.
  const replyLimit: preHandlerAsyncHookHandler = async (request, reply) => {
    if ((await rightsOf(request)).answer) return;
    await userReplyLimit.call(fastify, request, reply);
  };

  fastify.post('/api/feedback/my_list', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await tickets.list(request.user!, await rightsOf(request))),
  });

  fastify.post('/api/feedback/create', {
    config: { access: 'user', payload: FeedbackCreateRequest },
    preHandler: createLimit,
    handler: async (request, reply) =>
      reply.envelope(await tickets.create(request.user!, payloadOf(request, FeedbackCreateRequest), linkBase)),
  });

  fastify.post('/api/feedback/response', {
    config: { access: 'user', payload: FeedbackResponseRequest },
    preHandler: replyLimit,
    handler: async (request, reply) =>
      reply.envelope(
        await tickets.respond(
          request.user!,
          payloadOf(request, FeedbackResponseRequest),
          linkBase,
          await rightsOf(request),
        ),
      ),
  });

  fastify.post('/api/feedback/refresh', {
    config: { access: 'user', payload: FeedbackIdRequest },
    handler: async (request, reply) =>
      reply.envelope(
        await tickets.refresh(request.user!, payloadOf(request, FeedbackIdRequest).id, await rightsOf(request)),
      ),
  });

  // spec-2 §6: only admins close tickets (tickets.answer).
  fastify.post('/api/feedback/close', {
    config: { access: { permission: 'tickets.answer' }, payload: FeedbackIdRequest },
    handler: async (request, reply) =>
      reply.envelope(await tickets.close(request.user!, payloadOf(request, FeedbackIdRequest).id)),
  });

  // The header's badge for admins: tickets waiting for an answer.
  fastify.post('/api/feedback/pending_count', {
    config: { access: { permission: 'tickets.read' }, payload: EmptyRequest },
    handler: async (_request, reply) => reply.envelope(await tickets.pendingCount()),
  });
}
