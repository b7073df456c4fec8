import { Codes } from '@portal/contracts';
import {
  AdminRemoveSubscriptionDeviceRequest,
  EmptyRequest,
  RemoveSubscriptionDeviceRequest,
  UserRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { backOfficeRoute } from '../audit/index.js';
import type { ClientDevicesRepository } from './repository.js';
import type { ClientDevicesService } from './service.js';

/**
 * The subscription devices: the user's own (/user_info 客户端设备) and, for the operator, any
 * user's with the latest fetches of the link (the user detail), each removable.
 */
export function clientDevicesRoutes(
  fastify: FastifyInstance,
  devices: ClientDevicesService,
  repo: ClientDevicesRepository,
) {
  fastify.post('/api/user/subscription_devices', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await devices.devicesOf(request.user!.id, request.user!)),
  });

  // Another user's device gets the answer of an unknown one (4004) and nothing changes.
  fastify.post('/api/user/remove_subscription_device', {
    config: { access: 'user', payload: RemoveSubscriptionDeviceRequest },
    handler: async (request, reply) => {
      await devices.remove(request.user!.id, payloadOf(request, RemoveSubscriptionDeviceRequest).id);
      return reply.envelope({});
    },
  });

  const limitsOf = async (uid: string) => {
    const limits = await repo.limitsOf(uid);
    if (limits === undefined) throw new DomainError(Codes.NOT_FOUND);
    return limits;
  };

  backOfficeRoute(
    fastify,
    '/api/admin/users/subscription_devices',
    UserRequest,
    async ({ uid }) => devices.adminView(uid, await limitsOf(uid)),
    'users.read',
  );
  backOfficeRoute(
    fastify,
    '/api/admin/users/remove_subscription_device',
    AdminRemoveSubscriptionDeviceRequest,
    async ({ uid, id }, operator, request) => {
      await fastify.staff.guardUserEdit(request.staff, operator.id, uid);
      return fastify.audit.within(operator, async (log) => {
        await devices.remove(uid, id);
        await log({ recordType: 'user', recordId: uid, action: 'action', detail: `remove_subscription_device ${id}` });
        return {};
      });
    },
    'users.edit',
  );
}
