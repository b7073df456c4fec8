import { useCallback } from 'react';
import { Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallData, useSignedInPage } from '@portal/platform';
import { RegionError, SessionFailed } from '@portal/ui';
import { chargeList } from '../features/wallet/api/charge-list';
import { myWallet } from '../features/wallet/api/my-wallet';
import { spendList } from '../features/wallet/api/spend-list';
import { AddressForm } from '../features/wallet/components/address-form';
import { BalanceCard } from '../features/wallet/components/balance-card';
import { SpendRecords, WithdrawalRecords } from '../features/wallet/components/wallet-records';
import { walletLabels as t } from '../features/wallet/wallet-labels';

/**
 * Two columns once the page's own area is this wide: a container query rather than a media query,
 * since the shell decides how wide this remote's area is, not the viewport.
 */
const twoColumnsFrom = (width: string) => ({
  [`@container (min-width: ${width})`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
});

/**
 * /wallet (spec-2 §2): balance and withdraw, the withdrawal account, and the records (withdrawals
 * and the wallet ledger). Signed-in users only: a visitor gets the login prompt.
 */
export default function WalletPage() {
  const session = useSignedInPage();
  const { user } = session;
  const sessionReady = session.state !== 'loading';
  const signedIn = user !== null;

  const wallet = useCallData(myWallet, { enabled: signedIn });
  const withdrawals = useCallData(chargeList, { enabled: signedIn, valid: Array.isArray });
  const spends = useCallData(spendList, { enabled: signedIn, valid: Array.isArray });
  const { retry: retryWallet, update: updateWallet } = wallet;
  const { retry: retryWithdrawals } = withdrawals;
  const { retry: retrySpends } = spends;

  const reloadAll = useCallback(() => {
    retryWallet();
    retryWithdrawals();
    retrySpends();
  }, [retryWallet, retryWithdrawals, retrySpends]);

  return (
    <Stack
      gap="5"
      px={{ base: '3', md: '6' }}
      py={{ base: '4', md: '6' }}
      maxW="5xl"
      mx="auto"
      w="full"
      minW="0"
      css={{ containerType: 'inline-size' }}
    >
      <Heading size="lg">{t.title}</Heading>
      {session.state === 'visitor' && <Text color="fg.muted">{t.loginNeeded}</Text>}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {(signedIn || !sessionReady) && wallet.state.status === 'loading' && (
        <Stack gap="3" aria-busy="true" data-testid="wallet-loading">
          <Skeleton height="112px" borderRadius="l2" />
          <Skeleton height="220px" borderRadius="l2" />
        </Stack>
      )}
      {wallet.state.status === 'error' && (
        <RegionError title={t.loadFailed} detail={wallet.state.message} onRetry={retryWallet} />
      )}
      {wallet.state.status === 'ready' && (
        <SimpleGrid columns={1} gap="4" alignItems="start" css={twoColumnsFrom('40em')}>
          <BalanceCard wallet={wallet.state.data} onWithdrawn={reloadAll} />
          <AddressForm wallet={wallet.state.data} onSaved={(saved) => updateWallet((w) => ({ ...w, ...saved }))} />
        </SimpleGrid>
      )}
      {signedIn && (
        <SimpleGrid columns={1} gap="5" alignItems="start" css={twoColumnsFrom('60em')}>
          <WithdrawalRecords state={withdrawals.state} retry={retryWithdrawals} />
          <SpendRecords state={spends.state} retry={retrySpends} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
