import { useState } from 'react';
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { toastMs, type Wallet } from '@portal/contracts';
import { notify } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { formatBalance, shopCreditOf, withdrawRefusal } from '../lib/withdraw-rules';
import { walletLabels as t } from '../wallet-labels';

const WithdrawDialog = lazyDialog(() => import('./withdraw-dialog'));

/**
 * The balance (3 decimals), apart its withdrawable money and its shop credit, and the withdraw
 * button: the spec's checks on the withdrawable money, then the confirm dialog.
 */
export function BalanceCard({ wallet, onWithdrawn }: { wallet: Wallet; onWithdrawn: () => void }) {
  const [confirming, setConfirming] = useState(false);

  function withdraw() {
    const refusal = withdrawRefusal(wallet);
    if (refusal) return notify({ kind: 'error', title: refusal, durationMs: toastMs.short });
    setConfirming(true);
  }

  return (
    <Card.Root size="sm" data-testid="wallet-balance-card">
      <Card.Body>
        <HStack justify="space-between" align="flex-end" gap="3" flexWrap="wrap">
          <Stack gap="1" minW="0">
            <Text fontSize="sm" color="fg.muted">
              {t.balance}
            </Text>
            <Text fontSize="3xl" fontWeight="bold" data-testid="wallet-balance">
              {formatBalance(wallet.money)}
            </Text>
            <HStack gap="4" flexWrap="wrap" fontSize="sm">
              <Text>
                <Text as="span" color="fg.muted">
                  {t.withdrawable}{' '}
                </Text>
                <Text as="span" fontWeight="semibold" data-testid="wallet-withdrawable">
                  {formatBalance(wallet.withdrawable_money)}
                </Text>
              </Text>
              <Text>
                <Text as="span" color="fg.muted">
                  {t.shopCredit}{' '}
                </Text>
                <Text as="span" fontWeight="semibold" data-testid="wallet-shop-credit">
                  {formatBalance(shopCreditOf(wallet))}
                </Text>
              </Text>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {t.minimum(wallet.min_charge_money)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t.shopCreditHint}
            </Text>
          </Stack>
          <Button colorPalette="brand" onClick={withdraw} onPointerEnter={WithdrawDialog.preload}>
            {t.withdraw}
          </Button>
        </HStack>
      </Card.Body>
      {confirming && <WithdrawDialog wallet={wallet} onClose={() => setConfirming(false)} onDone={onWithdrawn} />}
    </Card.Root>
  );
}
