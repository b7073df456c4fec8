import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { adminMessages } from '@portal/contracts/admin-messages';
import { lazyDialog } from '@portal/ui';
import { AdminNav, useAllowedGroups } from './admin-nav';

const t = adminMessages.layout;

const AdminDrawer = lazyDialog(() => import('./admin-drawer'));

function MenuIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export interface AdminLayoutProps {
  /** Page key of the screen inside. */
  page: string;
  children: ReactNode;
}

/**
 * The frame of every back-office screen: the screens by group in a sidebar beside it on a
 * desktop, and in a drawer opened from a 后台菜单 button above it on a phone (< 768 px). The
 * groups list only what `canOpen` lets the user open; a user who may open nothing gets the
 * screen's own refusal without a sidebar.
 */
export function AdminLayout({ page, children }: AdminLayoutProps) {
  const groups = useAllowedGroups();
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (groups.length === 0) return <>{children}</>;
  const current = groups.flatMap((g) => g.screens).find((r) => r.page === page);
  return (
    <Flex gap={{ base: '3', md: '6' }} direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
      <Box
        as="aside"
        display={{ base: 'none', md: 'block' }}
        w="48"
        flexShrink={0}
        position="sticky"
        top="20"
        maxH="calc(100dvh - 6rem)"
        overflowY="auto"
        data-testid="admin-sidebar"
      >
        <AdminNav groups={groups} page={page} />
      </Box>
      <Flex display={{ base: 'flex', md: 'none' }} align="center" gap="2" minW="0">
        <Button
          variant="outline"
          size="sm"
          flexShrink={0}
          onClick={() => setDrawerOpen(true)}
          onPointerEnter={AdminDrawer.preload}
          onFocus={AdminDrawer.preload}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-testid="admin-nav-button"
        >
          <MenuIcon />
          {t.openNav}
        </Button>
        {current?.menuLabel && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {t.current(current.menuLabel)}
          </Text>
        )}
      </Flex>
      <Box flex="1" minW="0">
        {children}
      </Box>
      {drawerOpen && <AdminDrawer groups={groups} page={page} onClose={() => setDrawerOpen(false)} />}
    </Flex>
  );
}
