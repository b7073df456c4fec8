import { Type, type Static } from '@sinclair/typebox';
import { permissionKeys } from '../staff.js';

/** The back office's staff screen (issue 25): /api/admin/staff/*. */

const UserId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });
const RoleId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });
const PermissionKey = Type.Union(permissionKeys.map((key) => Type.Literal(key)));

/** POST /api/admin/staff/appoint: make the account with this e-mail staff with this role. */
export const StaffAppoint = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), role: RoleId },
  { additionalProperties: false },
);
export type StaffAppoint = Static<typeof StaffAppoint>;

/** POST /api/admin/staff/change_role */
export const StaffChangeRole = Type.Object({ user_id: UserId, role: RoleId }, { additionalProperties: false });
export type StaffChangeRole = Static<typeof StaffChangeRole>;

/** POST /api/admin/staff/remove: ends the appointment (and the person's sessions). */
export const StaffRemove = Type.Object({ user_id: UserId }, { additionalProperties: false });
export type StaffRemove = Static<typeof StaffRemove>;

/** POST /api/admin/staff/role_update: a custom role; without `id` it creates one. Owner only. */
export const StaffRoleUpdate = Type.Object(
  {
    id: Type.Optional(RoleId),
    name: Type.String({ minLength: 1, maxLength: 32 }),
    permissions: Type.Array(PermissionKey, { maxItems: permissionKeys.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type StaffRoleUpdate = Static<typeof StaffRoleUpdate>;

/** POST /api/admin/staff/role_delete: a custom role nobody holds. Owner only. */
export const StaffRoleDelete = Type.Object({ id: RoleId }, { additionalProperties: false });
export type StaffRoleDelete = Static<typeof StaffRoleDelete>;

/** The staff screen's dialog: appoint (no `_id`: e-mail and role) or change the role of `_id`. */
export const StaffForm = Type.Object(
  {
    _id: Type.Optional(Type.Union([UserId, Type.Literal('')])),
    email: Type.String({ maxLength: 254 }),
    role: RoleId,
  },
  { additionalProperties: false },
);
export type StaffForm = Static<typeof StaffForm>;

/** The roles screen's dialog: a custom role's name and permissions (no `_id`: a new role). */
export const StaffRoleForm = Type.Object(
  {
    _id: Type.Optional(Type.Union([RoleId, Type.Literal('')])),
    name: Type.String({ minLength: 1, maxLength: 32 }),
    permissions: Type.Array(PermissionKey, { maxItems: permissionKeys.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type StaffRoleForm = Static<typeof StaffRoleForm>;
