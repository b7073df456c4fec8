import { routes, type Role } from '@portal/contracts';

/**
 * Whether a user of this type may use a page of the back office: the roles its route names
 * (admin only, unless the route table says operations too). The shell loads this remote only
 * for admin and operations users; this answers which of its screens an operations user gets.
 * The BFF checks every call anyway.
 */
export function canOpen(page: string, userType: string | undefined): boolean {
  const route = routes.find((r) => r.remote === 'mf_admin' && r.page === page);
  const roles: readonly Role[] = route?.menuRoles ?? ['admin'];
  return userType !== undefined && (roles as readonly string[]).includes(userType);
}
