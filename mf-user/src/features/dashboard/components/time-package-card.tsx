import { lazy, Suspense, type ComponentType } from 'react';
import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { userMessages, type UserInfo } from '@portal/contracts';
import {
  dailyLimit,
  dailyRemainingBytes,
  dailyUsagePercent,
  formatGB,
  hasTimePackage,
  remainingDays,
} from '../lib/figures';

// The bar's state machine is fetched only for users with a time package; if it cannot be
// fetched the card keeps its figures, which say the same.
const UsageBar = lazy<ComponentType<{ percent: number }>>(() =>
  import('./usage-bar').catch(() => ({ default: () => null })),
);

type TimePackageUser = Pick<UserInfo, 'vipExpireTime' | 'limit' | 'dailyTimePackageUsage'>;

/** Shown only while the time package runs: days left, today's allowance left and a usage bar. */
export function TimePackageCard({ user, now }: { user: TimePackageUser; now: number }) {
  if (!hasTimePackage(user.vipExpireTime, now)) return null;
  const usage = user.dailyTimePackageUsage;
  const percent = dailyUsagePercent(user.limit, usage);
  return (
    <Card.Root data-testid="time-package-card" size="sm">
      <Card.Header>
        <Card.Title as="h2">{userMessages.timePackage.title}</Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        <HStack justify="space-between" align="baseline" gap="4" flexWrap="wrap">
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {userMessages.timePackage.remainingDays}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" data-testid="time-package-days">
              {userMessages.timePackage.days(remainingDays(user.vipExpireTime, now))}
            </Text>
          </Stack>
          <Stack gap="0" textAlign="right">
            <Text fontSize="sm" color="fg.muted">
              {userMessages.timePackage.dailyRemaining}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" data-testid="time-package-daily-remaining">
              {formatGB(dailyRemainingBytes(user.limit, usage))} GB
            </Text>
          </Stack>
        </HStack>
        <Suspense fallback={<Box height="2" borderRadius="l1" bg="bg.muted" />}>
          <UsageBar percent={percent} />
        </Suspense>
        <Text fontSize="xs" color="fg.muted">
          {userMessages.timePackage.dailyUsed(formatGB(Math.max(0, usage)), formatGB(dailyLimit(user.limit)))}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
