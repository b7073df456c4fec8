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

/** /api/admin/users/* (spec-2 §7): admin only (backOfficeRoute's default), every write audited. */
export function usersAdminRoutes(fastify: FastifyInstance, users: UsersAdminService) {
  const base = '/api/admin/users';
  backOfficeRoute(fastify, `${base}/userlist`, UserListRequest, (request) => users.list(request));
  backOfficeRoute(fastify, `${base}/user`, UserRequest, ({ uid }) => users.user(uid));
  backOfficeRoute(fastify, `${base}/get_user_channel`, UserChannelRequest, ({ user_id }) => users.channel(user_id));
  backOfficeRoute(fastify, `${base}/update_channel`, ChannelUpdate, (input, operator) =>
    users.updateChannel(operator, input),
  );
  backOfficeRoute(fastify, `${base}/update_user`, UserUpdate, (input, operator) => users.updateUser(operator, input));
  backOfficeRoute(fastify, `${base}/change_password`, AdminChangePassword, async (input, operator) => {
    await users.changePassword(operator, input);
    return {};
  });
}
