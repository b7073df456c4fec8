import { ChangeUseInfoRequest, EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attemptLimit } from '../../lib/throttle.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { linkBase } from '../accounts/index.js';
import { normaliseEmail } from '../accounts/service.js';
import { agencyHostOf, isAgencyRequest } from '../shop/index.js';
import type { ProfileService } from './service.js';

/** The payload asks for another e-mail address than the account's (a mail would go out). */
function asksNewEmail(request: FastifyRequest): boolean {
  const email = (request.payload as { email?: unknown } | null)?.email;
  const user = request.user;
  return typeof email === 'string' && user !== null && normaliseEmail(email) !== user.email;
}

export function profileRoutes(fastify: FastifyInstance, profile: ProfileService) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);
  // E-mail changes send mail to an address the caller names: counted like sign-ups, per account
  // and per address. Saves that keep the address are not counted.
  const { perAccount, perAddress, timeWindowMs } = fastify.config.accountRateLimit;
  const emailThrottle = attemptLimit(fastify, 'change_email', [
    { max: perAccount, timeWindowMs, key: (r) => (asksNewEmail(r) ? r.user!.id : '') },
    { max: perAddress, timeWindowMs, key: (r) => (asksNewEmail(r) ? r.ip : '') },
  ]);

  // A new e-mail takes the account (a password reset follows): it needs the current password,
  // checked before anything else; saves that keep the address do not.
  fastify.post('/api/user/change_use_info', {
    config: { access: 'user', payload: ChangeUseInfoRequest },
    preHandler: [emailThrottle, fastify.currentPassword.limit],
    handler: async (request, reply) => {
      const input = payloadOf(request, ChangeUseInfoRequest);
      if (asksNewEmail(request)) await fastify.currentPassword.verify(request, input.password);
      return reply.envelope(await profile.changeUseInfo(request.user!, input, linkBase(fastify)));
    },
  });

  fastify.post('/api/user/unbind', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => {
      await profile.unbindTelegram(request.user!, isAgencyRequest(request, agencyHost));
      return reply.envelope({});
    },
  });
}
