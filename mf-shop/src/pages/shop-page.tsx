import { Navigate } from 'react-router';
import { Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Combo } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { useCallData, usePortal } from '@portal/platform';
import { EmptyState, lazyDialog, RegionError } from '@portal/ui';
import { shopList } from '../features/shop/api/shop-list';
import { ComboCard } from '../features/shop/components/combo-card';
import { ShopNotes } from '../features/shop/components/shop-notes';
import { usePurchase } from '../features/shop/hooks/use-purchase';

const OrderConfirmDialog = lazyDialog(() => import('../features/shop/components/order-confirm-dialog'));
const PaymentDialog = lazyDialog(() => import('../features/shop/components/payment-dialog'));

const byOrderId = (a: Combo, b: Combo) => a.orderID - b.orderID;

/** As many card columns as fit the page's area (one on a phone), whatever the viewport. */
const CARD_MIN_WIDTH = '16rem';

/** /shop: the products as cards, the note block, and the purchase flow (spec-2 §2, §4). */
export default function ShopPage() {
  const isAgency = usePortal((s) => s.isAgency);
  const { state, retry } = useCallData(shopList, { enabled: !isAgency, valid: Array.isArray });
  // Each dialog's chunk is fetched while the call that opens it is on its way.
  const purchase = usePurchase({ onBeforeCreate: OrderConfirmDialog.preload, onBeforePay: PaymentDialog.preload });
  const { step } = purchase;

  // Agency users have no shop (spec-2 §6); the shell redirects too, this covers standalone use.
  if (isAgency) return <Navigate to="/" replace />;

  return (
    <Stack gap={{ base: '4', md: '6' }} width="full" maxW="6xl" mx="auto" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {shopLabels.shop.title}
        </Heading>
        <Text color="fg.muted">{shopLabels.shop.subtitle}</Text>
      </Stack>

      {state.status === 'loading' && (
        <SimpleGrid minChildWidth={CARD_MIN_WIDTH} gap="4" data-testid="shop-loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="72" borderRadius="l3" />
          ))}
        </SimpleGrid>
      )}
      {state.status === 'error' && (
        <RegionError title={shopLabels.shop.loadFailed} detail={state.message} onRetry={retry} />
      )}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState />}
      {state.status === 'ready' && state.data.length > 0 && (
        <SimpleGrid minChildWidth={CARD_MIN_WIDTH} gap="4" data-testid="combo-list">
          {[...state.data].sort(byOrderId).map((combo) => (
            <ComboCard
              key={combo._id}
              combo={combo}
              onBuy={(c) => void purchase.buy(c)}
              busy={purchase.creating === combo._id}
              disabled={purchase.creating !== null}
            />
          ))}
        </SimpleGrid>
      )}

      <ShopNotes />

      {step.name === 'confirm' && (
        <OrderConfirmDialog
          order={step.order}
          onOrderChange={purchase.updateOrder}
          onPay={purchase.pay}
          onClose={() => purchase.dismissConfirm(step.order)}
        />
      )}
      {step.name === 'paying' && (
        <PaymentDialog
          view={step.view}
          tradeId={step.payment._id}
          amount={step.payment.request_pay_amound}
          expireTime={step.payment.expire_time}
          onClose={purchase.closePayment}
          onPaid={purchase.paid}
          onTradeClosed={purchase.tradeClosed}
        />
      )}
    </Stack>
  );
}
