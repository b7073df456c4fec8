import { EmptyRequest, IdRequest } from '@portal/contracts/schemas';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import type { UserRole } from '../../plugins/app/auth.js';
import type { AuditedRecords, AuditService, Operator } from './service.js';

/** Every /api/admin/* route. */
export const ADMIN: readonly UserRole[] = ['admin'];
/** Every /api/yunying/* route (operations staff and admins). */
export const OPERATIONS: readonly UserRole[] = ['admin', 'yunying'];

/**
 * One back-office call: an envelope POST for the given roles (admin by default) whose handler gets
 * the validated payload and the operator making it.
 */
export function backOfficeRoute<S extends TSchema>(
  fastify: FastifyInstance,
  url: string,
  payload: S,
  handler: (payload: Static<S>, operator: Operator) => Promise<unknown>,
  access: readonly UserRole[] = ADMIN,
): void {
  fastify.post(url, {
    config: { access, payload },
    handler: async (request, reply) => {
      const { id, email } = request.user!;
      return reply.envelope(await handler(payloadOf(request, payload), { id, email }));
    },
  });
}

/** A back-office screen's resource: list, update (create without `_id`) and delete, each write audited. */
export interface AdminResource<S extends TSchema, Saved extends { id: string }> {
  /** '/api/admin/agents' */
  base: string;
  access?: readonly UserRole[];
  /** Route names under `base` where the spec names them otherwise; `list: null` has no list route. */
  names?: { list?: string | null; update?: string; delete?: string };
  list?: () => Promise<unknown>;
  /** The update payload: the allowlist of what the screen offers. */
  update: S;
  records: AuditedRecords<Static<S>, Saved>;
  /** The answer of a save. */
  answer: (saved: Saved) => Promise<unknown>;
}

/** Registers a resource's routes; the engine every back-office screen's calls stand on. */
export function adminResource<S extends TSchema, Saved extends { id: string }>(
  fastify: FastifyInstance,
  audit: AuditService,
  resource: AdminResource<S, Saved>,
): void {
  const { base, access = ADMIN, names = {}, records } = resource;
  const listName = names.list === undefined ? 'list' : names.list;
  if (listName !== null && resource.list !== undefined) {
    const list = resource.list;
    backOfficeRoute(fastify, `${base}/${listName}`, EmptyRequest, () => list(), access);
  }
  backOfficeRoute(
    fastify,
    `${base}/${names.update ?? 'update'}`,
    resource.update,
    async (input, operator) =>
      resource.answer(await audit.save(operator, records, input as Static<S> & { _id?: string })),
    access,
  );
  backOfficeRoute(
    fastify,
    `${base}/${names.delete ?? 'delete'}`,
    IdRequest,
    async ({ id }, operator) => {
      await audit.remove(operator, records, id);
      return {};
    },
    access,
  );
}
