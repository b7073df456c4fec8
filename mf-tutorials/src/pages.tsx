import { lazy, type ComponentType } from 'react';
import { definePages } from '@portal/ui';
import { guideLoaders } from './features/guides/registry';

/** A lazy page per guide: the shared guide component plus only that client's definition. */
const guidePages: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(guideLoaders).map(([page, load]) => [
    page,
    lazy(async () => {
      const [{ default: guide }, { GuideView }] = await Promise.all([
        load(),
        import('./features/guides/components/guide-view'),
      ]);
      return { default: () => <GuideView guide={guide} /> };
    }),
  ]),
);

/**
 * The pages this remote exposes to the shell ('./pages'), each its own chunk named page-<key>:
 * the BFF finds the first route's page chunk by that name in the manifest, and the shell preloads it.
 */
export default definePages(
  'mf_tutorials',
  {
    ...guidePages,
    windows_errors: lazy(() => import(/* webpackChunkName: "page-windows_errors" */ './pages/windows-errors-page')),
    apple_id_signup_guide: lazy(
      () => import(/* webpackChunkName: "page-apple_id_signup_guide" */ './pages/apple-id-signup-guide-page'),
    ),
  },
  process.env.PORTAL_BUILD_LABEL,
);
