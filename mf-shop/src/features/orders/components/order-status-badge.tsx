import { Badge } from '@chakra-ui/react';
import { statusColour, statusLabel } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusColour(status)} data-testid="order-status" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
