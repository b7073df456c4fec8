import { Codes, cookieNames } from '@portal/contracts';
import type { FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error.js';
import { isApiUrl } from '../../lib/http.js';
import { sha256Hex } from '../../lib/random.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Step-up (issue 25): a staff member with a second factor must have proved it on this session
     * within the last 10 minutes (STEP_UP_MINUTES), else the call is refused with 1133 and the
     * client asks for a code (/api/second_factor/verify) and retries.
     */
    stepUp?: boolean;
  }
}

/**
 * Operator routes built by the resource engine (backOfficeRoute), which takes no route config:
 * settling a withdrawal, every configuration change (set_config as a whole, payment keys and the
 * owner/operations settings included), every change of staff and roles, and what takes over or
 * credits a user's account (their password, balances and rebate rate, subscription key and
 * sessions) or a node's (its secret), and what credits whoever redeems, buys or draws. Routes
 * declared directly say `config.stepUp: true`.
 */
export const STEP_UP_URLS: ReadonlySet<string> = new Set([
  '/api/admin/charge/checkout_charge',
  '/api/admin/config/set_config',
  '/api/admin/users/change_password',
  '/api/admin/users/update_user',
  '/api/admin/users/update_channel',
  '/api/admin/users/reset_userkey',
  '/api/admin/users/end_sessions',
  '/api/admin/agents/rotate_secret',
  // What credits whoever redeems, buys or draws is money: a 100 % coupon, a coupon use given back,
  // a product's price and what it grants, the prizes and their odds (prize/update says it itself).
  '/api/yunying/coupon/update_coupon',
  '/api/yunying/coupon/restore_record',
  '/api/admin/combo/update_combo',
  '/api/yunying/prize/delete',
  '/api/admin/staff/appoint',
  '/api/admin/staff/change_role',
  '/api/admin/staff/remove',
  '/api/admin/staff/role_update',
  '/api/admin/staff/role_delete',
]);

/** An operator route: its access names a permission (or, before staff roles, a role list). */
export function isOperatorAccess(access: unknown): boolean {
  return typeof access === 'object' && access !== null;
}

/** The stored id (sha256) of the caller's session, from the cookie or an accepted bearer token. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  let token = request.cookies[cookieNames.session];
  if ((token === undefined || token === '') && request.routeOptions.config.bearer === true) {
    token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  }
  return token === undefined || token === '' ? undefined : sha256Hex(token);
}

/** Whether the caller is staff (modules/staff resolves request.staff with the session). */
export const isStaff = (request: FastifyRequest): boolean => request.user !== null && request.staff !== null;

/**
 * The caller's staff rights on a route any signed-in user may call that gives staff more (every
 * ticket, other users' private images, uploads without the quota): none while the
 * staff_second_factor_required setting holds them back (no factor yet), as the operator routes
 * refuse them then (1132). They are still a user there, with a user's rights.
 */
export async function effectiveStaff(request: FastifyRequest): Promise<FastifyRequest['staff']> {
  if (!isStaff(request)) return null;
  if (!(await request.server.settings.get('staff_second_factor_required'))) return request.staff;
  const sessionId = sessionIdOf(request);
  if (sessionId === undefined) return null;
  return (await request.server.secondFactor.guardState(sessionId)).active ? request.staff : null;
}

/**
 * On every operator route, after the access guard: with the staff_second_factor_required setting
 * on, staff without a factor are refused (1132) until they enrol (the enrolment calls and userinfo
 * are 'user' routes, not operator ones); step-up routes refuse (1133) a session whose last check is
 * older than 10 minutes, for staff who have a factor.
 */
const secondFactorGuard: preHandlerHookHandler = async function secondFactorGuard(request) {
  if (!isStaff(request)) return;
  const stepUp = request.routeOptions.config.stepUp === true;
  const required = await this.settings.get('staff_second_factor_required');
  if (!stepUp && !required) return;
  const sessionId = sessionIdOf(request);
  if (sessionId === undefined) return;
  const state = await this.secondFactor.guardState(sessionId);
  if (required && !state.active) throw new DomainError(Codes.SECOND_FACTOR_REQUIRED);
  if (stepUp && state.active && !state.fresh) throw new DomainError(Codes.STEP_UP_REQUIRED);
};

/**
 * Registered right after the auth plugin, so that it sees every route registered later: it puts
 * the guard just after the access guard auth.ts placed first.
 */
export default fp(
  async (fastify) => {
    fastify.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiUrl(route.url) || !isOperatorAccess(route.config?.access)) return;
      if (STEP_UP_URLS.has(route.url)) route.config = { ...route.config, stepUp: true };
      const [accessGuard, ...rest] = route.preHandler === undefined ? [] : [route.preHandler].flat();
      route.preHandler = accessGuard === undefined ? [secondFactorGuard] : [accessGuard, secondFactorGuard, ...rest];
    });
  },
  { name: 'second-factor-guard', dependencies: ['auth'] },
);
