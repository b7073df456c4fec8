import { Button, HStack } from '@chakra-ui/react';
import type { Order } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { isUnpaid } from '../lib/order-status';

export interface OrderActionHandlers {
  onFeedback: (order: Order) => void;
  onDetail: (order: Order) => void;
  onCancel: (order: Order) => void;
  /** Id of the order whose cancellation is on its way. */
  cancelling: string | null;
}

/** 反馈, 详情, and 取消 for unpaid orders only (spec-2 §4). */
export function OrderActions({
  order,
  onFeedback,
  onDetail,
  onCancel,
  cancelling,
}: { order: Order } & OrderActionHandlers) {
  const t = shopLabels.orders;
  return (
    <HStack gap="1" flexWrap="wrap" role="group" aria-label={t.actionsOf(order.desc)}>
      <Button size="xs" variant="outline" onClick={() => onFeedback(order)}>
        {t.feedback}
      </Button>
      <Button size="xs" variant="outline" onClick={() => onDetail(order)}>
        {t.detail}
      </Button>
      {isUnpaid(order.status) && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          loading={cancelling === order._id}
          disabled={cancelling !== null && cancelling !== order._id}
          onClick={() => onCancel(order)}
        >
          {t.cancel}
        </Button>
      )}
    </HStack>
  );
}
