import { lazy } from 'react';
import { definePages } from '@portal/ui';

/** The pages this remote exposes to the shell ('./pages'); each is its own chunk. */
export default definePages(
  'mf_shop',
  {
    shop: lazy(() => import('./pages/shop-page')),
    order: lazy(() => import('./pages/order-page')),
    orderinfo: lazy(() => import('./pages/orderinfo-page')),
    checkout: lazy(() => import('./pages/checkout-page')),
  },
  process.env.PORTAL_BUILD_LABEL,
);
