import { lazy, Suspense } from 'react';
import { Box, Container } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router';
import { findRoute } from '@portal/contracts';
import { useAnnouncement } from '../features/announcement/hooks/use-announcement';
import { Header } from './header';
import { Footer } from './footer';
import { LazyBoundary } from './lazy-boundary';

const AnnouncementDialog = lazy(() =>
  import('../features/announcement/components/announcement-dialog').then((m) => ({ default: m.AnnouncementDialog })),
);

export function Layout() {
  const announcement = useAnnouncement();
  // The back office's screens (tables beside a sidebar) take a wider column than the portal's.
  const backOffice = findRoute(useLocation().pathname)?.group !== undefined;
  return (
    <Box minH="100dvh" display="flex" flexDirection="column" overflowX="clip">
      <Header />
      <Container
        as="main"
        flex="1"
        maxW={backOffice ? '8xl' : '6xl'}
        px={{ base: '2', md: '6' }}
        py={{ base: '3', md: '6' }}
      >
        <Outlet />
      </Container>
      <Footer onShowAnnouncement={announcement.show} />
      {announcement.wanted && (
        <LazyBoundary onError={announcement.forget}>
          <Suspense fallback={null}>
            <AnnouncementDialog
              open={announcement.open}
              onOpenChange={announcement.setOpen}
              state={announcement.state}
              onRetry={announcement.retry}
            />
          </Suspense>
        </LazyBoundary>
      )}
    </Box>
  );
}
