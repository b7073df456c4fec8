import { lazy, type ComponentType } from 'react';
import { definePages } from '@portal/ui';
import { AdminGate } from './app/admin-gate';
import { AdminHome } from './app/admin-home';
import { AdminLayout } from './app/admin-layout';

type Loader = () => Promise<{ default: ComponentType }>;

/** The page behind the gate (see AdminGate), inside the back office's sidebar (see AdminLayout). */
const gated = (page: string, Page: ComponentType, marked = false): ComponentType =>
  function GatedPage() {
    return (
      <AdminLayout page={page}>
        <AdminGate page={page} marked={marked}>
          <Page />
        </AdminGate>
      </AdminLayout>
    );
  };

/**
 * A screen in its own chunk, fetched with the admin frame (its Chakra system) once the gate
 * has let the user through.
 */
function screen(page: string, load: Loader): ComponentType {
  const Framed = lazy(() =>
    Promise.all([load(), import('./app/admin-frame')]).then(([{ default: Screen }, { AdminFrame }]) => ({
      default: function FramedScreen() {
        return (
          <AdminFrame>
            <Screen />
          </AdminFrame>
        );
      },
    })),
  );
  return gated(page, Framed);
}

const screens: Record<string, ComponentType> = {
  admin_config: screen('admin_config', () => import('./pages/config-page')),
  admin_permissions: screen('admin_permissions', () => import('./pages/permissions-page')),
  admin_agents: screen('admin_agents', () => import('./pages/agents-page')),
  admin_entrys: screen('admin_entrys', () => import('./pages/entrys-page')),
  admin_charge: screen('admin_charge', () => import('./pages/charge-page')),
  admin_agentLines: screen('admin_agentLines', () => import('./pages/lines-page')),
  admin_combos: screen('admin_combos', () => import('./pages/combos-page')),
  admin_error: screen('admin_error', () => import('./pages/errors-page')),
  admin_audit: screen('admin_audit', () => import('./pages/audit-page')),
  admin_coupon: screen('admin_coupon', () => import('./pages/coupons-page')),
  coupon_records: screen('coupon_records', () => import('./pages/coupon-records-page')),
  admin_prize: screen('admin_prize', () => import('./pages/prizes-page')),
  admin_tradeList: screen('admin_tradeList', () => import('./pages/tradelist-page')),
  all_traffic_records: screen('all_traffic_records', () => import('./pages/all-traffic-records-page')),
  admin_userlist: screen('admin_userlist', () => import('./pages/userlist-page')),
  admin_stastic: screen('admin_stastic', () => import('./pages/statistics-page')),
  admin_staff: screen('admin_staff', () => import('./pages/staff-page')),
  admin_roles: screen('admin_roles', () => import('./pages/roles-page')),
  admin_notifications: screen('admin_notifications', () => import('./pages/notifications-page')),
  // The header's 后台管理: on to the first screen the user may open.
  admin: AdminHome,
};

const pages = definePages('mf_admin', screens, process.env.PORTAL_BUILD_LABEL);
// The screens of a later issue are placeholders until then, behind the same gate.
for (const page of Object.keys(pages)) if (!screens[page]) pages[page] = gated(page, pages[page]!, true);

/** The pages this remote exposes to the shell ('./pages'); each screen is its own chunk. */
export default pages;
