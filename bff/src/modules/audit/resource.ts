import { EmptyRequest, IdRequest } from '@portal/contracts/schemas';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import type { StaffPermission as Permission } from '@portal/contracts';
import type { AuditedRecords, AuditService, Operator } from './service.js';

/**
 * One back-office call: an envelope POST for staff holding `permission` (modules/staff) whose
 * handler gets the validated payload and the operator making it.
 */
export function backOfficeRoute<S extends TSchema>(
  fastify: FastifyInstance,
  url: string,
  payload: S,
  handler: (payload: Static<S>, operator: Operator, request: FastifyRequest) => Promise<unknown>,
  permission: Permission,
): void {
  fastify.post(url, {
    config: { access: { permission }, payload },
    handler: async (request, reply) => {
      const { id, email } = request.user!;
      return reply.envelope(await handler(payloadOf(request, payload), { id, email }, request));
    },
  });
}

/** A back-office screen's resource: list, update (create without `_id`) and delete, each write audited. */
export interface AdminResource<S extends TSchema, Saved extends { id: string }> {
  /** '/api/admin/agents' */
  base: string;
  /** What listing needs, and what saving and deleting need. */
  permissions: { read: Permission; edit: Permission };
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
  const { base, permissions, names = {}, records } = resource;
  const listName = names.list === undefined ? 'list' : names.list;
  if (listName !== null && resource.list !== undefined) {
    const list = resource.list;
    backOfficeRoute(fastify, `${base}/${listName}`, EmptyRequest, () => list(), permissions.read);
  }
  backOfficeRoute(
    fastify,
    `${base}/${names.update ?? 'update'}`,
    resource.update,
    async (input, operator) =>
      resource.answer(await audit.save(operator, records, input as Static<S> & { _id?: string })),
    permissions.edit,
  );
  backOfficeRoute(
    fastify,
    `${base}/${names.delete ?? 'delete'}`,
    IdRequest,
    async ({ id }, operator) => {
      await audit.remove(operator, records, id);
      return {};
    },
    permissions.edit,
  );
}
