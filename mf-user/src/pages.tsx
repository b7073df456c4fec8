import { lazy } from 'react';
import { definePages } from '@portal/ui';

/** The pages this remote exposes to the shell ('./pages'). */
export default definePages(
  'mf_user',
  { dashboard: lazy(() => import('./pages/dashboard-page')) },
  process.env.PORTAL_BUILD_LABEL,
);
