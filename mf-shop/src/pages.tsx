import { lazy } from 'react';
import { definePages } from '@portal/ui';

/**
 * The pages this remote exposes to the shell ('./pages'), each its own chunk named page-<key>:
 * the BFF finds the first route's page chunk by that name in the manifest, and the shell preloads it.
 */
export default definePages(
  'mf_shop',
  {
    shop: lazy(() => import(/* webpackChunkName: "page-shop" */ './pages/shop-page')),
    order: lazy(() => import(/* webpackChunkName: "page-order" */ './pages/order-page')),
    orderinfo: lazy(() => import(/* webpackChunkName: "page-orderinfo" */ './pages/orderinfo-page')),
    checkout: lazy(() => import(/* webpackChunkName: "page-checkout" */ './pages/checkout-page')),
  },
  process.env.PORTAL_BUILD_LABEL,
);
