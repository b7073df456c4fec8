import { useEffect } from 'react';
import { Navigate } from 'react-router';
import type { RouteDef } from '@portal/contracts';
import { hasSessionMarker, usePageSession, usePortal, useSession } from '@portal/platform';
import { PageSkeleton, RegionError, SessionFailed } from '@portal/ui';
import { RemoteRoute } from './remote-route';
import { setDocumentMeta } from '../lib/document-meta';

const OPERATOR_TYPES = new Set(['admin', 'yunying']);

/**
 * Client-side convenience checks before a remote loads: the title, the login guard (the spec's
 * guard checks only that a session marker exists), agency mode, and the admin remote, which is
 * fetched only for admin and operations users. The BFF enforces access on every call.
 */
export function RouteGate({ route }: { route: RouteDef }) {
  const session = usePageSession();
  const userType = useSession((s) => s.user?.type);
  // Staff in any role (issue 25: custom roles keep the user's own type).
  const isStaff = useSession((s) => (s.user?.staff ?? null) !== null);
  const isAgency = usePortal((s) => s.isAgency);

  useEffect(() => setDocumentMeta(route.title, route.description), [route]);

  if (route.loginRequired && !hasSessionMarker()) return <Navigate to="/login" replace />;
  if (isAgency && !route.agencyVisible) return <Navigate to="/" replace />;
  if (route.remote === 'mf_admin') {
    if (session.state === 'loading') return <PageSkeleton />;
    // The user could not be loaded: not a reason to call them unauthorised.
    if (session.state === 'failed') return <SessionFailed onRetry={session.retry} />;
    if (!isStaff && !(userType && OPERATOR_TYPES.has(userType))) {
      return <RegionError title="无权访问" detail="该页面仅对管理员和运营人员开放。" />;
    }
  }
  // Keyed by path: a failed area must not carry its error state into the next route.
  return <RemoteRoute key={route.path} route={route} />;
}
