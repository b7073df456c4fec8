import { lazy } from 'react';
import { definePages } from '@portal/ui';

/**
 * The pages this remote exposes to the shell ('./pages'), each its own chunk named page-<key>:
 * the BFF finds the first route's page chunk by that name in the manifest, and the shell preloads it.
 */
export default definePages(
  'mf_user',
  {
    dashboard: lazy(() => import(/* webpackChunkName: "page-dashboard" */ './pages/dashboard-page')),
    login: lazy(() => import(/* webpackChunkName: "page-login" */ './pages/login-page')),
    register: lazy(() => import(/* webpackChunkName: "page-register" */ './pages/register-page')),
    confirm: lazy(() => import(/* webpackChunkName: "page-confirm" */ './pages/confirm-page')),
    reset: lazy(() => import(/* webpackChunkName: "page-reset" */ './pages/reset-page')),
    agents: lazy(() => import(/* webpackChunkName: "page-agents" */ './pages/agents-page')),
    wallet: lazy(() => import(/* webpackChunkName: "page-wallet" */ './pages/wallet-page')),
    lottery: lazy(() => import(/* webpackChunkName: "page-lottery" */ './pages/lottery-page')),
    user_info: lazy(() => import(/* webpackChunkName: "page-user_info" */ './pages/user-info-page')),
    apple_id_share: lazy(() => import(/* webpackChunkName: "page-apple_id_share" */ './pages/apple-id-share-page')),
    feedback: lazy(() => import(/* webpackChunkName: "page-feedback" */ './pages/feedback-page')),
    push: lazy(() => import(/* webpackChunkName: "page-push" */ './pages/push-page')),
    channel: lazy(() => import(/* webpackChunkName: "page-channel" */ './pages/channel-page')),
    traffic_records: lazy(() => import(/* webpackChunkName: "page-traffic_records" */ './pages/traffic-records-page')),
  },
  process.env.PORTAL_BUILD_LABEL,
);
