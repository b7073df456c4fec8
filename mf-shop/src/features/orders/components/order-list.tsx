import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { Order } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { formatDateTime, formatYuan } from '@portal/platform';
import { gainedText, paidAmount } from '../lib/order-status';
import { OrderActions, type OrderActionHandlers } from './order-actions';
import { OrderStatusBadge } from './order-status-badge';

const t = shopLabels.orders;

/** The md breakpoint (48em): from this width of the list's own area up, a table. */
const WIDE = '@container (min-width: 48em)';

/**
 * The orders as a table when the list's area is at least md wide and as cards below that (a
 * phone), both from the same rows; the hidden one is display:none, so it is out of the
 * accessibility tree. A container query rather than a media query: the shell decides how wide
 * this remote's area is, not the viewport.
 */
export function OrderList({ orders, ...actions }: { orders: Order[] } & OrderActionHandlers) {
  return (
    <Box css={{ containerType: 'inline-size' }}>
      <Box
        borderWidth="1px"
        borderRadius="l2"
        overflowX="auto"
        bg="bg"
        css={{ display: 'none', [WIDE]: { display: 'block' } }}
      >
        <Box as="table" width="full" fontSize="sm" data-testid="order-table" css={{ borderCollapse: 'collapse' }}>
          <Box as="thead" bg="bg.muted" textAlign="left">
            <tr>
              {[t.columns.purpose, t.columns.amount, t.columns.gained, t.columns.status, t.columns.actions].map(
                (label) => (
                  <Box as="th" key={label} px="3" py="2" fontWeight="semibold" whiteSpace="nowrap">
                    {label}
                  </Box>
                ),
              )}
            </tr>
          </Box>
          <tbody>
            {orders.map((order) => (
              <Box as="tr" key={order._id} borderTopWidth="1px" data-testid="order-row" data-order-id={order._id}>
                <Box as="td" px="3" py="2">
                  <Text fontWeight="medium">{order.desc}</Text>
                  <Text color="fg.muted" fontSize="xs">
                    {formatDateTime(order.create_time)}
                  </Text>
                </Box>
                <Box as="td" px="3" py="2" whiteSpace="nowrap">
                  ¥{formatYuan(paidAmount(order))}
                </Box>
                <Box as="td" px="3" py="2">
                  {gainedText(order)}
                </Box>
                <Box as="td" px="3" py="2">
                  <OrderStatusBadge status={order.status} />
                </Box>
                <Box as="td" px="3" py="2">
                  <OrderActions order={order} {...actions} />
                </Box>
              </Box>
            ))}
          </tbody>
        </Box>
      </Box>
      <Stack gap="3" data-testid="order-cards" css={{ [WIDE]: { display: 'none' } }}>
        {orders.map((order) => (
          <Card.Root key={order._id} size="sm" data-testid="order-card" data-order-id={order._id}>
            <Card.Body gap="2" fontSize="sm">
              <HStack justify="space-between" align="flex-start" gap="2">
                <Text fontWeight="semibold" minW="0" wordBreak="break-word">
                  {order.desc}
                </Text>
                <OrderStatusBadge status={order.status} />
              </HStack>
              <Text color="fg.muted" fontSize="xs">
                {formatDateTime(order.create_time)}
              </Text>
              <HStack justify="space-between" gap="2" flexWrap="wrap">
                <Text>
                  {t.columns.amount} ¥{formatYuan(paidAmount(order))}
                </Text>
                <Text>{gainedText(order)}</Text>
              </HStack>
              <OrderActions order={order} {...actions} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Box>
  );
}
