import { cookieNames } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clearSessionCookies, setSessionCookies } from '../../plugins/app/auth.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { normaliseEmail, type AccountsService } from './service.js';
import { EmptyRequest, LoginRequest } from './schema.js';

function clientMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return userAgent === undefined ? { ip: request.ip } : { ip: request.ip, userAgent };
}

export function accountsRoutes(fastify: FastifyInstance, accounts: AccountsService) {
  const { max, timeWindowMs } = fastify.config.loginRateLimit;

  fastify.post('/api/user/login', {
    config: {
      access: 'public',
      payload: LoginRequest,
      rateLimit: {
        max,
        timeWindow: timeWindowMs,
        // preHandler: the payload is decoded by then, so the key can name the account.
        hook: 'preHandler',
        keyGenerator: (request) => {
          const email = (request.payload as { email?: unknown } | null)?.email;
          return `${request.ip}|${typeof email === 'string' ? normaliseEmail(email) : ''}`;
        },
      },
    },
    handler: async (request, reply) => {
      const { email, password } = payloadOf(request, LoginRequest);
      const session = await accounts.login(email, password, clientMeta(request));
      // A session presented with the login is replaced, not left alive beside the new one.
      const previous = request.cookies[cookieNames.session];
      if (previous !== undefined) await accounts.logout(previous);
      setSessionCookies(request, reply, session.token);
      return reply.envelope({});
    },
  });

  fastify.post('/api/user/logout', {
    config: { access: 'public', payload: EmptyRequest },
    handler: async (request, reply) => {
      await accounts.logout(request.cookies[cookieNames.session]);
      clearSessionCookies(reply);
      return reply.envelope({});
    },
  });

  fastify.post('/api/user/userinfo', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(accounts.userInfo(request.user!)),
  });
}
