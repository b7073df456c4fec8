import { Codes, cookieNames, type ConfirmAnswer } from '@portal/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAddress } from '../../config.js';
import { DomainError } from '../../lib/domain-error.js';
import { attemptLimit, failureBackoff, failureLimit } from '../../lib/throttle.js';
import { clearSessionCookies, setSessionCookies } from '../../plugins/app/auth.js';
import { describeValueError, payloadOf } from '../../plugins/app/envelope.js';
import type { RegistrationService } from './registration.js';
import { normaliseEmail, type AccountsService } from './service.js';
import {
  AdoptTokenRequest,
  ConfirmQuery,
  EmptyRequest,
  GetEmailRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
} from './schema.js';
import { parseSubscriptionLink } from './subscription-link.js';
import { SecondFactorNeeded, sendSecondFactorNeeded } from '../second-factor/index.js';

function clientMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return userAgent === undefined ? { ip: request.ip } : { ip: request.ip, userAgent };
}

const emailOfPayload = (request: FastifyRequest) => {
  const email = (request.payload as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? normaliseEmail(email) : '';
};

/** What counts as a failed login: a wrong password or an unknown e-mail (one answer for both). */
const LOGIN_FAILURES = [Codes.LOGIN_FAILED];

/**
 * Login throttling counts failures only, so people who sign in often are never slowed down.
 * Two windows: one per address and account (the brute force of one account), and a wider one per
 * address (one address trying many accounts). Shared by every instance on PostgreSQL (see rate-limit.ts).
 */
function loginThrottle(fastify: FastifyInstance) {
  const { max, timeWindowMs } = fastify.config.loginRateLimit;
  return failureLimit(
    fastify,
    'login',
    [
      { max, timeWindowMs, key: (r) => `${r.ip}|${emailOfPayload(r)}` },
      { max: max * 5, timeWindowMs, key: (r) => r.ip },
    ],
    { counted: LOGIN_FAILURES },
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long to wait, as the refusal says it: seconds under a minute, else whole minutes (rounded up). */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
}

/** The per-account cool-down's refusal: the same for a real account and an unknown e-mail. */
export const loginCoolDownMessage = (seconds: number) => `该账户登录失败次数过多，请 ${waitText(seconds)}后再试`;

/**
 * The per-account back-off (any address): a slow attack on one account from many addresses never
 * fills the per-address windows, so failures are also counted per e-mail over a day. The first
 * `accountFree` cost nothing; each further one starts a cool-down that doubles from `coolDownMs`
 * up to the login window (1, 2, 4, 8, 15 minutes by default). Unknown e-mails are counted and
 * refused exactly like accounts, so the refusal reveals nothing.
 */
function accountBackoff(fastify: FastifyInstance) {
  const { accountFree, coolDownMs, timeWindowMs } = fastify.config.loginRateLimit;
  return failureBackoff(
    fastify,
    'login-account',
    {
      key: emailOfPayload,
      free: accountFree,
      baseMs: coolDownMs,
      maxMs: Math.max(coolDownMs, timeWindowMs),
      memoryMs: DAY_MS,
    },
    {
      counted: LOGIN_FAILURES,
      refusal: (seconds) => new DomainError(Codes.RATE_LIMITED, loginCoolDownMessage(seconds)),
    },
  );
}

/** Where links in mails point: the configured public address (config.ts `publicAddress`), never a request header. */
export function linkBase(fastify: FastifyInstance): string {
  return publicAddress(fastify.config);
}

/**
 * Every attempt counts (these calls send mail or reveal an account): per account, whatever the
 * address, and per address, whatever the account.
 */
function accountThrottle(fastify: FastifyInstance, name: string, account: (request: FastifyRequest) => string) {
  const { perAccount, perAddress, timeWindowMs } = fastify.config.accountRateLimit;
  return attemptLimit(fastify, name, [
    { max: perAccount, timeWindowMs, key: account },
    { max: perAddress, timeWindowMs, key: (r) => r.ip },
  ]);
}

const linkOwnerOfPayload = (request: FastifyRequest) => {
  const link = (request.payload as { describUrl?: unknown } | null)?.describUrl;
  return typeof link === 'string' ? (parseSubscriptionLink(link)?.userId ?? '') : '';
};

const confirmQuery = TypeCompiler.Compile(ConfirmQuery);

/**
 * The confirm page's GET calls answer plain JSON {Code, Msg} (spec-1 §7), not the envelope. They
 * change state on a GET: the 256-bit single-use key in the address is what authorises the change,
 * so a forged cross-site request cannot know it (see bff/README.md).
 */
function confirmHandler(confirm: (serialId: string, key: string, request: FastifyRequest) => Promise<void>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const query = request.query;
    if (!confirmQuery.Check(query)) {
      const answer: ConfirmAnswer = {
        Code: Codes.INVALID_PAYLOAD,
        Msg: describeValueError(confirmQuery.Errors(query).First()),
      };
      return reply.code(400).send(answer);
    }
    try {
      await confirm(query.serial_id, query.key, request);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      request.log.info({ code: error.code }, 'confirmation refused');
      const answer: ConfirmAnswer = { Code: error.code, Msg: error.message };
      return reply.send(answer);
    }
    const answer: ConfirmAnswer = { Code: Codes.OK };
    return reply.send(answer);
  };
}

export function accountsRoutes(fastify: FastifyInstance, accounts: AccountsService, registration: RegistrationService) {
  const throttle = loginThrottle(fastify);
  const backoff = accountBackoff(fastify);

  fastify.post('/api/user/login', {
    config: { access: 'public', payload: LoginRequest },
    // The payload is decoded by preHandler time, so the throttle key can name the account. Each
    // attempt is taken before the password is checked and given back unless it fails (LOGIN_FAILED).
    preHandler: [throttle.check, backoff.check],
    handler: async (request, reply) => {
      const { email, password } = payloadOf(request, LoginRequest);
      const meta = { ...clientMeta(request), linkBase: linkBase(fastify) };
      let session;
      try {
        session = await accounts.login(email, password, meta);
      } catch (error) {
        // The right password on an account with a second factor: a ticket for login_second_factor, no session yet.
        if (error instanceof SecondFactorNeeded) return sendSecondFactorNeeded(reply, error);
        throw error;
      }
      // A session presented with the login is replaced, not left alive beside the new one.
      const previous = request.cookies[cookieNames.session];
      if (previous !== undefined) await accounts.logout(previous);
      setSessionCookies(request, reply, session.token);
      return reply.envelope({});
    },
  });

  // The spec's `?token=` address parameter: only a live session's token becomes the cookie, and
  // not while the browser is signed in to another account (accounts.adopt).
  fastify.post('/api/user/adopt_token', {
    config: { access: 'public', payload: AdoptTokenRequest },
    handler: async (request, reply) => {
      const { token } = payloadOf(request, AdoptTokenRequest);
      await accounts.adopt(token, request.user?.id);
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
    handler: async (request, reply) => reply.envelope(await accounts.userInfo(request.user!, request.staff)),
  });

  fastify.post('/api/user/signup', {
    config: { access: 'public', payload: SignupRequest },
    preHandler: accountThrottle(fastify, 'signup', emailOfPayload),
    handler: async (request, reply) => {
      const { email, password, icon_url } = payloadOf(request, SignupRequest);
      await registration.signup({
        email,
        password,
        ...(icon_url === undefined ? {} : { iconUrl: icon_url }),
        ...(request.cookies[cookieNames.channelCode] === undefined
          ? {}
          : { channelCode: request.cookies[cookieNames.channelCode] }),
        ...(request.cookies[cookieNames.firstUrl] === undefined
          ? {}
          : { firstUrl: request.cookies[cookieNames.firstUrl] }),
        inviteOnly: await fastify.settings.get('inviteRule'),
        linkBase: linkBase(fastify),
      });
      return reply.envelope({});
    },
  });

  fastify.get('/api/account/signup_confirm', {
    config: { access: 'public' },
    handler: confirmHandler((serialId, key) => registration.confirmSignup(serialId, key)),
  });

  fastify.get('/api/account/change_password', {
    config: { access: 'public' },
    handler: confirmHandler((serialId, key) => registration.confirmPasswordChange(serialId, key)),
  });

  // The link mailed to a new address by /api/user/change_use_info (the profile).
  fastify.get('/api/account/change_email', {
    config: { access: 'public' },
    // The session that opens the link stays; the account's other sessions end.
    handler: confirmHandler((serialId, key, request) =>
      registration.confirmEmailChange(serialId, key, request.cookies[cookieNames.session]),
    ),
  });

  fastify.post('/api/user/reset_password', {
    config: { access: 'public', payload: ResetPasswordRequest },
    preHandler: accountThrottle(fastify, 'reset_password', emailOfPayload),
    handler: async (request, reply) => {
      const { email, password, describUrl } = payloadOf(request, ResetPasswordRequest);
      await registration.resetPassword({ email, password, describUrl, linkBase: linkBase(fastify) });
      return reply.envelope({});
    },
  });

  fastify.post('/api/user/get_email', {
    config: { access: 'public', payload: GetEmailRequest },
    preHandler: accountThrottle(fastify, 'get_email', linkOwnerOfPayload),
    handler: async (request, reply) =>
      reply.envelope(await registration.emailOfLink(payloadOf(request, GetEmailRequest).describUrl)),
  });

  fastify.post('/api/user/reset_userkey', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await accounts.resetUserkey(request.user!.id)),
  });
}
