import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { shopMessages, toastMs, type Order } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { hasSessionMarker, notify, useCallData, usePortal, useSession } from '@portal/platform';
import { EmptyState, lazyDialog, RegionError } from '@portal/ui';
import { orderList } from '../features/orders/api/order-list';
import type { FeedbackDialog as FeedbackDialogView } from '../features/orders/components/feedback-dialog';
import type { OrderDetailDialog as OrderDetailDialogView } from '../features/orders/components/order-detail-dialog';
import { OrderFilter } from '../features/orders/components/order-filter';
import { OrderList } from '../features/orders/components/order-list';
import { useCancelOrder } from '../features/orders/hooks/use-cancel-order';
import {
  matchesFilter,
  newestFirst,
  parseFilter,
  type OrderFilter as Filter,
} from '../features/orders/lib/order-status';
import { purchaseReturnParam } from '../lib/purchase-return';

const t = shopLabels.orders;

const FeedbackDialog = lazyDialog<ComponentProps<typeof FeedbackDialogView>>(() =>
  import('../features/orders/components/feedback-dialog').then((m) => ({ default: m.FeedbackDialog })),
);
const OrderDetailDialog = lazyDialog<ComponentProps<typeof OrderDetailDialogView>>(() =>
  import('../features/orders/components/order-detail-dialog').then((m) => ({ default: m.OrderDetailDialog })),
);

/**
 * Shows the purchase-success toast when a payment provider sent the browser back here with a
 * `{product}_pay` parameter, refreshes the user info, and drops the parameter so that a reload
 * does not say it again.
 */
function usePurchaseReturn() {
  const [params, setParams] = useSearchParams();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const key = purchaseReturnParam(params);
    if (!key || shown.current === key) return;
    shown.current = key;
    // After this commit: opened directly (standalone, a story) the toaster mounts in the same
    // commit as this page and would miss a toast raised from this effect.
    setTimeout(() => notify({ kind: 'success', title: shopMessages.purchaseSuccess, durationMs: toastMs.medium }));
    void useSession.getState().refresh();
    const next = new URLSearchParams(params);
    next.delete(key);
    setParams(next, { replace: true });
  }, [params, setParams]);
}

/** /order: the user's orders with a filter, detail, feedback and cancel (spec-2 "Order list"). */
export default function OrderPage() {
  const isAgency = usePortal((s) => s.isAgency);
  const signedIn = useSession((s) => s.user !== null) || hasSessionMarker();
  const { state, retry, update } = useCallData(orderList, { enabled: signedIn && !isAgency, valid: Array.isArray });
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const [feedbackFor, setFeedbackFor] = useState<Order | null>(null);
  const [detailOf, setDetailOf] = useState<Order | null>(null);
  const changeOrder = (id: string, change: Partial<Order>) =>
    update((orders) => orders.map((o) => (o._id === id ? { ...o, ...change } : o)));
  const { cancelling, cancel } = useCancelOrder((order) => changeOrder(order._id, { status: 'cancled' }));
  usePurchaseReturn();

  if (isAgency) return <Navigate to="/" replace />;

  function chooseFilter(next: Filter) {
    const nextParams = new URLSearchParams(params);
    if (next === 'all') nextParams.delete('filter');
    else nextParams.set('filter', next);
    setParams(nextParams, { replace: true });
  }

  const shown = state.status === 'ready' ? newestFirst(state.data).filter((o) => matchesFilter(o, filter)) : [];
  return (
    <Stack gap={{ base: '4', md: '5' }} width="full" maxW="6xl" mx="auto" minW="0">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      {!signedIn ? (
        <Box borderWidth="1px" borderRadius="l2" bg="bg" p="6" textAlign="center" data-testid="order-login">
          <Text mb="3">{t.loginPrompt}</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/login">{t.login}</RouterLink>
          </Button>
        </Box>
      ) : (
        <>
          <OrderFilter value={filter} onChange={chooseFilter} />
          {state.status === 'loading' && (
            <Stack gap="2" data-testid="order-loading" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="14" borderRadius="l2" />
              ))}
            </Stack>
          )}
          {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
          {state.status === 'ready' && shown.length === 0 && <EmptyState />}
          {shown.length > 0 && (
            <OrderList
              orders={shown}
              onFeedback={setFeedbackFor}
              onDetail={setDetailOf}
              onCancel={(order) => void cancel(order)}
              cancelling={cancelling}
            />
          )}
        </>
      )}
      {feedbackFor && (
        <FeedbackDialog
          order={feedbackFor}
          onClose={() => setFeedbackFor(null)}
          onSent={(order, msg) => changeOrder(order._id, { user_feedback: msg })}
        />
      )}
      {detailOf && <OrderDetailDialog order={detailOf} onClose={() => setDetailOf(null)} />}
    </Stack>
  );
}
