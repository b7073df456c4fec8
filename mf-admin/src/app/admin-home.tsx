import { Navigate } from 'react-router';
import { adminMessages } from '@portal/contracts/admin-messages';
import { useSession } from '@portal/platform';
import { PageSkeleton, RegionError } from '@portal/ui';
import { engineLabels } from '../engine/labels';
import { useAllowedGroups } from './admin-nav';

/**
 * /admin, the header's 后台管理: sends the user on to the first screen of the sidebar they may
 * open (the same list as the sidebar), or says 无权访问 when there is none.
 */
export function AdminHome() {
  const status = useSession((s) => s.status);
  const groups = useAllowedGroups();
  if (status !== 'ready') return <PageSkeleton />;
  const first = groups[0]?.screens[0];
  if (!first) return <RegionError title={adminMessages.forbidden} detail={engineLabels.forbiddenDetail} />;
  return <Navigate to={first.path} replace />;
}
