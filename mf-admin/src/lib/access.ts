import { routes, type Role } from '@portal/contracts';
import { isBuiltinRole, permissionsOfRole } from '@portal/contracts/staff';

/**
 * Whether the signed-in user may use a page of the back office. With the staff permissions that
 * /api/user/userinfo reports (issue 25), the route's permission decides; without them (a session
 * read before the BFF reported staff, the stories of the spec's roles), the route's roles do. The
 * shell loads this remote only for staff. The BFF checks every call anyway.
 */
export function canOpen(page: string, userType: string | undefined, permissions?: readonly string[] | null): boolean {
  const route = routes.find((r) => r.remote === 'mf_admin' && r.page === page);
  if (permissions !== undefined && permissions !== null) {
    return route?.permission !== undefined && permissions.includes(route.permission);
  }
  const roles: readonly Role[] = route?.menuRoles ?? ['admin'];
  return userType !== undefined && (roles as readonly string[]).includes(userType);
}

/**
 * Whether the signed-in user holds a permission (buttons that need an edit permission); without
 * the staff permissions, what the built-in role of the spec's type holds.
 */
export function holds(
  permission: string,
  userType: string | undefined,
  permissions?: readonly string[] | null,
): boolean {
  if (permissions !== undefined && permissions !== null) return permissions.includes(permission);
  if (userType === undefined || !isBuiltinRole(userType)) return false;
  return (permissionsOfRole(userType) as readonly string[]).includes(permission);
}
