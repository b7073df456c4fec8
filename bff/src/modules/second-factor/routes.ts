import { Codes, cookieNames, type PasskeyAdded } from '@portal/contracts';
import {
  EmptyRequest,
  PasskeyLoginOptionsRequest,
  PasskeyLoginRequest,
  PasskeyOptionsRequest,
  PasskeyRegisterRequest,
  PasskeyRemoveRequest,
  PasskeyVerifyRequest,
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
import { ownOrigin } from '../../plugins/app/origin-check.js';
import { isStaff, sessionIdOf } from './guard.js';
import type { RelyingParty } from './passkeys.js';
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

/**
 * The WebAuthn relying party of a request: the origins a page may call from (the request's own,
 * PUBLIC_ORIGIN's, PUBLIC_BASE_URL's) and the RP id, the host of the calling page, or
 * PUBLIC_BASE_URL's host when the page is on it or under it (one passkey for every subdomain).
 */
export function relyingPartyOf(
  request: FastifyRequest,
  config: { publicBaseUrl: string; publicOrigins: string[] },
): RelyingParty {
  const own = ownOrigin(request);
  const base = config.publicBaseUrl === '' ? undefined : new URL(config.publicBaseUrl);
  const origins = [
    ...new Set([
      own,
      ...config.publicOrigins.map((o) => o.toLowerCase()),
      ...(base ? [base.origin.toLowerCase()] : []),
    ]),
  ];
  const claimed = request.headers.origin?.toLowerCase();
  const page = new URL(claimed !== undefined && origins.includes(claimed) ? claimed : own).hostname;
  const rpID =
    base !== undefined && (page === base.hostname || page.endsWith(`.${base.hostname}`)) ? base.hostname : page;
  return { rpID, origins };
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
  const rp = (request: FastifyRequest) => relyingPartyOf(request, fastify.config);
  const sessionOf = (request: FastifyRequest): string => {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
    return sessionId;
  };
  /** Adding or removing a passkey while a factor is active needs a check within the step-up window (else 1133). */
  const freshCheck = async (request: FastifyRequest) => {
    const state = await factors.guardState(sessionOf(request));
    if (state.active && !state.fresh) throw new DomainError(Codes.STEP_UP_REQUIRED);
  };
  /** The login ticket's account, before the throttle (which counts per account). */
  const ticketGate = async (request: FastifyRequest) => {
    const found = await factors.ticketUser(payloadOf(request, PasskeyLoginOptionsRequest).ticket);
    if (found === undefined) throw new DomainError(Codes.SECOND_FACTOR_TICKET_EXPIRED);
    ticketUsers.set(request, found);
  };
  /** The login's last step, after the factor: a new session (checked now) replaces any previous one. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: FactorUser) => {
    const session = await fastify.sessions.create(user.id, clientMeta(request));
    await factors.markChecked(sha256Hex(session.token));
    const previous = request.cookies[cookieNames.session];
    if (previous !== undefined) await fastify.sessions.destroy(previous);
    setSessionCookies(request, reply, session.token);
    return reply.envelope({});
  };

  fastify.post('/api/user/login_second_factor', {
    config: { access: 'public', payload: SecondFactorLoginRequest },
    preHandler: [ticketGate, throttle.check],
    handler: async (request, reply) => {
      const { ticket, code } = payloadOf(request, SecondFactorLoginRequest);
      const user = ticketUsers.get(request)!;
      await factors.completeLogin(ticket, user, code);
      return signIn(request, reply, user);
    },
  });

  // Passkeys in the login's second step: options for the ticket's account, then its answer.
  fastify.post('/api/user/login_passkey_options', {
    config: { access: 'public', payload: PasskeyLoginOptionsRequest },
    preHandler: [ticketGate, throttle.check],
    handler: async (request, reply) => {
      const { ticket } = payloadOf(request, PasskeyLoginOptionsRequest);
      return reply.envelope(await factors.passkeyLoginOptions(ticket, ticketUsers.get(request)!, rp(request)));
    },
  });

  fastify.post('/api/user/login_passkey', {
    config: { access: 'public', payload: PasskeyLoginRequest },
    preHandler: [ticketGate, throttle.check],
    handler: async (request, reply) => {
      const { ticket, response } = payloadOf(request, PasskeyLoginRequest);
      const user = ticketUsers.get(request)!;
      await factors.completePasskeyLogin(ticket, user, rp(request), response);
      return signIn(request, reply, user);
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
      const { fresh } = await factors.guardState(sessionOf(request));
      return reply.envelope(
        await factors.startEnrolment(me(request), payloadOf(request, SecondFactorEnrolStartRequest).code, fresh),
      );
    },
  });

  fastify.post('/api/second_factor/enrol_confirm', {
    config: { access: 'user', payload: SecondFactorCodeRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      staffOnly(request);
      const { code } = payloadOf(request, SecondFactorCodeRequest);
      const { fresh } = await factors.guardState(sessionOf(request));
      return reply.envelope(await factors.confirmEnrolment(me(request), sessionIdOf(request), code, fresh));
    },
  });

  fastify.post('/api/second_factor/verify', {
    config: { access: 'user', payload: SecondFactorCodeRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      await factors.verify(me(request), sessionOf(request), payloadOf(request, SecondFactorCodeRequest).code);
      return reply.envelope({});
    },
  });

  // Step-up with a passkey: options bound to this session, then its answer refreshes the check.
  fastify.post('/api/second_factor/passkey_options', {
    config: { access: 'user', payload: PasskeyOptionsRequest },
    preHandler: throttle.check,
    handler: async (request, reply) =>
      reply.envelope(await factors.passkeys.checkOptions(me(request), sessionOf(request), rp(request))),
  });

  fastify.post('/api/second_factor/verify_passkey', {
    config: { access: 'user', payload: PasskeyVerifyRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      const { response } = payloadOf(request, PasskeyVerifyRequest);
      await factors.verifyPasskey(me(request), sessionOf(request), rp(request), response);
      return reply.envelope({});
    },
  });

  // Registering a passkey (staff): options bound to this session, then the browser's answer and a name.
  fastify.post('/api/second_factor/passkey_register_options', {
    config: { access: 'user', payload: PasskeyOptionsRequest },
    handler: async (request, reply) => {
      staffOnly(request);
      await freshCheck(request);
      return reply.envelope(await factors.passkeys.registrationOptions(me(request), sessionOf(request), rp(request)));
    },
  });

  fastify.post('/api/second_factor/passkey_register', {
    config: { access: 'user', payload: PasskeyRegisterRequest },
    preHandler: throttle.check,
    handler: async (request, reply) => {
      staffOnly(request);
      const { name, response } = payloadOf(request, PasskeyRegisterRequest);
      const sessionId = sessionOf(request);
      const user = me(request);
      const added = await factors.passkeys.register(user, sessionId, rp(request), name, response);
      // Like enrolling TOTP: the session that just added its factor counts as checked.
      await factors.markChecked(sessionId);
      const recoveryCodes = await factors.recoveryCodesForPasskeys(user);
      const answer: PasskeyAdded = recoveryCodes === undefined ? added : { ...added, recoveryCodes };
      return reply.envelope(answer);
    },
  });

  fastify.post('/api/second_factor/passkey_remove', {
    config: { access: 'user', payload: PasskeyRemoveRequest },
    handler: async (request, reply) => {
      await freshCheck(request);
      await factors.passkeys.remove(me(request), payloadOf(request, PasskeyRemoveRequest).id);
      await factors.forgetCodesWithoutFactor(me(request));
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

  // Passkeys only: no code to type, so a passkey checked on this session within the window instead.
  fastify.post('/api/second_factor/passkey_recovery_codes', {
    config: { access: 'user', payload: PasskeyOptionsRequest },
    handler: async (request, reply) => {
      staffOnly(request);
      await freshCheck(request);
      return reply.envelope(await factors.regenerateRecoveryCodesWithPasskey(me(request)));
    },
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
  // and mailed to them. Never the owner's factor, never one's own (that needs the factor itself),
  // never one of someone holding a permission the caller lacks.
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
      // As on the staff screen: nobody clears the factor of someone who holds more than they do.
      await fastify.staff.assertMayActOn(request.staff!, operator.id, userId);
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
