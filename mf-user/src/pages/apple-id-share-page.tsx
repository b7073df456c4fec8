import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Heading, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { toastMs } from '@portal/contracts';
import { notify, usePageSession, usePortal } from '@portal/platform';
import { EmptyState, RegionError, SessionFailed } from '@portal/ui';
import { appleIdLabels as t } from '../features/apple-id/apple-id-labels';
import { AppleIdCard } from '../features/apple-id/components/apple-id-card';
import { useAppleIds } from '../features/apple-id/components/use-apple-ids';

const twoColumnsFrom = (width: string) => ({
  [`@container (min-width: ${width})`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
});

/** A notice in the page (the spec's refusals stay visible after their toast is gone). */
function Notice({ text, testId, children }: { text: string; testId: string; children?: ReactNode }) {
  return (
    <Stack gap="3" p="4" borderWidth="1px" borderRadius="l2" bg="bg.muted" role="alert" data-testid={testId}>
      <Text>{text}</Text>
      {children}
    </Stack>
  );
}

/**
 * /apple_id_share (spec-2 §2, spec-1 §4-§6): shared Apple ID accounts for paying users only. The
 * BFF decides who gets them; a visitor is asked to log in first, a non-paid user is told why.
 */
export default function AppleIdSharePage() {
  const session = usePageSession();
  const { user } = session;
  const agency = usePortal((s) => s.isAgency);
  const signedIn = user !== null;
  const visitor = session.state === 'visitor';
  const { state, retry } = useAppleIds(signedIn);

  useEffect(() => {
    if (visitor) notify({ kind: 'error', title: t.messages.loginFirst, durationMs: toastMs.short });
  }, [visitor]);

  return (
    <Stack
      gap="4"
      px={{ base: '3', md: '6' }}
      py={{ base: '4', md: '6' }}
      maxW="5xl"
      mx="auto"
      w="full"
      minW="0"
      css={{ containerType: 'inline-size' }}
      data-testid="apple-id-page"
    >
      <Heading size="lg">{t.title}</Heading>
      {visitor && (
        <Notice text={t.messages.loginFirst} testId="apple-id-login-first">
          <Button asChild colorPalette="brand" alignSelf="flex-start" size="sm">
            <RouterLink to="/login">{t.login}</RouterLink>
          </Button>
        </Notice>
      )}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {(signedIn || session.state === 'loading') && state.status === 'loading' && (
        <SimpleGrid columns={1} gap="3" aria-busy="true" data-testid="apple-id-loading" css={twoColumnsFrom('40em')}>
          <Skeleton height="180px" borderRadius="l2" />
          <Skeleton height="180px" borderRadius="l2" />
        </SimpleGrid>
      )}
      {signedIn && state.status === 'paidOnly' && (
        <Notice text={t.messages.paidOnly} testId="apple-id-paid-only">
          {!agency && !user.is_agency_user && (
            <Button asChild colorPalette="brand" alignSelf="flex-start" size="sm">
              <RouterLink to="/shop">{t.shop}</RouterLink>
            </Button>
          )}
        </Notice>
      )}
      {signedIn && state.status === 'error' && (
        <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />
      )}
      {signedIn && state.status === 'ready' && (
        <>
          <Box>
            <Text>{t.intro}</Text>
            <Text fontSize="sm" color="orange.fg">
              {t.warning}
            </Text>
          </Box>
          {state.accounts.length === 0 ? (
            <EmptyState />
          ) : (
            <SimpleGrid columns={1} gap="3" alignItems="start" css={twoColumnsFrom('40em')}>
              {state.accounts.map((account, index) => (
                <AppleIdCard key={`${index}-${account.account}`} account={account} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      <Link asChild colorPalette="brand" fontSize="sm">
        <RouterLink to="/apple_id_signup_guide">{t.guide}</RouterLink>
      </Link>
    </Stack>
  );
}
