import { Codes, cookieNames } from '@portal/contracts';
import {
  EmptyRequest,
  SecondFactorCodeRequest,
  SecondFactorEnrolStartRequest,
  SecondFactorLoginRequest,
  SecondFactorResetRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { sha256Hex } from '../../lib/random.js';
import { failureLimit } from '../../lib/throttle.js';
import { isOwner } from '../staff/access.js';
import { setSessionCookies } from '../../plugins/app/auth.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { isStaff, sessionIdOf } from './guard.js';
import type { FactorUser, SecondFactorNeeded, SecondFactorService } from './service.js';

/** The login's 1130 answer: the code with `data.ticket`, in the envelope (errors carry no data). */
export function sendSecondFactorNeeded(reply: FastifyReply, needed: SecondFactorNeeded): FastifyReply {
  const body = JSON.stringify({ code: needed.code, data: needed.data, msg: needed.message });
  return reply.type('application/json; charset=utf-8').send({ data: Buffer.from(body, 'utf8').toString('base64') });
}

/** The account a login ticket waits for, found before the throttle so that it can count per account. */
const ticketUsers = new WeakMap<FastifyRequest, FactorUser>();

function clientMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return userAgent === undefined ? { ip: request.ip } : { ip: request.ip, userAgent };
}

export function secondFactorRoutes(fastify: FastifyInstance, factors: SecondFactorService) {
  // Wrong codes count like wrong passwords (the login limits), per account and per address.
  const { max, timeWindowMs } = fastify.config.loginRateLimit;
  const throttle = failureLimit(
    fastify,
    'second-factor',
    [
      { max, timeWindowMs, key: (r) => ticketUsers.get(r)?.id ?? r.user?.id ?? '' },
      { max: max * 5, timeWindowMs, key: (r) => r.ip },
    ],
    { counted: [Codes.SECOND_FACTOR_WRONG] },
  );
  const me = (request: FastifyRequest): FactorUser => ({ id: request.user!.id, email: request.user!.email });
  const staffOnly = (request: FastifyRequest) => {
    if (!isStaff(request)) throw new DomainError(Codes.FORBIDDEN, '两步验证仅供后台人员使用');
  };

  fastify.post('/api/user/login_second_factor', {
    config: { access: 'public', payload: SecondFactorLoginRequest },
    preHandler: [
      async (request) => {
        const found = await factors.ticketUser(payloadOf(request, SecondFactorLoginRequest).ticket);
        if (found === undefined) throw new DomainError(Codes.SECOND_FACTOR_TICKET_EXPIRED);
        ticketUsers.set(request, found);
      },
      throttle.check,
    ],
    handler: async (request, reply) => {
      const { ticket, code } = payloadOf(request, SecondFactorLoginRequest);
      const user = ticketUsers.get(request)!;
      await factors.completeLogin(ticket, user, code);
      const session = await fastify.sessions.create(user.id, clientMeta(request));
      await factors.markChecked(sha256Hex(session.token));
      const previous = request.cookies[cookieNames.session];
      if (previous !== undefined) await fastify.sessions.destroy(previous);
      setSessionCookies(request, reply, session.token);
      return reply.envelope({});
    },
  });

  fastify.post('/api/second_factor/status', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) =>
      reply.envelope(
        await factors.status(me(request), isStaff(request), await fastify.settings.get('staff_second_factor_required')),
      ),
  });

  fastify.post('/api/second_factor/enrol_start', {
    config: { access: 'user', payload: SecondFactorEnrolStartRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      staffOnly(request);
      return reply.envelope(
        await factors.startEnrolment(me(request), payloadOf(request, SecondFactorEnrolStartRequest).code),
      );
    },
  });

  fastify.post('/api/second_factor/enrol_confirm', {
    config: { access: 'user', payload: SecondFactorCodeRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      staffOnly(request);
      const { code } = payloadOf(request, SecondFactorCodeRequest);
      return reply.envelope(await factors.confirmEnrolment(me(request), sessionIdOf(request), code));
    },
  });

  fastify.post('/api/second_factor/verify', {
    config: { access: 'user', payload: SecondFactorCodeRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      const sessionId = sessionIdOf(request);
      if (sessionId === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      await factors.verify(me(request), sessionId, payloadOf(request, SecondFactorCodeRequest).code);
      return reply.envelope({});
    },
  });

  fastify.post('/api/second_factor/recovery_codes', {
    config: { access: 'user', payload: SecondFactorCodeRequest },
    preHandler: throttle.check,
    handler: async (request, reply) =>
      reply.envelope(
        await factors.regenerateRecoveryCodes(me(request), payloadOf(request, SecondFactorCodeRequest).code),
      ),
  });

  // Removing one's own factor needs it; nobody else removes it except through the audited reset below.
  fastify.post('/api/second_factor/remove', {
    config: { access: 'user', payload: SecondFactorCodeRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      await factors.remove(me(request), payloadOf(request, SecondFactorCodeRequest).code);
      return reply.envelope({});
    },
  });

  // A staff member who lost their phone and their codes: reset by an admin with staff.edit, audited
  // and mailed to them. Never the owner's factor, never one's own (that needs the factor itself).
  fastify.post('/api/admin/second_factor/reset', {
    config: { access: { permission: 'staff.edit' }, payload: SecondFactorResetRequest, stepUp: true },
    handler: async (request, reply) => {
      const { userId } = payloadOf(request, SecondFactorResetRequest);
      const operator = me(request);
      if (userId === operator.id)
        throw new DomainError(Codes.NOT_ALLOWED, '不能重置自己的两步验证，请在个人中心用验证码关闭');
      const target = await factors.user(userId);
      if (target === undefined) throw new DomainError(Codes.NOT_FOUND, '用户不存在');
      if (isOwner(await fastify.settings.get('admin_id'), target)) {
        throw new DomainError(Codes.NOT_ALLOWED, '不能重置站长的两步验证');
      }
      const had = await fastify.audit.action(
        operator,
        {
          recordType: 'second_factor',
          recordId: target.id,
          detail: '重置两步验证',
          after: (reset: boolean) => ({ reset }),
        },
        () => factors.reset({ id: target.id, email: target.email }),
      );
      return reply.envelope({ reset: had });
    },
  });
}
