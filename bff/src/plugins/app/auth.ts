import { Codes, cookieNames, PAGE_HEADER, type StaffPermission as Permission } from '@portal/contracts';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error.js';
import { isApiUrl } from '../../lib/http.js';
import {
  createSessionsRepository,
  createSessionsService,
  type SessionsService,
  type SessionUser,
} from '../../modules/sessions/index.js';
import { staffOf, type Staff } from '../../modules/staff/access.js';

export type UserRole = NonNullable<SessionUser['type']>;
/** A back-office route: staff whose role holds this permission (modules/staff). */
export interface PermissionAccess {
  permission: Permission;
}
/**
 * Who may call a route: anyone, any signed-in user, staff holding a permission, or a node (a
 * proxy server authenticated by its own secret; the node API sets `request.nodeId`).
 */
export type Access = 'public' | 'user' | 'node' | PermissionAccess;

export type { Staff };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read from the database on this request; null without a live session. */
    user: SessionUser | null;
    /** The node (agent) a node-API call authenticated as; null otherwise. */
    nodeId: string | null;
    /** The signed-in user's role and permissions in the back office (same lookup as `user`); null for non-staff. */
    staff: Staff | null;
  }
  interface FastifyInstance {
    sessions: SessionsService;
    /** Every /api/ route with who may call it, for the route inventory test. */
    apiRoutes: ApiRouteAccess[];
    /**
     * Every route of the server, /api or not, as registered (for the HTTP route inventory and the
     * GET walk). `access` is undefined outside /api: those routes guard themselves or are public.
     */
    httpRoutes: HttpRoute[];
  }
  interface FastifyContextConfig {
    /** Required on every /api/ route, so that no route is public by omission. */
    access?: Access;
    /** Also accept `Authorization: Bearer <session token>` when no session cookie is sent (uploads). */
    bearer?: boolean;
  }
}

export interface ApiRouteAccess {
  methods: string[];
  url: string;
  access: Access;
}

export interface HttpRoute {
  methods: string[];
  url: string;
  access: Access | undefined;
}

/**
 * The cookies outlive any session (400 days, the longest a browser keeps one): the server decides
 * when a session ends (SESSION_TTL_MS without use), as spec-1's 99999-day token cookie intends.
 */
const SESSION_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https';
  const common = { path: '/', sameSite: 'lax', secure, maxAge: SESSION_COOKIE_MAX_AGE_SECONDS } as const;
  reply.setCookie(cookieNames.session, token, { ...common, httpOnly: true });
  // Readable by the page so the client guard knows a session exists; it is not the secret.
  reply.setCookie(cookieNames.token, '1', { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(cookieNames.session, { path: '/' });
  reply.clearCookie(cookieNames.token, { path: '/' });
}

function signedInUser(request: FastifyRequest, reply: FastifyReply): SessionUser {
  if (request.user !== null) return request.user;
  // A stale cookie would keep telling the client guard that it is signed in.
  if (request.cookies[cookieNames.session] !== undefined) clearSessionCookies(reply);
  throw new DomainError(Codes.SESSION_EXPIRED);
}

export const requireUser: preHandlerHookHandler = async (request, reply) => {
  signedInUser(request, reply);
};

/** Whether the caller is staff holding this permission. */
export function hasPermission(request: FastifyRequest, permission: Permission): boolean {
  return request.user !== null && request.staff !== null && request.staff.permissions.has(permission);
}

export function requirePermission(permission: Permission): preHandlerHookHandler {
  return async function requirePermissionHandler(request, reply) {
    signedInUser(request, reply);
    if (!hasPermission(request, permission)) throw new DomainError(Codes.FORBIDDEN);
  };
}

/** 'node' routes: whoever authenticates nodes (modules/node-api) must have set request.nodeId. */
export const requireNode: preHandlerHookHandler = async (request) => {
  if (request.nodeId === null) throw new DomainError(Codes.FORBIDDEN);
};

function guardFor(access: Access): preHandlerHookHandler | undefined {
  if (access === 'public') return undefined;
  if (access === 'user') return requireUser;
  if (access === 'node') return requireNode;
  return requirePermission(access.permission);
}

/**
 * Sessions and authorization. The session cookie is looked up (hashed) on every API call, joined
 * with its user in one query, so a demotion or a disabled account takes effect on the next request.
 * Every /api/ route must say who may call it (`config.access`); the guard is attached here.
 */
export default fp(
  async (fastify) => {
    const sessions = createSessionsService(createSessionsRepository(fastify.db));
    fastify.decorate('sessions', sessions);
    fastify.decorateRequest('user', null);
    fastify.decorateRequest('nodeId', null);
    fastify.decorateRequest('staff', null);
    const apiRoutes: ApiRouteAccess[] = [];
    fastify.decorate('apiRoutes', apiRoutes);
    const httpRoutes: HttpRoute[] = [];
    fastify.decorate('httpRoutes', httpRoutes);

    fastify.addHook('onRoute', (route: RouteOptions) => {
      httpRoutes.push({ methods: [route.method].flat(), url: route.url, access: route.config?.access });
      if (!isApiUrl(route.url)) return;
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`API route ${route.url} must declare config.access ('public', 'user' or { permission })`);
      }
      apiRoutes.push({ methods: [route.method].flat(), url: route.url, access });
      const guard = guardFor(access);
      if (guard === undefined) return;
      const existing = route.preHandler === undefined ? [] : [route.preHandler].flat();
      route.preHandler = [guard, ...existing];
    });

    // preHandler: the envelope has been decoded and validated by now, so junk costs no query.
    fastify.addHook('preHandler', async (request) => {
      if (!isApiUrl(request.url)) return;
      const token = request.cookies[cookieNames.session] ?? bearerToken(request);
      if (token === undefined || token === '') return;
      const page = request.headers[PAGE_HEADER];
      const found = await sessions.resolveWithStaff(token, typeof page === 'string' ? page : undefined);
      if (found === null) return;
      request.user = found.user;
      request.staff = staffOf(found.user, found.staff);
    });
  },
  { name: 'auth', dependencies: ['db', 'cookie', 'errors'] },
);

/** The session token of an `Authorization: Bearer` header, on routes that accept one. */
function bearerToken(request: FastifyRequest): string | undefined {
  if (request.routeOptions.config.bearer !== true) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
