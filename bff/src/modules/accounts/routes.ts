import { Codes, cookieNames } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { clearSessionCookies, setSessionCookies } from '../../plugins/app/auth.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { normaliseEmail, type AccountsService } from './service.js';
import { AdoptTokenRequest, EmptyRequest, LoginRequest } from './schema.js';

function clientMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return userAgent === undefined ? { ip: request.ip } : { ip: request.ip, userAgent };
}

/**
 * Login throttling counts failures only, so people who sign in often are never slowed down.
 * Two windows: one per address and account (the brute force of one account), and a wider one per
 * address (one address trying many accounts). Counters are per instance (see rate-limit.ts).
 */
function loginThrottle(fastify: FastifyInstance) {
  const { max, timeWindowMs } = fastify.config.loginRateLimit;
  const emailOf = (request: FastifyRequest) => {
    const email = (request.payload as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? normaliseEmail(email) : '';
  };
  const limiters = [
    fastify.createRateLimit({ max, timeWindow: timeWindowMs, keyGenerator: (r) => `login|${r.ip}|${emailOf(r)}` }),
    fastify.createRateLimit({ max: max * 5, timeWindow: timeWindowMs, keyGenerator: (r) => `login|${r.ip}` }),
  ];
  return {
    /** preHandler: refuses while any window is used up, before the password is looked at. */
    check: async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of limiters) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) {
          reply.header('retry-after', Math.max(1, state.ttlInSeconds));
          throw new DomainError(Codes.RATE_LIMITED);
        }
      }
    },
    recordFailure: async (request: FastifyRequest) => {
      for (const limiter of limiters) await limiter(request);
    },
  };
}

export function accountsRoutes(fastify: FastifyInstance, accounts: AccountsService) {
  const throttle = loginThrottle(fastify);

  fastify.post('/api/user/login', {
    config: { access: 'public', payload: LoginRequest },
    // The payload is decoded by preHandler time, so the throttle key can name the account.
    preHandler: throttle.check,
    handler: async (request, reply) => {
      const { email, password } = payloadOf(request, LoginRequest);
      const session = await accounts.login(email, password, clientMeta(request)).catch(async (err: unknown) => {
        if (err instanceof DomainError && err.code === Codes.LOGIN_FAILED) await throttle.recordFailure(request);
        throw err;
      });
      // A session presented with the login is replaced, not left alive beside the new one.
      const previous = request.cookies[cookieNames.session];
      if (previous !== undefined) await accounts.logout(previous);
      setSessionCookies(request, reply, session.token);
      return reply.envelope({});
    },
  });

  // The spec's `?token=` address parameter: only a live session's token becomes the cookie.
  fastify.post('/api/user/adopt_token', {
    config: { access: 'public', payload: AdoptTokenRequest },
    handler: async (request, reply) => {
      const { token } = payloadOf(request, AdoptTokenRequest);
      await accounts.adopt(token);
      setSessionCookies(request, reply, token);
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
