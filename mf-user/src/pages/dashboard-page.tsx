import { lazy, Suspense, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, HStack, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { userMessages, type UserInfo } from '@portal/contracts';
import { usePageSession, usePortal } from '@portal/platform';
import { SessionFailed } from '@portal/ui';
import { PromoBlock } from '../features/dashboard/components/promo-block';
import { PurchaseModal } from '../features/dashboard/components/purchase-modal';
import { StartUsingCard } from '../features/dashboard/components/start-using-card';
import { TimePackageCard } from '../features/dashboard/components/time-package-card';
import { TrafficCard } from '../features/dashboard/components/traffic-card';
import { usePreferredDomainSwitch } from '../features/dashboard/hooks/use-preferred-domain';
import { hasTimePackage } from '../features/dashboard/lib/figures';
import { SignUseCard } from '../features/sign-use/components/sign-use-card';
import { SubscriptionCard } from '../features/subscription/components/subscription-card';
import { useNow } from '../lib/time';

/** Signed-in users only: its own small chunk, so the visitor's first page does not grow. */
const LotteryCard = lazy<ComponentType>(() =>
  import(/* webpackChunkName: "lottery-card" */ '../features/lottery/components/lottery-card').catch(
    // A chunk that cannot be fetched (a redeploy, the network) leaves the card out, not the page.
    () => ({ default: () => null }),
  ),
);

/** Start-use dashboard on / and /tutorial (spec-1 §2). */
export default function DashboardPage() {
  // A visitor sees the dashboard too (spec-1 §2): no redirect here.
  const session = usePageSession();
  const { user } = session;
  const isAgency = usePortal((s) => s.isAgency);
  const now = useNow();
  const domainSwitch = usePreferredDomainSwitch();
  const loading = session.state === 'loading';
  const failed = session.state === 'failed';

  return (
    <Stack gap={{ base: '4', md: '6' }} width="full" maxW="5xl" mx="auto" minW="0">
      <Box>
        <Heading as="h1" size="xl" mb="1">
          {userMessages.dashboard.title}
        </Heading>
        {loading ? <Skeleton height="5" width="56" /> : <AccountLine user={user} isAgency={isAgency} />}
      </Box>

      {loading && <FigureSkeletons />}
      {failed && <SessionFailed onRetry={session.retry} />}
      {!loading && !failed && (
        <SimpleGrid columns={{ base: 1, md: user && hasTimePackage(user.vipExpireTime, now) ? 3 : 2 }} gap="4">
          {user && <TimePackageCard user={user} now={now} />}
          <TrafficCard user={user} isAgency={isAgency} />
          <SignUseCard user={user} />
        </SimpleGrid>
      )}

      {user && (
        <Suspense fallback={null}>
          <LotteryCard />
        </Suspense>
      )}
      {user && !isAgency && <PromoBlock />}
      <StartUsingCard />
      <SubscriptionCard />
      <PurchaseModal />
      {domainSwitch && (
        <Box hidden data-testid="prefer-domain-switch" data-host={domainSwitch.host} data-url={domainSwitch.url} />
      )}
    </Stack>
  );
}

function AccountLine({ user, isAgency }: { user: UserInfo | null; isAgency: boolean }) {
  if (user) {
    return (
      <Text color="fg.muted" data-testid="dashboard-account" wordBreak="break-all">
        {userMessages.dashboard.account(user.email)}
      </Text>
    );
  }
  return (
    <HStack gap="3" flexWrap="wrap">
      <Text color="fg.muted" data-testid="dashboard-account">
        {userMessages.dashboard.visitorPrompt}
      </Text>
      <HStack gap="2">
        <Button asChild size="xs" colorPalette="brand">
          <RouterLink to="/login">{userMessages.dashboard.login}</RouterLink>
        </Button>
        {!isAgency && (
          <Button asChild size="xs" variant="outline" colorPalette="brand">
            <RouterLink to="/register">{userMessages.dashboard.register}</RouterLink>
          </Button>
        )}
      </HStack>
    </HStack>
  );
}

function FigureSkeletons() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-busy="true" aria-label="加载中...">
      {[0, 1].map((n) => (
        <Card.Root key={n} size="sm">
          <Card.Body gap="3">
            <Skeleton height="5" width="40%" />
            <Skeleton height="8" width="60%" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
