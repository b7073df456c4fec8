import { Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Link, Route, Routes } from 'react-router';
import { Box, HStack } from '@chakra-ui/react';
import { routes, type RemoteName } from '@portal/contracts';
import { startSession } from '@portal/platform';
// Through the package name, so standalone mode uses the same (shared) instance as the pages.
import { PageSkeleton, PortalProvider } from '@portal/ui';
import { portalSystem } from '../theme/portal-system.js';

/**
 * A minimal host for running one remote on its own dev server: its routes only, the same
 * providers as the shell, and the API proxied by the remote's dev server.
 */
export function startStandalone(remote: RemoteName, pages: Record<string, ComponentType>): void {
  const own = routes.filter((r) => r.remote === remote);
  createRoot(document.getElementById('root')!).render(
    <PortalProvider system={portalSystem()}>
      <HashRouter>
        <Box p="2">
          <HStack gap="3" overflowX="auto" borderBottomWidth="1px" pb="2" fontSize="sm">
            {own.map((r) => (
              <Link key={r.path} to={r.path}>
                {r.path}
              </Link>
            ))}
          </HStack>
          <Suspense fallback={<PageSkeleton />}>
            <Routes>
              {own.map((r) => {
                const Page = pages[r.page]!;
                return <Route key={r.path} path={r.path} element={<Page />} />;
              })}
            </Routes>
          </Suspense>
        </Box>
      </HashRouter>
    </PortalProvider>,
  );
  startSession();
}
