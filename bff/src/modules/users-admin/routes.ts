import {
  AdminChangePassword,
  ChannelUpdate,
  UserChannelRequest,
  UserListRequest,
  UserRequest,
  UserUpdate,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeRoute } from '../audit/index.js';
import type { UsersAdminService } from './service.js';

/**
 * /api/admin/users/* (spec-2 §7): users.read / users.edit, every write audited. A write on a staff
 * member is refused when that person is the owner or holds a permission the caller lacks.
 */
export function usersAdminRoutes(fastify: FastifyInstance, users: UsersAdminService) {
  const base = '/api/admin/users';
  backOfficeRoute(fastify, `${base}/userlist`, UserListRequest, (request) => users.list(request), 'users.read');
  backOfficeRoute(fastify, `${base}/user`, UserRequest, ({ uid }) => users.user(uid), 'users.read');
  backOfficeRoute(
    fastify,
    `${base}/get_user_channel`,
    UserChannelRequest,
    ({ user_id }) => users.channel(user_id),
    'users.read',
  );
  backOfficeRoute(
    fastify,
    `${base}/update_channel`,
    ChannelUpdate,
    async (input, operator, request) => {
      await fastify.staff.guardUserEdit(request.staff, operator.id, input.user_id);
      return users.updateChannel(operator, input);
    },
    'users.edit',
  );
  backOfficeRoute(
    fastify,
    `${base}/update_user`,
    UserUpdate,
    async (input, operator, request) => {
      await fastify.staff.guardUserEdit(request.staff, operator.id, input._id);
      return users.updateUser(operator, input);
    },
    'users.edit',
  );
  backOfficeRoute(
    fastify,
    `${base}/change_password`,
    AdminChangePassword,
    async (input, operator, request) => {
      await fastify.staff.guardUserEditByEmail(request.staff, operator.id, input.email);
      await users.changePassword(operator, input);
      return {};
    },
    'users.edit',
  );
  // Ours (issue 27): the answer to a shared link, from the user list's sharing filter.
  backOfficeRoute(
    fastify,
    `${base}/reset_userkey`,
    UserRequest,
    async ({ uid }, operator, request) => {
      await fastify.staff.guardUserEdit(request.staff, operator.id, uid);
      await users.resetUserkey(operator, uid);
      return {};
    },
    'users.edit',
  );
}
