import { lazy } from 'react';
import { definePages } from '@portal/ui';

/** The pages this remote exposes to the shell ('./pages'). */
export default definePages(
  'mf_user',
  {
    dashboard: lazy(() => import('./pages/dashboard-page')),
    login: lazy(() => import('./pages/login-page')),
    register: lazy(() => import('./pages/register-page')),
    confirm: lazy(() => import('./pages/confirm-page')),
    reset: lazy(() => import('./pages/reset-page')),
    agents: lazy(() => import('./pages/agents-page')),
  },
  process.env.PORTAL_BUILD_LABEL,
);
