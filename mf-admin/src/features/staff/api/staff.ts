import type { StaffAppoint, StaffChangeRole, StaffList, StaffRoleUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/staff/list: the staff, the roles, and whether the caller is the owner. */
export function staffList() {
  return call<StaffList>('admin/staff/list');
}

/** POST /api/admin/staff/appoint */
export function appointStaff(input: StaffAppoint) {
  return call<StaffList>('admin/staff/appoint', input);
}

/** POST /api/admin/staff/change_role */
export function changeStaffRole(input: StaffChangeRole) {
  return call<StaffList>('admin/staff/change_role', input);
}

/** POST /api/admin/staff/remove: ends the appointment and that person's sessions. */
export function removeStaff(userId: string) {
  return call<StaffList>('admin/staff/remove', { user_id: userId });
}

/** POST /api/admin/staff/role_update: creates (no id) or changes a custom role (owner only). */
export function updateStaffRole(input: StaffRoleUpdate) {
  return call<StaffList>('admin/staff/role_update', input);
}

/** POST /api/admin/staff/role_delete: a custom role nobody holds (owner only). */
export function deleteStaffRole(id: string) {
  return call<StaffList>('admin/staff/role_delete', { id });
}
