import {
  EmptyRequest,
  StaffAppoint,
  StaffChangeRole,
  StaffRemove,
  StaffRoleDelete,
  StaffRoleUpdate,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeRoute } from '../audit/index.js';
import type { StaffService } from './service.js';

/** /api/admin/staff/* (issue 25): staff.read lists, staff.edit appoints; roles are the owner's. */
export function staffRoutes(fastify: FastifyInstance, staff: StaffService) {
  const base = '/api/admin/staff';
  backOfficeRoute(fastify, `${base}/list`, EmptyRequest, (_p, _o, request) => staff.list(request.staff!), 'staff.read');
  backOfficeRoute(
    fastify,
    `${base}/appoint`,
    StaffAppoint,
    (input, operator, request) => staff.appoint(request.staff!, operator, input),
    'staff.edit',
  );
  backOfficeRoute(
    fastify,
    `${base}/change_role`,
    StaffChangeRole,
    (input, operator, request) => staff.changeRole(request.staff!, operator, input),
    'staff.edit',
  );
  backOfficeRoute(
    fastify,
    `${base}/remove`,
    StaffRemove,
    ({ user_id }, operator, request) => staff.remove(request.staff!, operator, user_id),
    'staff.edit',
  );
  backOfficeRoute(
    fastify,
    `${base}/role_update`,
    StaffRoleUpdate,
    (input, operator, request) => staff.saveRole(request.staff!, operator, input),
    'staff.edit',
  );
  backOfficeRoute(
    fastify,
    `${base}/role_delete`,
    StaffRoleDelete,
    ({ id }, operator, request) => staff.deleteRole(request.staff!, operator, id),
    'staff.edit',
  );
}
