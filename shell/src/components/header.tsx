import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Button, Flex, HStack, Image, Link, Skeleton } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router';
import { feedbackMessages, findRoute, frameMessages, menuFor, type Role } from '@portal/contracts';
import { useSession, usePortal } from '@portal/platform';
import { usePendingTickets } from '../features/feedback-badge/hooks/use-pending-tickets';
import { MainMenu } from '../features/menu/components/main-menu';
import { NoticeDropdown } from '../features/notices/components/notice-dropdown';
import { useNotices } from '../features/notices/hooks/use-notices';
import { UserMenu } from '../features/account/components/user-menu';
import { LazyBoundary } from './lazy-boundary';
import { prefetchRemote } from '../app/federation';

const loadCouponDialog = () => import('../features/coupon/components/coupon-dialog');
const CouponDialog = lazy(() => loadCouponDialog().then((m) => ({ default: m.CouponDialog })));
/** Fetches the dialog's code when the pointer or focus reaches its button, before the click. */
const preloadCouponDialog = () => void loadCouponDialog().catch(() => undefined);

type DropdownName = 'notices' | 'user';

/** Header: logo, the role-filtered menu from the route table, notices and the user menu. */
export function Header() {
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const isAgency = usePortal((s) => s.isAgency);
  const { pathname } = useLocation();
  const role: Role = user?.type ?? 'none';
  const isStaff = (user?.staff ?? null) !== null;
  const entries = useMemo(() => menuFor(role, isAgency, isStaff), [role, isAgency, isStaff]);
  // The back office's screens are in its own sidebar; the header's 后台管理 stands for all of them.
  const backOffice = findRoute(pathname)?.group !== undefined;
  const menuPath = backOffice ? '/admin' : pathname;
  const notices = useNotices();
  const pendingTickets = usePendingTickets();
  const badges = useMemo(
    () => ({ '/feedback': { count: pendingTickets, title: feedbackMessages.pendingBadge(pendingTickets) } }),
    [pendingTickets],
  );

  // One dropdown at a time; it belongs to the page it was opened on, so navigating closes it.
  const [openDropdown, setOpenDropdown] = useState<{ name: DropdownName; path: string } | null>(null);
  const isOpen = (name: DropdownName) => openDropdown?.name === name && openDropdown.path === pathname;
  const toggle = useCallback(
    (name: DropdownName, open: boolean) =>
      setOpenDropdown((current) => (open ? { name, path: pathname } : current?.name === name ? null : current)),
    [pathname],
  );
  const onNoticesChange = useCallback((open: boolean) => toggle('notices', open), [toggle]);
  const onUserChange = useCallback((open: boolean) => toggle('user', open), [toggle]);

  // The coupon dialog is opened for one user; logging out (or in as someone else) closes it.
  const [couponFor, setCouponFor] = useState<string | null>(null);
  const [couponWanted, setCouponWanted] = useState(false);
  const [sessionUser, setSessionUser] = useState(user?._id);
  if (sessionUser !== user?._id) {
    setSessionUser(user?._id);
    setCouponFor(null);
  }
  const couponOpen = Boolean(user) && couponFor === user?._id;
  const openCoupon = (userId: string) => {
    setCouponWanted(true);
    setCouponFor(userId);
  };

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Flex
        maxW={backOffice ? '8xl' : '6xl'}
        mx="auto"
        px={{ base: '2', md: '6' }}
        h="14"
        align="center"
        gap={{ base: '1', md: '3' }}
      >
        <Link href="#/" flexShrink={0} aria-label={frameMessages.home} me={{ base: '1', md: '0' }}>
          <Image src="/logo.png" alt="logo" boxSize="8" />
        </Link>
        <MainMenu
          entries={entries}
          pathname={menuPath}
          onIntent={(entry) => prefetchRemote(entry.remote, isStaff)}
          badges={badges}
        />
        <HStack flexShrink={0} gap="0.5">
          {user ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                display={{ base: 'none', md: 'inline-flex' }}
                onPointerEnter={preloadCouponDialog}
                onFocus={preloadCouponDialog}
                onClick={() => openCoupon(user._id)}
              >
                {frameMessages.coupon.open}
              </Button>
              <NoticeDropdown open={isOpen('notices')} onOpenChange={onNoticesChange} notices={notices} />
              <UserMenu
                user={user}
                open={isOpen('user')}
                onOpenChange={onUserChange}
                onRedeemCouponIntent={preloadCouponDialog}
                onRedeemCoupon={() => openCoupon(user._id)}
              />
            </>
          ) : status === 'ready' ? (
            <Button asChild size="sm" colorPalette="brand">
              <NavLink to="/login">{frameMessages.login}</NavLink>
            </Button>
          ) : (
            <Skeleton boxSize="8" borderRadius="full" aria-label={frameMessages.loading} />
          )}
        </HStack>
      </Flex>
      {user && couponWanted && (
        <LazyBoundary onError={() => setCouponWanted(false)}>
          <Suspense fallback={null}>
            <CouponDialog open={couponOpen} onOpenChange={(open) => setCouponFor(open ? user._id : null)} />
          </Suspense>
        </LazyBoundary>
      )}
    </Box>
  );
}
